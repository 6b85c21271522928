import type { CommandResult, LedgerCommand, UserAccountType } from '../../../core/engine';
import { ApiError, ERROR_CODES, type ServerContext } from '../../../core/server';
import { formatDecimal } from '../../../core/shared';
import type { IdentityService } from '../../identity/shared/service';
import type { WalletService } from '../shared/service';
import { refreshTopic } from '../shared/types';
import type { WalletCore } from './core-types';
import type { WalletCurrencies } from './currency-store';
import { WalletLedger } from './ledger';
import { isPrice } from './valuation';

type Rejected = Extract<CommandResult, { ok: false }>;
type Accepted = Extract<CommandResult, { ok: true }>;

/** Rejection reasons about the amount: the request's `amount` field is at fault. */
const AMOUNT_REASONS = new Set(['insufficientFunds', 'bonusNotTransferable', 'invalidAmount', 'tooManyDecimals']);

/** The ApiError of a ledger rejection: a 400 naming the field, message `wallet:err<Reason>`. */
export function rejectionError(result: Rejected): ApiError {
  const msgKey = `wallet:err${result.reason[0]!.toUpperCase()}${result.reason.slice(1)}`;
  if (AMOUNT_REASONS.has(result.reason)) return new ApiError(ERROR_CODES.badRequest, msgKey, { field: 'amount' });
  if (result.reason === 'unknownCurrency') return new ApiError(ERROR_CODES.badRequest, msgKey, { field: 'currency' });
  // the routes check accounts and ids before a command is built: anything else is a refusal of the ledger itself
  return new ApiError(ERROR_CODES.conflict, 'wallet:errRejected', result.field ? { field: result.field } : {});
}

/**
 * The wallet of one server: its currencies, its ledger (open from bootstrap to close) and the price source that
 * values balances. Implements the WalletCore the wallet's modules share.
 */
export class Wallet implements WalletCore {
  private opened: WalletLedger | null = null;
  private priceSource: ((currency: string) => string | undefined) | null = null;

  constructor(
    readonly context: ServerContext,
    readonly identity: IdentityService,
    readonly currencies: WalletCurrencies,
  ) {}

  get ledger(): WalletLedger {
    if (!this.opened) throw new Error('the wallet ledger is not open (it opens in bootstrap)');
    return this.opened;
  }

  /** Rebuilds the ledger from the database with the configured currencies. */
  async open(): Promise<void> {
    const ledger = await WalletLedger.open(this.context, this.currencies.list().map(({ currency, scale }) => ({ code: currency, scale })));
    this.opened = ledger;
    this.currencies.attach(ledger);
  }

  async close(): Promise<void> {
    const ledger = this.opened;
    this.opened = null;
    await ledger?.close();
  }

  submit(command: LedgerCommand): Promise<CommandResult> {
    return this.ledger.submit(command);
  }

  async apply(command: LedgerCommand): Promise<Accepted> {
    const result = await this.submit(command);
    if (!result.ok) throw rejectionError(result);
    return result;
  }

  balance(memberId: string, accountType: UserAccountType, currency: string): { available: bigint; frozen: bigint; bonus: bigint } {
    const { available, frozen, bonus } = this.ledger.engine.userBalance(memberId, accountType, currency);
    return { available, frozen, bonus };
  }

  notify(memberId: string, event: 'balance' | 'deposit' | 'withdrawal', extra: Record<string, unknown> = {}): void {
    this.context.realtime.publish(refreshTopic(memberId), { ...extra, type: 'wallet', event });
  }

  /** USDT price of a currency: the price source's when it has a usable one, else the configured reference price. */
  price(currency: string): string {
    let quoted: string | undefined;
    try {
      quoted = this.priceSource?.(currency);
    } catch (error) {
      this.context.log.warn('wallet price source failed', { currency, error: String(error) });
    }
    if (isPrice(quoted)) return quoted;
    return this.currencies.get(currency)?.usdtPrice ?? '0';
  }

  /** What other plugins get as WALLET_SERVICE. */
  service(): WalletService {
    return {
      submit: (command) => this.submit(command),
      balance: (memberId, accountType, currency) => {
        const scale = this.currencies.get(currency)?.scale ?? 0;
        const { available, frozen, bonus } = this.balance(memberId, accountType, currency);
        return { available: formatDecimal(available, scale), frozen: formatDecimal(frozen, scale), bonus: formatDecimal(bonus, scale) };
      },
      scaleOf: (currency) => this.currencies.get(currency)?.scale,
      setPriceSource: (source) => {
        this.priceSource = source;
      },
      usdtPrice: (currency) => this.price(currency),
      spot: () => ({
        submit: (command) => this.ledger.submit(command),
        engine: () => this.ledger.spot,
        log: (after) => this.ledger.spotLog(after),
        marketsAdded: (upTo) => this.ledger.spotMarketsAdded(upTo),
        writeViews: (writes) => this.ledger.writeViews(writes),
      }),
    };
  }
}
