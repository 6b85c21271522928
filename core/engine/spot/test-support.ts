// Shared fixtures of the spot engine's tests.
import type { LedgerCommand } from '../ledger/commands';
import { LedgerEngine } from '../ledger/engine';
import type { CommandResult } from '../ledger/events';
import { SpotEngine } from './engine';
import type { PlaceSpotOrder, SpotMarketConfig } from './types';

export const AT = 1_700_000_000_000;

/** BTC at 8 decimals traded in lots of 0.0001 (qtyScale 6), USDT at 6, prices in cents. */
export const BTCUSDT: SpotMarketConfig = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  priceScale: 2,
  qtyScale: 6,
  tickSize: '0.01',
  lotSize: '0.0001',
  minNotional: '1',
  feeTiers: [{ makerPpm: 1000, takerPpm: 2000 }],
  selfTrade: 'cancelResting',
};

/**
 * A ledger that keeps every result its own commands returned, so a test can rebuild a twin (restore takes
 * balances and results; the spot engine's steps are its own and come back with it).
 */
export class RecordingLedger extends LedgerEngine {
  readonly recorded: CommandResult[] = [];

  override apply(command: LedgerCommand): CommandResult {
    return this.keep(super.apply(command));
  }

  private keep(result: CommandResult): CommandResult {
    if (result.seq > 0 && !result.duplicate) this.recorded.push(result);
    return result;
  }

  /** An independent ledger with the same balances and recorded ids. */
  twin(): RecordingLedger {
    const copy = new RecordingLedger(this.currencies);
    copy.restore([...this.entries()].map(([key, balance]) => [key, { ...balance }]), this.recorded);
    copy.recorded.push(...this.recorded);
    return copy;
  }
}

export function newSpot(funds: Record<string, { BTC?: string; USDT?: string }> = {}, options: { idGeneration?: number } = {}): SpotEngine {
  const ledger = new RecordingLedger([
    { code: 'BTC', scale: 8 },
    { code: 'USDT', scale: 6 },
  ]);
  let n = 0;
  for (const [userId, amounts] of Object.entries(funds)) {
    for (const [currency, amount] of Object.entries(amounts)) {
      const result = ledger.apply({ kind: 'depositCredit', id: `dep${++n}`, at: AT, userId, currency, amount: amount! });
      if (!result.ok) throw new Error(`deposit failed: ${result.reason}`);
    }
  }
  const spot = new SpotEngine(ledger, options);
  const added = spot.apply({ kind: 'addMarket', id: 'market-btc', at: AT, market: BTCUSDT });
  if (!added.ok) throw new Error(`addMarket failed: ${added.reason} ${added.field}`);
  return spot;
}

let counter = 0;
export function order(userId: string, fields: Partial<PlaceSpotOrder>): PlaceSpotOrder {
  return { kind: 'placeOrder', id: `o${++counter}`, at: AT, userId, symbol: 'BTCUSDT', side: 'buy', type: 'limit', ...fields };
}

/** available / frozen of a user's coin account as decimal strings. */
export function funds(spot: SpotEngine, userId: string, currency: string): [string, string] {
  const balance = spot.ledger.userBalance(userId, 'coin', currency);
  return [spot.ledger.currencies.format(currency, balance.available), spot.ledger.currencies.format(currency, balance.frozen)];
}
