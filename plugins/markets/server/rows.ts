import { splitDecimal } from '../../../core/shared';
import type { ContractRow, ContractTypeCode, MarketRow } from '../shared/types';
import { pairPathSegment } from '../shared/types';
import { coinIcon } from './catalogue';

/** A market_symbol row as the database returns it. */
export interface MarketSymbolRecord {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  kind: string;
  contract_type: number;
  price_scale: number;
  qty_scale: number;
  sort: number;
  hot: number;
  is_new: number;
  enabled: number;
  listed_at: string;
  demo: number;
  close: unknown;
  zdf: unknown;
  high: unknown;
  low: unknown;
  amount: unknown;
  vol: unknown;
}

/**
 * A stored decimal as a plain decimal string: PostgreSQL numeric(38,18) comes back padded
 * ("67250.150000000000000000"), SQLite text as written. Trailing fraction zeros are dropped.
 */
export function decimalOut(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const { negative, int, frac } = splitDecimal(String(value), { allowNegative: true });
  const trimmed = frac.replace(/0+$/, '');
  const digits = int.replace(/^0+(?=\d)/, '') + (trimmed ? `.${trimmed}` : '');
  return negative && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

const flag = (value: number): 0 | 1 => (Number(value) === 1 ? 1 : 0);

export function toMarketRow(record: MarketSymbolRecord): MarketRow {
  const icon = coinIcon(record.base);
  return {
    symbol_name: record.symbol,
    coin_symbol: record.base,
    quote_symbol: record.quote,
    contract_type: Number(record.contract_type) as ContractTypeCode,
    close: decimalOut(record.close),
    zdf: decimalOut(record.zdf),
    high: decimalOut(record.high),
    low: decimalOut(record.low),
    amount: decimalOut(record.amount),
    vol: decimalOut(record.vol),
    avatar: icon,
    part_cou: icon,
    full_cou: icon,
    is_new: flag(record.is_new),
    hot: flag(record.hot),
    price_scale: Number(record.price_scale),
    qty_scale: Number(record.qty_scale),
    demo: Number(record.demo) === 1,
    halted: false,
  };
}

export function toContractRow(record: MarketSymbolRecord): ContractRow {
  return {
    symbol_name: record.symbol,
    contract_type: Number(record.contract_type) as ContractTypeCode,
    symbolName: pairPathSegment(record.symbol),
  };
}
