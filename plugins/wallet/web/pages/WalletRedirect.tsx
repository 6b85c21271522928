import { useEffect } from 'react';
import { PageSpinner, useRoot } from '../../../../core/web';
import { WALLET_ROUTES } from '../ids';

/** /account/wallet opens the assets page (spec §2). */
export default function WalletRedirect() {
  const root = useRoot();
  useEffect(() => {
    root.navigate(root.href(WALLET_ROUTES.assets), { replace: true });
  }, [root]);
  return <PageSpinner />;
}
