import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPE } from '../shared/types';
import { SPOT_EXCHANGE_ROUTE, tradePath } from './trade-paths';

/** A root whose routes are the given names and paths; href throws on any other name, as the shell's does. */
function rootWith(routes: Record<string, string>) {
  return {
    href(route: string) {
      const path = routes[route];
      if (path === undefined) throw new Error(`Unknown route ${route}`);
      return path;
    },
  };
}

describe('tradePath', () => {
  it('opens the spot exchange page on the pair, not the full-screen page', () => {
    const root = rootWith({ [SPOT_EXCHANGE_ROUTE]: '/exchange/index', 'spot.fullScreen': '/exchange/full-screen/:type' });
    expect(tradePath(root, { symbol_name: 'BTC/USDT', contract_type: CONTRACT_TYPE.spot })).toBe('/exchange/index?symbol=BTC_USDT');
  });

  it('follows the path the site gives the route, and encodes the pair', () => {
    const root = rootWith({ [SPOT_EXCHANGE_ROUTE]: '/trade' });
    expect(tradePath(root, { symbol_name: 'A&B/USDT', contract_type: CONTRACT_TYPE.spot })).toBe('/trade?symbol=A%26B_USDT');
  });

  it('falls back to /exchange/index on a site without the spot plugin', () => {
    expect(tradePath(rootWith({}), { symbol_name: 'DOGE/USDT', contract_type: CONTRACT_TYPE.spot })).toBe('/exchange/index?symbol=DOGE_USDT');
  });

  it('opens the contract screen of a USDT-M or Coin-M contract', () => {
    const root = rootWith({ [SPOT_EXCHANGE_ROUTE]: '/exchange/index' });
    expect(tradePath(root, { symbol_name: 'BTC/USDT', contract_type: CONTRACT_TYPE.ubw })).toBe('/exchange/full-contract/BTC_USDT');
    expect(tradePath(root, { symbol_name: 'BTC/USD', contract_type: CONTRACT_TYPE.bbw })).toBe('/exchange/full-contract/BTC_USD');
  });
});
