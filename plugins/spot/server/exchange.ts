import { randomUUID } from 'node:crypto';
import type { SpotAccepted, SpotCommand, SpotEngine, SpotResult } from '../../../core/engine';
import { ApiError, ERROR_CODES, type ServerContext } from '../../../core/server';
import type { SpotEngineAccess, WalletService } from '../../wallet/shared/service';
import { refreshTopic } from '../../wallet/shared/types';
import type { SpotRefreshMessage } from '../shared/types';
import { OrderHistory } from './history';
import { rejectionError } from './orders';
import { marketFormat, type MarketFormat } from './views';

type Distribute<T> = T extends unknown ? Omit<T, 'id' | 'at'> : never;

/**
 * The spot plugin's side of the shared sequence: submits commands through the wallet's ledger, keeps the order
 * history in step with the accepted ones and tells every affected member over realtime.
 */
export class SpotExchange {
  readonly history = new OrderHistory();
  private readonly access: SpotEngineAccess;

  constructor(
    private readonly context: ServerContext,
    readonly wallet: WalletService,
  ) {
    this.access = wallet.spot();
  }

  get engine(): SpotEngine {
    return this.access.engine();
  }

  /** Rebuilds the history from the durable log (the ledger is open: the wallet bootstraps first). */
  async load(): Promise<void> {
    for await (const applied of this.access.log()) this.history.apply(applied);
  }

  market(symbol: string): MarketFormat {
    const market = marketFormat(this.engine, this.wallet, symbol);
    if (!market) throw new ApiError(ERROR_CODES.badRequest, 'spot:errUnknownMarket', { field: 'symbol' });
    return market;
  }

  /** Applies a command with a fresh id; a refusal is thrown as the request's 4xx (`side` names the funds field). */
  async apply(body: Distribute<SpotCommand>, side?: 'buy' | 'sell'): Promise<SpotAccepted> {
    const command = { ...body, id: `spot:${randomUUID()}`, at: this.context.now().getTime() } as SpotCommand;
    const result = await this.submit(command);
    if (!result.ok) throw rejectionError(result, side);
    return result;
  }

  /** Submits a command as is (its own id: a repeat returns the first result and changes nothing). */
  async submit(command: SpotCommand): Promise<SpotResult> {
    const result = await this.access.submit(command);
    if (result.ok && !result.duplicate) {
      this.history.apply({ command, result });
      this.publish(command, result);
    }
    return result;
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
