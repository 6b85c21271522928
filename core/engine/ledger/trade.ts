import type { AccountType, Bucket, UserAccountType } from './accounts';
import { SYSTEM, SYSTEM_ACCOUNTS } from './accounts';
import type { PostingLine } from './events';
import type { SettleLine } from './commands';
import type { CurrencyRegistry } from './currency';

/** One fill between a buyer and a seller, in minor units; fees are taken from what each side receives. */
export interface TradeFill {
  buyer: string;
  seller: string;
  base: string;
  quote: string;
  baseAmount: bigint;
  quoteAmount: bigint;
  /** In base, kept from what the buyer receives. */
  buyerFee: bigint;
  /** In quote, kept from what the seller receives. */
  sellerFee: bigint;
  accountType?: UserAccountType;
}

type LineMaker<L> = (owner: string, type: AccountType, currency: string, bucket: Bucket, minor: bigint) => L;

/**
 * The lines of one fill, in order, without the zero ones: each side pays from the amount its order froze and
 * receives into available; both fees go to the fee account.
 */
function tradeLines<L>(fill: TradeFill, make: LineMaker<L>): L[] {
  const type = fill.accountType ?? 'coin';
  const lines: L[] = [];
  const add = (owner: string, accountType: AccountType, currency: string, bucket: Bucket, minor: bigint) => {
    if (minor !== 0n) lines.push(make(owner, accountType, currency, bucket, minor));
  };
  add(fill.seller, type, fill.base, 'frozen', -fill.baseAmount);
  add(fill.buyer, type, fill.base, 'available', fill.baseAmount - fill.buyerFee);
  add(fill.buyer, type, fill.quote, 'frozen', -fill.quoteAmount);
  add(fill.seller, type, fill.quote, 'available', fill.quoteAmount - fill.sellerFee);
  if (fill.buyerFee > 0n) add(SYSTEM_ACCOUNTS.fees, SYSTEM, fill.base, 'available', fill.buyerFee);
  if (fill.sellerFee > 0n) add(SYSTEM_ACCOUNTS.fees, SYSTEM, fill.quote, 'available', fill.sellerFee);
  return lines;
}

/** The lines of a settle command for one fill (decimal strings, as the command is logged). */
export function tradeSettleLines(currencies: CurrencyRegistry, fill: TradeFill): SettleLine[] {
  return tradeLines(fill, (owner, type, currency, bucket, minor) => ({ owner, type, currency, bucket, amount: currencies.format(currency, minor) }));
}

/** The accounts (keys) a fill moves money between. */
export interface TradeAccounts {
  sellerBase: string;
  buyerBase: string;
  buyerQuote: string;
  sellerQuote: string;
  feeBase: string;
  feeQuote: string;
}

/** The same accounts as handles of the ledger's balance table (`LedgerEngine.accountHandle`). */
export interface TradeHandles {
  sellerBase: number;
  buyerBase: number;
  buyerQuote: number;
  sellerQuote: number;
  feeBase: number;
  feeQuote: number;
}

/** The accounts of a fill, keys from `keyOf`. */
export function tradeAccounts(fill: TradeFill, keyOf: (owner: string, type: AccountType, currency: string) => string): TradeAccounts {
  const type = fill.accountType ?? 'coin';
  return {
    sellerBase: keyOf(fill.seller, type, fill.base),
    buyerBase: keyOf(fill.buyer, type, fill.base),
    buyerQuote: keyOf(fill.buyer, type, fill.quote),
    sellerQuote: keyOf(fill.seller, type, fill.quote),
    feeBase: keyOf(SYSTEM_ACCOUNTS.fees, SYSTEM, fill.base),
    feeQuote: keyOf(SYSTEM_ACCOUNTS.fees, SYSTEM, fill.quote),
  };
}

/** The same lines as the ledger's posting (minor units on `accounts`): what settling them books. */
export function tradePostingLines(fill: TradeFill, accounts: TradeAccounts): PostingLine[] {
  // written out rather than through tradeLines: this runs for every fill of the spot engine
  const lines: PostingLine[] = [];
  pushLine(lines, accounts.sellerBase, 'frozen', -fill.baseAmount);
  pushLine(lines, accounts.buyerBase, 'available', fill.baseAmount - fill.buyerFee);
  pushLine(lines, accounts.buyerQuote, 'frozen', -fill.quoteAmount);
  pushLine(lines, accounts.sellerQuote, 'available', fill.quoteAmount - fill.sellerFee);
  if (fill.buyerFee > 0n) pushLine(lines, accounts.feeBase, 'available', fill.buyerFee);
  if (fill.sellerFee > 0n) pushLine(lines, accounts.feeQuote, 'available', fill.sellerFee);
  return lines;
}

function pushLine(lines: PostingLine[], account: string, bucket: Bucket, amount: bigint): void {
  if (amount !== 0n) lines.push({ account, bucket, amount });
}
