export { CANDLE_PERIODS, bucketStart, isCandlePeriod, type CandlePeriod } from './periods';
export { DEFAULT_KEEP, MarketData, type CandleQuery, type MarketDataOptions, type MarketDataState } from './market-data';
export { percentChange } from './ticker';
export { candleView } from './candles';
export { DepthFeed, type DepthDiff, type DepthFeedOptions, type DepthLevelView, type DepthSince, type DepthSource, type DepthView } from './depth-feed';
export type * from './types';
