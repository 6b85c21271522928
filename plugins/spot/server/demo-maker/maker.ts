import type { ApiV3Client } from './client';
import { levelPrice, quantityFor, randomInt, toMinor, toText, walk, type MarketRules, type RandomInt } from './quotes';

export interface DemoMakerOptions {
  /** Quotes a ladder on each market. */
  maker: ApiV3Client;
  /** Sends the occasional market order that crosses the maker's quotes (a second member: no self-trade). */
  taker: ApiV3Client;
  /** The market's price to start from when it has no trade yet ("BTC/USDT" → "97000"). */
  referencePrice: (baseAsset: string, quoteAsset: string) => string | undefined;
  /** One market is served per tick, in turn. */
  intervalMs: number;
  /** Levels a side. */
  levels?: number;
  /** Chance per tick of a crossing market order. */
  crossChance?: number;
  random?: RandomInt;
  onError: (message: string) => void;
}

interface Quoting {
  rules: MarketRules;
  reference: bigint;
  mid: bigint;
}

/**
 * The demo market maker: on each tick it moves one market's mid by a gentle random walk, cancels the quote that
 * is out of place (on the wrong side of the mid, or the farthest once the ladder is full), adds a bid and an ask
 * at random ladder levels and now and then lets the taker cross — at most five requests a tick, all through
 * the public /api/v3 endpoints with signed requests.
 */
export class DemoMaker {
  private readonly markets: Quoting[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private turn = 0;
  private stopped = false;
  private readonly random: RandomInt;

  constructor(private readonly options: DemoMakerOptions) {
    this.random = options.random ?? randomInt;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running || this.stopped || !this.options.maker.ready) return;
      this.running = this.tick()
        .catch((error: unknown) => {
          if (!this.stopped) this.options.onError((error as Error).message);
        })
        .finally(() => {
          this.running = undefined;
        });
    }, this.options.intervalMs);
    this.timer.unref?.();
  }

  /** Stops the timer and waits for the tick under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  async tick(): Promise<void> {
    if (this.markets.length === 0) await this.discover();
    const market = this.markets[this.turn++ % this.markets.length];
    if (!market) return;
    market.mid = walk(market.mid, market.reference, market.rules, this.random);
    await this.requote(market);
    if (this.random(1, 1000) <= (this.options.crossChance ?? 0.35) * 1000) await this.cross(market);
  }

  /** The trading markets, their grids (exchangeInfo) and where each one's price starts (last trade or reference). */
  private async discover(): Promise<void> {
    const info = await this.options.maker.public('/api/v3/exchangeInfo');
    for (const symbol of info.body?.symbols ?? []) {
      if (symbol.status !== 'TRADING') continue;
      const reference = this.options.referencePrice(symbol.baseAsset, symbol.quoteAsset);
      if (!reference || !/^\d+(\.\d+)?$/.test(reference)) continue;
      const priceFilter = symbol.filters.find((filter: any) => filter.filterType === 'PRICE_FILTER');
      const lotFilter = symbol.filters.find((filter: any) => filter.filterType === 'LOT_SIZE');
      const priceScale = decimalsOf(priceFilter.tickSize);
      const qtyScale = decimalsOf(lotFilter.stepSize);
      const rules: MarketRules = { symbol: symbol.symbol, priceScale, qtyScale, tick: toMinor(priceFilter.tickSize, priceScale), lot: toMinor(lotFilter.stepSize, qtyScale) };
      const last = await this.options.maker.public('/api/v3/ticker/price', { symbol: symbol.symbol });
      const lastPrice = toMinor(String(last.body?.price ?? '0'), priceScale);
      const referenceMinor = toMinor(reference, priceScale);
      if (referenceMinor <= 0n) continue;
      this.markets.push({ rules, reference: referenceMinor, mid: lastPrice > 0n ? lastPrice : referenceMinor });
    }
  }

  private async requote({ rules, mid }: Quoting): Promise<void> {
    const levels = this.options.levels ?? 5;
    const open = await this.options.maker.signed('GET', '/api/v3/openOrders', { symbol: rules.symbol });
    if (open.status !== 200) throw new Error(`openOrders answered ${open.status}: ${JSON.stringify(open.body)}`);
    const orders: Array<{ orderId: number; side: string; price: string }> = open.body;
    const distance = (order: { price: string }) => {
      const gap = toMinor(order.price, rules.priceScale) - mid;
      return gap < 0n ? -gap : gap;
    };
    const misplaced = orders.find((order) => (order.side === 'BUY') === toMinor(order.price, rules.priceScale) > mid);
    const farthest = orders.length >= 2 * levels ? [...orders].sort((a, b) => (distance(b) > distance(a) ? 1 : -1))[0] : undefined;
    const stale = misplaced ?? farthest;
    if (stale) await this.options.maker.signed('DELETE', '/api/v3/order', { symbol: rules.symbol, orderId: String(stale.orderId) });
    for (const side of ['BUY', 'SELL'] as const) {
      const price = levelPrice(mid, side, this.random(1, levels), rules);
      const quantity = quantityFor(this.random(300, 3000), price, rules);
      await this.options.maker.signed('POST', '/api/v3/order', {
        symbol: rules.symbol, side, type: 'LIMIT', timeInForce: 'GTC', price: toText(price, rules.priceScale), quantity: toText(quantity, rules.qtyScale), newOrderRespType: 'ACK',
      });
    }
  }

  private async cross({ rules, mid }: Quoting): Promise<void> {
    const side = this.random(0, 1) === 0 ? 'BUY' : 'SELL';
    const quantity = quantityFor(this.random(20, 400), mid, rules);
    await this.options.taker.signed('POST', '/api/v3/order', { symbol: rules.symbol, side, type: 'MARKET', quantity: toText(quantity, rules.qtyScale), newOrderRespType: 'ACK' });
  }
}

const decimalsOf = (step: string): number => (step.includes('.') ? step.split('.')[1]!.replace(/0+$/, '').length : 0);
