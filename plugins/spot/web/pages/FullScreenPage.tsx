import { useRoot } from '../../../../core/web';
import { ExchangeScreen } from '../components/ExchangeScreen';
import { SPOT_ROUTES } from '../ids';

/** /exchange/full-screen/{pair}: the trading screen without header and footer (pair BTC_USDT). */
export default function FullScreenPage({ params }: { params: Record<string, string> }) {
  const root = useRoot();
  return <ExchangeScreen fullScreen path={params.type ?? null} onSelect={(type) => root.navigate(root.href(SPOT_ROUTES.fullScreen, { type }))} />;
}
