import type { Kysely } from 'kysely';
import type { ServerContext } from '../../../core/plugin-api';
import { isDecimalString } from '../../../core/shared';
import { MARKET_TOPICS, toTickerRow, type LiveTicker, type MarketListing, type MarketsService, type TickerMessage } from '../shared/service';
import { CONTRACT_TYPE, type ContractTypeCode, type MarketKind, type MarketRow } from '../shared/types';
import { listingKey } from './catalogue';
import { LiveTickers } from './live-tickers';
import { listMarkets, upsertListing } from './repository';
import { toMarketRow } from './rows';
import { TickerFeed } from './ticker-feed';

const MAX_SCALE = 18;
const TICKER_FIELDS = ['close', 'zdf', 'high', 'low', 'amount', 'vol'] as const;

function checkListing(listing: MarketListing): void {
  const scaleOk = (scale: number) => Number.isInteger(scale) && scale >= 0 && scale <= MAX_SCALE;
  if (listing.symbol !== `${listing.base}/${listing.quote}`) throw new Error(`Market ${listing.symbol} does not match ${listing.base}/${listing.quote}`);
  if (!scaleOk(listing.priceScale) || !scaleOk(listing.qtyScale)) throw new Error(`Market ${listing.symbol} has a scale outside 0…${MAX_SCALE}`);
  if (!Object.values(CONTRACT_TYPE).includes(listing.contractType)) throw new Error(`Market ${listing.symbol} has an unknown contract type`);
}

function checkTicker(symbol: string, ticker: LiveTicker): void {
  for (const field of TICKER_FIELDS) {
    if (!isDecimalString(ticker[field], { allowNegative: field === 'zdf' })) throw new Error(`Ticker ${field} of ${symbol} is not a decimal`);
  }
}

/**
 * The market lists with their live tickers: the rows the routes answer and the ticker messages of the index and
 * all_symbol_detail topics. The enabled rows are cached for the messages and read again after a listing.
 */
export class Markets implements MarketsService {
  readonly live = new LiveTickers();
  /** listingKey of the markets listed as halted. */
  private readonly halted = new Set<string>();
  private records: Promise<MarketRow[]> | null = null;
  private readonly feed: TickerFeed;

  constructor(private readonly context: Pick<ServerContext, 'db' | 'realtime' | 'now' | 'log'>) {
    this.feed = new TickerFeed(
      () => this.publish(),
      (error) => context.log.error('market ticker message failed', { error: String(error) }),
    );
  }

  private get db(): Kysely<any> {
    return this.context.db;
  }

  /** Enabled rows of a kind in display order, live tickers and halts merged in. */
  async rows(kind: MarketKind): Promise<MarketRow[]> {
    return (await listMarkets(this.db, kind)).map((record) => this.current(toMarketRow(record)));
  }

  async list(listing: MarketListing): Promise<void> {
    checkListing(listing);
    await upsertListing(this.db, listing, this.context.now().toISOString());
    const key = listingKey(listing.symbol, listing.contractType);
    if (listing.halted) this.halted.add(key);
    else this.halted.delete(key);
    this.records = null;
    this.feed.changed();
  }

  setTicker(symbol: string, contractType: ContractTypeCode, ticker: LiveTicker, demo: boolean): void {
    checkTicker(symbol, ticker);
    this.live.set(symbol, contractType, { ticker: { ...ticker }, demo });
    this.feed.changed();
  }

  /** The current ticker message of both topics (index: spot rows, all_symbol_detail: every row). */
  async messages(): Promise<{ index: TickerMessage; allSymbolDetail: TickerMessage }> {
    this.records ??= listMarkets(this.db).then((records) => records.map(toMarketRow));
    const records = this.records;
    const rows = (await records.catch((error: unknown) => {
      if (this.records === records) this.records = null;
      throw error;
    })).map((row) => toTickerRow(this.current(row)));
    const time = this.context.now().getTime();
    return {
      index: { rows: rows.filter((row) => row.contract_type === CONTRACT_TYPE.spot), time },
      allSymbolDetail: { rows, time },
    };
  }

  close(): void {
    this.feed.stop();
  }

  /** A stored row with its live ticker and whether it is halted. */
  private current(row: MarketRow): MarketRow {
    const merged = this.live.merge(row);
    const halted = this.halted.has(listingKey(row.symbol_name, row.contract_type));
    return merged.halted === halted ? merged : { ...merged, halted };
  }

  private async publish(): Promise<void> {
    const { index, allSymbolDetail } = await this.messages();
    this.context.realtime.publish(MARKET_TOPICS.index, index, { conflate: true });
    this.context.realtime.publish(MARKET_TOPICS.allSymbolDetail, allSymbolDetail, { conflate: true });
  }
}
