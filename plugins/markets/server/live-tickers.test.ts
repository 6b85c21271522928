import { describe, expect, it } from 'vitest';
import type { MarketRow } from '../shared/types';
import { toTickerRow } from '../shared/service';
import { LiveTickers, withLiveTicker } from './live-tickers';

const stored: MarketRow = {
  symbol_name: 'BTC/USDT',
  coin_symbol: 'BTC',
  quote_symbol: 'USDT',
  contract_type: 0,
  close: '67250.15',
  zdf: '2.35',
  high: '67980',
  low: '65412.3',
  amount: '1240925390.11',
  vol: '18452.381',
  avatar: '/static/coins/btc.svg',
  part_cou: '/static/coins/btc.svg',
  full_cou: '/static/coins/btc.svg',
  is_new: 0,
  hot: 1,
  price_scale: 2,
  qty_scale: 6,
  demo: true,
  halted: false,
};
const ticker = { close: '70000', zdf: '-0.5', high: '71000', low: '69000', amount: '140000', vol: '2' };

describe('live tickers', () => {
  it('replace every ticker column and the demo flag, keeping the rest of the row', () => {
    expect(withLiveTicker(stored, { ticker, demo: false })).toEqual({ ...stored, ...ticker, demo: false });
    expect(withLiveTicker({ ...stored, demo: false }, { ticker, demo: true }).demo).toBe(true);
    expect(withLiveTicker(stored, undefined)).toBe(stored);
  });

  it('belong to one pair and contract type', () => {
    const live = new LiveTickers();
    live.set('BTC/USDT', 1, { ticker, demo: false });
    expect(live.merge(stored)).toBe(stored);
    expect(live.merge({ ...stored, contract_type: 1 }).close).toBe('70000');
    live.set('BTC/USDT', 0, { ticker: { ...ticker, close: '70001' }, demo: false });
    expect(live.merge(stored).close).toBe('70001');
    expect(live.merge({ ...stored, symbol_name: 'ETH/USDT' })).toEqual({ ...stored, symbol_name: 'ETH/USDT' });
  });

  it('reduce a row to the ticker columns the topics carry', () => {
    const row = toTickerRow(stored);
    expect(Object.keys(row).sort()).toEqual(['amount', 'close', 'contract_type', 'demo', 'halted', 'high', 'low', 'symbol_name', 'vol', 'zdf']);
    expect(row).toMatchObject({ symbol_name: 'BTC/USDT', close: '67250.15', demo: true });
  });
});
