import type { UserAccountType } from '../../../core/engine';
import { ApiError, ERROR_CODES } from '../../../core/server';
import { formatDecimal } from '../../../core/shared';
import { ACCOUNT_TYPES, TRANSFER_ACCOUNT_TYPES, type AccountTypeCode, type AccountTypeName, type ConsoleCurrency, type CurrencyBalance } from '../shared/types';
import { valueOf } from './valuation';
import type { Wallet } from './wallet';

/** is_merchant = 2: the member is an OTC merchant and has the merchant account (type 8). */
export const MERCHANT = 2;

const NAMES = new Map<number, AccountTypeName>(Object.entries(ACCOUNT_TYPES).map(([name, code]) => [code, name as AccountTypeName]));

export function accountName(code: AccountTypeCode): AccountTypeName {
  return NAMES.get(code)!;
}

/** The ledger's account type of a wire code (every code but 0, the valued total). */
export function ledgerAccountType(code: AccountTypeCode): UserAccountType {
  if (code === ACCOUNT_TYPES.total) throw new Error('type 0 is a view, not an account');
  return accountName(code) as UserAccountType;
}

export async function isMerchant(wallet: Wallet, memberId: string): Promise<boolean> {
  return (await wallet.identity.getMember(memberId))?.isMerchant === MERCHANT;
}

/** The member's account types in display order: coin, contract, margin, finance, and merchant for merchants. */
export async function accountTypesOf(wallet: Wallet, memberId: string): Promise<AccountTypeCode[]> {
  const merchant = await isMerchant(wallet, memberId);
  return TRANSFER_ACCOUNT_TYPES.filter((code) => code !== ACCOUNT_TYPES.merchant || merchant);
}

/** 400 naming `field` when the account type is the merchant account and the member is not a merchant. */
export async function assertAccountAllowed(wallet: Wallet, memberId: string, code: AccountTypeCode, field: string): Promise<void> {
  if (code === ACCOUNT_TYPES.merchant && !(await isMerchant(wallet, memberId))) {
    throw new ApiError(ERROR_CODES.badRequest, 'wallet:errMerchantOnly', { field });
  }
}

/** A configured currency of a request, or a 400 naming `field`. */
export function knownCurrency(wallet: Wallet, code: string, field = 'currency'): ConsoleCurrency {
  const currency = wallet.currencies.get(code);
  if (!currency) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errUnknownCurrency', { field });
  return currency;
}

/** One currency of one of the member's accounts, as the wire shows it. */
export function currencyBalance(wallet: Wallet, memberId: string, code: AccountTypeCode, currency: ConsoleCurrency): CurrencyBalance {
  const { available, frozen, bonus } = wallet.balance(memberId, ledgerAccountType(code), currency.currency);
  const format = (minor: bigint) => formatDecimal(minor, currency.scale);
  const total = available + frozen;
  const free = available - bonus;
  return {
    currency: currency.currency,
    name: currency.name,
    icon: currency.icon,
    scale: currency.scale,
    available: format(available),
    frozen: format(frozen),
    total: format(total),
    bonus: format(bonus),
    transferable: format(free > 0n ? free : 0n),
    usdt: valueOf([{ minor: total, scale: currency.scale, price: wallet.price(currency.currency) }]),
  };
}
