import { useSearch } from 'wouter';
import { useRoot } from '../../../../core/web';
import { ExchangeScreen } from '../components/ExchangeScreen';
import { SPOT_ROUTES } from '../ids';

/** /exchange/index?symbol=BTC_USDT (default: the first market listed). */
export default function ExchangePage() {
  const root = useRoot();
  const symbol = new URLSearchParams(useSearch()).get('symbol');
  return <ExchangeScreen path={symbol} onSelect={(path) => root.navigate(`${root.href(SPOT_ROUTES.exchange)}?symbol=${encodeURIComponent(path)}`)} />;
}
