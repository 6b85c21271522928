import type { AppliedSpotCommand, SpotAccepted, SpotCommand, SpotEngine, SpotResult } from '../../../core/engine';
import { ApiError, ERROR_CODES, type ServerContext } from '../../../core/server';
import { parseDecimal } from '../../../core/shared';
import type { MarketsService } from '../../markets/shared/service';
import type { SpotEngineAccess, WalletService } from '../../wallet/shared/service';
import { refreshTopic } from '../../wallet/shared/types';
import type { SpotRefreshMessage } from '../shared/types';
import { newSpotCommandId } from './command-id';
import { OrderHistory } from './history';
import { MarketFeed } from './market-feed';
import type { SpotMarketReader } from './market-reader';
import { rejectionError } from './orders';
import { marketFormat, type MarketFormat } from './views';

type Distribute<T> = T extends unknown ? Omit<T, 'id' | 'at'> : never;

/**
 * Spot commands replayed at start for the order history, fills, candles, tickers and recent trades: the newest
 * ones only, so that a start does not read the whole log (docs/engine-spot.md, "What a restart keeps").
 */
export const HISTORY_WINDOW = 100_000;

/**
 * The spot plugin's side of the shared sequence: submits commands through the wallet's ledger, keeps the order
 * history and the market data in step with the accepted ones and tells every affected member over realtime.
 */
export class SpotExchange {
  readonly history = new OrderHistory();
  private readonly access: SpotEngineAccess;
  private readonly feed: MarketFeed;
  /** Market formats by symbol, of engine `formatsOf` (a rebuilt engine starts over), until a market command is accepted. */
  private readonly formats = new Map<string, MarketFormat>();
  private formatsOf: SpotEngine | undefined;

  constructor(
    private readonly context: ServerContext,
    readonly wallet: WalletService,
    markets: MarketsService,
  ) {
    this.access = wallet.spot();
    this.feed = new MarketFeed({ context, engine: () => this.engine, wallet, markets });
  }

  /** Depth, recent trades, candles and tickers of the markets. */
  get marketData(): SpotMarketReader {
    return this.feed;
  }

  get engine(): SpotEngine {
    return this.access.engine();
  }

  /**
   * Rebuilds the history and the market data from the last HISTORY_WINDOW commands of the durable log (the
   * ledger is open: the wallet bootstraps first) — every market is known from its addMarket command, the open
   * orders placed earlier from the engine — then lists every market with its ticker in the market lists.
   */
  async load(window = HISTORY_WINDOW): Promise<void> {
    const from = Math.max(0, this.engine.lastSeq - window);
    // the last prices as the replayed commands leave them (unknown before a market's first trade in the window)
    const lastPrices = new Map<string, bigint>();
    const replay = (applied: AppliedSpotCommand) => {
      const { command, result } = applied;
      this.history.apply(applied, this.stopRising(command, (symbol) => lastPrices.get(symbol) ?? null));
      for (const trade of result.trades) lastPrices.set(trade.symbol, trade.price);
      this.feed.record(applied, false);
    };
    for await (const applied of this.access.marketsAdded(from)) replay(applied);
    for await (const applied of this.access.log(from)) replay(applied);
    const formats = new Map<string, MarketFormat>();
    const formatOf = (symbol: string) => formats.get(symbol) ?? formats.set(symbol, this.market(symbol)).get(symbol)!;
    this.history.addEarlier(this.engine.openOrders(), formatOf);
    await this.feed.listAll();
  }

  /** The USDT price of a currency from its CODE/USDT market's last trade (what balances are valued at), or undefined. */
  usdtPrice(currency: string): string | undefined {
    return this.feed.lastPrice(`${currency}/USDT`);
  }

  close(): void {
    this.feed.stop();
  }

  market(symbol: string): MarketFormat {
    const engine = this.engine;
    if (this.formatsOf !== engine) {
      this.formats.clear();
      this.formatsOf = engine;
    }
    let market = this.formats.get(symbol);
    if (!market) {
      market = marketFormat(engine, this.wallet, symbol);
      if (!market) throw new ApiError(ERROR_CODES.badRequest, 'spot:errUnknownMarket', { field: 'symbol' });
      this.formats.set(symbol, market);
    }
    return market;
  }

  /** Applies a command with a fresh id; a refusal is thrown as the request's 4xx (`side` names the funds field). */
  async apply(body: Distribute<SpotCommand>, side?: 'buy' | 'sell'): Promise<SpotAccepted> {
    const at = this.context.now().getTime();
    const command = { ...body, id: newSpotCommandId(at), at } as SpotCommand;
    const result = await this.submit(command);
    if (!result.ok) throw rejectionError(result, side);
    return result;
  }

  /** Submits a command as is (its own id: a repeat returns the first result and changes nothing). */
  async submit(command: SpotCommand): Promise<SpotResult> {
    const result = await this.access.submit(command);
    if (result.ok && !result.duplicate) {
      if (command.kind !== 'placeOrder' && command.kind !== 'cancelOrder') this.formats.clear();
      // placing a stop trades nothing: the engine's last price is still the one the stop was placed against
      this.history.apply({ command, result }, this.stopRising(command, (symbol) => this.engine.lastPrice(symbol)));
      this.feed.record({ command, result }, true);
      this.publish(command, result);
      if (command.kind === 'addMarket') await this.feed.list(command.market.symbol);
    }
    return result;
  }

  /** The book's rule for a new stop-limit's direction: rising when its trigger is at or above the last price. */
  private stopRising(command: SpotCommand, lastPrice: (symbol: string) => bigint | null): boolean | null {
    if (command.kind !== 'placeOrder' || command.type !== 'stopLimit' || command.trigger === undefined) return null;
    const last = lastPrice(command.symbol);
    if (last === null) return command.side === 'buy';
    return parseDecimal(command.trigger, this.market(command.symbol).config.priceScale) >= last;
  }

  private publish(command: SpotCommand, result: SpotAccepted): void {
    const symbol = 'symbol' in command ? command.symbol : command.market.symbol;
    const touched = new Map<string, Set<SpotRefreshMessage['event']>>();
    const touch = (userId: string, event: SpotRefreshMessage['event']) => {
      const events = touched.get(userId) ?? new Set();
      events.add(event).add('balance');
      touched.set(userId, events);
    };
    if ('userId' in command) touch(command.userId, 'order');
    for (const trade of result.trades) {
      touch(trade.makerUserId, 'trade');
      touch(trade.takerUserId, 'trade');
    }
    for (const update of result.orders) touch(update.userId, 'order');
    for (const [userId, events] of touched) {
      for (const event of events) {
        const message: SpotRefreshMessage = { type: 'spot', event, symbol, ...(result.orderId !== undefined ? { orderId: result.orderId } : {}) };
        this.context.realtime.publish(refreshTopic(userId), message);
      }
    }
  }
}
