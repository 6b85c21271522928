/**
 * One busy market for the feed benchmark: every update is a taker order filling 1–20 resting orders, after which
 * the book (top 50 levels a side), the trades of the order and the market-list tickers are offered to the broker,
 * each in the shape the spot and markets plugins publish. Prices and quantities are bigint minor units shown as
 * decimal strings.
 */
import type { TickerMessage, TickerRow } from '../../../plugins/markets/shared/service';
import type { DepthLevelView, DepthView, TradeView, TradesMessage } from '../../../plugins/spot/shared/types';

export const FEED_SYMBOL = 'BTC/USDT';
export const FEED_TOPICS = { depth: 'depth_BTC_USDT', trades: 'trades_BTC_USDT', ticker: 'index' } as const;
export const FEED_TOPIC_LIST: readonly string[] = Object.values(FEED_TOPICS);

const PRICE_SCALE = 2;
const QTY_SCALE = 8;
const DEPTH_LEVELS = 50;
const MAX_FILLS = 20;
/** The smallest part of a level one fill takes (0.01 BTC), unless the level holds less. */
const MIN_FILL = 1_000_000n;
/** One price tick in minor units (0.10 USDT). */
const TICK = 10n;
/** Other rows of the market list, whose tickers stay as they are. */
const QUIET_MARKETS = ['ETH', 'SOL', 'XRP', 'BNB', 'DOGE', 'ADA', 'TRX', 'LTC', 'DOT', 'LINK', 'AVAX'];

interface Level {
  price: bigint;
  qty: bigint;
  view: DepthLevelView;
}

export type Offer = (topic: string, payload: unknown) => void;

export class BusyMarket {
  private readonly asks: Level[] = [];
  private readonly bids: Level[] = [];
  private readonly quietRows: TickerRow[];
  private bookSeq = 0;
  private tradeId = 0;
  private high: bigint;
  private low: bigint;
  private last: bigint;
  private volume = 0n;
  private turnover = 0n;

  /** @param random uniform in [0, 1): the only source of variation */
  constructor(
    private readonly offer: Offer,
    private readonly random: () => number,
    private readonly open = 9_650_000n,
  ) {
    for (let i = 1; i <= DEPTH_LEVELS; i++) {
      this.asks.push(this.level(open + BigInt(i) * TICK));
      this.bids.push(this.level(open - BigInt(i) * TICK));
    }
    this.high = open;
    this.low = open;
    this.last = open;
    this.quietRows = QUIET_MARKETS.map((coin, i) => {
      const close = decimal(BigInt(1_000 + i * 7_919), PRICE_SCALE);
      const prices = { close, high: close, low: close, zdf: '0.42' };
      return { symbol_name: `${coin}/USDT`, contract_type: 0, ...prices, amount: '1250000.00', vol: '830.12', demo: false, halted: false };
    });
  }

  /** One taker order at `now` (epoch ms), and the three messages it changes. */
  update(now: number): void {
    const buy = this.random() < 0.5;
    const book = buy ? this.asks : this.bids;
    const trades: TradeView[] = [];
    const fills = 1 + Math.floor(this.random() * MAX_FILLS);
    for (let i = 0; i < fills; i++) {
      const best = book[0];
      const qty = best.qty <= MIN_FILL ? best.qty : MIN_FILL + BigInt(Math.floor(this.random() * Number(best.qty - MIN_FILL)));
      best.qty -= qty;
      trades.push(this.trade(best.price, qty, buy, now));
      if (best.qty === 0n) {
        book.shift();
        book.push(this.level(book[book.length - 1].price + (buy ? TICK : -TICK)));
      } else {
        best.view = this.view(best.price, best.qty);
      }
    }
    this.makerRefills(buy);
    trades.reverse(); // newest first

    const depth: DepthView = {
      symbol: FEED_SYMBOL,
      seq: ++this.bookSeq,
      bids: this.bids.map((level) => level.view),
      asks: this.asks.map((level) => level.view),
      time: now,
    };
    const tradesMessage: TradesMessage = { symbol: FEED_SYMBOL, trades };
    const ticker: TickerMessage = { rows: [this.tickerRow(), ...this.quietRows], time: now };
    this.offer(FEED_TOPICS.trades, tradesMessage);
    this.offer(FEED_TOPICS.depth, depth);
    this.offer(FEED_TOPICS.ticker, ticker);
  }

  /** After a taker took one side, a maker quotes one tick inside the spread on it, so the price walks. */
  private makerRefills(takerBought: boolean): void {
    const side = takerBought ? this.asks : this.bids;
    const inside = side[0].price + (takerBought ? -TICK : TICK);
    const opposite = takerBought ? this.bids[0].price : this.asks[0].price;
    if (inside !== opposite) {
      side.unshift(this.level(inside));
      side.pop();
    }
  }

  private trade(price: bigint, qty: bigint, takerBought: boolean, now: number): TradeView {
    const quote = (price * qty) / 10n ** BigInt(PRICE_SCALE);
    this.volume += qty;
    this.turnover += quote;
    this.last = price;
    if (price > this.high) this.high = price;
    if (price < this.low) this.low = price;
    return {
      id: ++this.tradeId,
      price: decimal(price, PRICE_SCALE),
      qty: decimal(qty, QTY_SCALE),
      quote: decimal(quote, QTY_SCALE),
      time: now,
      takerSide: takerBought ? 'buy' : 'sell',
    };
  }

  private tickerRow(): TickerRow {
    const changeBasisPoints = ((this.last - this.open) * 10_000n) / this.open;
    return {
      symbol_name: FEED_SYMBOL,
      contract_type: 0,
      close: decimal(this.last, PRICE_SCALE),
      zdf: decimal(changeBasisPoints, 2),
      high: decimal(this.high, PRICE_SCALE),
      low: decimal(this.low, PRICE_SCALE),
      amount: decimal(this.turnover, QTY_SCALE),
      vol: decimal(this.volume, QTY_SCALE),
      demo: false,
      halted: false,
    };
  }

  private level(price: bigint): Level {
    const qty = BigInt(1_000_000 + Math.floor(this.random() * 250_000_000));
    return { price, qty, view: this.view(price, qty) };
  }

  private view(price: bigint, qty: bigint): DepthLevelView {
    return [decimal(price, PRICE_SCALE), decimal(qty, QTY_SCALE)];
  }
}

/** A bigint of minor units as a decimal string with `scale` decimals ("-0.05", "96500.10"). */
export function decimal(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}
