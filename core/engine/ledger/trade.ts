import type { UserAccountType } from './accounts';
import { SYSTEM, SYSTEM_ACCOUNTS } from './accounts';
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

/**
 * The lines of a settle command for one fill: each side pays from the amount its order froze and
 * receives into available; both fees go to the fee account.
 */
export function tradeSettleLines(currencies: CurrencyRegistry, fill: TradeFill): SettleLine[] {
  const type = fill.accountType ?? 'coin';
  const line = (owner: string, accountType: SettleLine['type'], currency: string, bucket: SettleLine['bucket'], minor: bigint): SettleLine => ({
    owner,
    type: accountType,
    currency,
    bucket,
    amount: currencies.format(currency, minor),
  });
  const lines = [
    line(fill.seller, type, fill.base, 'frozen', -fill.baseAmount),
    line(fill.buyer, type, fill.base, 'available', fill.baseAmount - fill.buyerFee),
    line(fill.buyer, type, fill.quote, 'frozen', -fill.quoteAmount),
    line(fill.seller, type, fill.quote, 'available', fill.quoteAmount - fill.sellerFee),
  ];
  if (fill.buyerFee > 0n) lines.push(line(SYSTEM_ACCOUNTS.fees, SYSTEM, fill.base, 'available', fill.buyerFee));
  if (fill.sellerFee > 0n) lines.push(line(SYSTEM_ACCOUNTS.fees, SYSTEM, fill.quote, 'available', fill.sellerFee));
  return lines.filter((each) => each.amount !== '0');
}
