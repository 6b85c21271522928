import { useEffect } from 'react';
import { PageSpinner, useRoot } from '../../../../core/web';
import { ACCOUNT_INFO_ROUTE } from '../route-names';

/** /account/center opens the info page (spec §2). */
export default function AccountCenterRedirect() {
  const root = useRoot();
  useEffect(() => {
    root.navigate(root.href(ACCOUNT_INFO_ROUTE), { replace: true });
  }, [root]);
  return <PageSpinner />;
}
