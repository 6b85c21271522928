import { describe, expect, it } from 'vitest';
import { CONTRACT_TYPE } from '../shared/types';
import { fillPath } from '../../../core/web/registry/route-path';
import { CONTRACT_EXCHANGE_ROUTE, SPOT_EXCHANGE_ROUTE, tradePath, tradesContracts } from './trade-paths';

/** A root whose routes are the given names and patterns; href fills them and throws on any other name, as the shell's does. */
function rootWith(routes: Record<string, string>) {
  return {
    href(route: string, params?: Record<string, string>) {
      const pattern = routes[route];
      if (pattern === undefined) throw new Error(`Unknown route ${route}`);
      return fillPath(pattern, params);
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

  it('opens no page for a contract on a site without a contract trading page', () => {
    const root = rootWith({ [SPOT_EXCHANGE_ROUTE]: '/exchange/index' });
    expect(tradesContracts(root)).toBe(false);
    expect(tradePath(root, { symbol_name: 'BTC/USDT', contract_type: CONTRACT_TYPE.ubw })).toBeNull();
    expect(tradePath(root, { symbol_name: 'BTC/USD', contract_type: CONTRACT_TYPE.bbw })).toBeNull();
  });

  it('opens the contract trading page of a USDT-M or Coin-M contract, the pair in the path or the query', () => {
    const inPath = rootWith({ [CONTRACT_EXCHANGE_ROUTE]: '/exchange/full-contract/:symbol' });
    expect(tradesContracts(inPath)).toBe(true);
    expect(tradePath(inPath, { symbol_name: 'BTC/USDT', contract_type: CONTRACT_TYPE.ubw })).toBe('/exchange/full-contract/BTC_USDT');
    expect(tradePath(inPath, { symbol_name: 'BTC/USD', contract_type: CONTRACT_TYPE.bbw })).toBe('/exchange/full-contract/BTC_USD');
    const inQuery = rootWith({ [CONTRACT_EXCHANGE_ROUTE]: '/contracts' });
    expect(tradesContracts(inQuery)).toBe(true);
    expect(tradePath(inQuery, { symbol_name: 'BTC/USD', contract_type: CONTRACT_TYPE.bbw })).toBe('/contracts?symbol=BTC_USD');
    // Spot pairs still open the spot exchange page.
    expect(tradePath(inQuery, { symbol_name: 'BTC/USDT', contract_type: CONTRACT_TYPE.spot })).toBe('/exchange/index?symbol=BTC_USDT');
  });
});
