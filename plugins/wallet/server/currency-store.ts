import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, isUrl } from '../../../core/shared';
import type { ConsoleCurrency, CurrencyInput, NetworkInput } from '../shared/types';
import { parseAmount } from './amounts';
import type { CurrencyStore, NetworkConfig } from './core-types';
import type { WalletLedger } from './ledger';
import { canonicalDecimal, isPrice } from './valuation';

interface CurrencyRow {
  currency: string;
  name: string;
  icon: string;
  scale: number | string;
  sort: number | string;
  enabled: number | string;
  usdt_price: string;
}

interface NetworkRow {
  currency: string;
  network: string;
  label: string;
  chain: 'devnet' | 'evm';
  contract_address: string | null;
  chain_decimals: number | string;
  confirmations: number | string;
  min_deposit: unknown;
  withdraw_fee: unknown;
  withdraw_min: unknown;
  deposit_enabled: number | string;
  withdraw_enabled: number | string;
}

const networkKey = (currency: string, network: string) => `${currency}/${network}`;

function networkOf(row: NetworkRow): NetworkConfig {
  return {
    currency: row.currency,
    network: row.network,
    label: row.label,
    chain: row.chain,
    devnet: row.chain === 'devnet',
    contractAddress: row.contract_address ?? null,
    chainDecimals: Number(row.chain_decimals),
    confirmations: Number(row.confirmations),
    minDeposit: canonicalDecimal(row.min_deposit),
    withdrawFee: canonicalDecimal(row.withdraw_fee),
    withdrawMin: canonicalDecimal(row.withdraw_min),
    depositEnabled: Number(row.deposit_enabled) === 1,
    withdrawEnabled: Number(row.withdraw_enabled) === 1,
  };
}

/** An icon is empty, an http(s) URL or a path on the site. */
function cleanIcon(icon: string | undefined): string {
  const value = (icon ?? '').trim();
  if (value !== '' && !isUrl(value) && !/^\/[^\s]*$/.test(value)) throw ApiError.fieldInvalid('icon');
  return value;
}

function cleanText(value: string, field: string): string {
  const text = value.trim();
  if (text === '') throw ApiError.fieldRequired(field);
  return text;
}

/**
 * The wallet_currency and wallet_network tables, held in memory (every read of a request is served from here)
 * and reloaded after each change. A currency's scale is registered in the running ledger when it is saved.
 */
export class WalletCurrencies implements CurrencyStore {
  private ordered: ConsoleCurrency[] = [];
  private byCode = new Map<string, ConsoleCurrency>();
  private byNetwork = new Map<string, NetworkConfig>();
  private ledger: WalletLedger | null = null;

  constructor(private readonly db: Kysely<any>) {}

  /** From now on, saved currencies are registered in this ledger. */
  attach(ledger: WalletLedger): void {
    this.ledger = ledger;
  }

  async load(): Promise<void> {
    const [currencies, networks] = await Promise.all([
      this.db.selectFrom('wallet_currency').selectAll().execute() as Promise<CurrencyRow[]>,
      this.db.selectFrom('wallet_network').selectAll().orderBy('network').execute() as Promise<NetworkRow[]>,
    ]);
    const byNetwork = new Map<string, NetworkConfig>();
    for (const row of networks) byNetwork.set(networkKey(row.currency, row.network), networkOf(row));
    const ordered = currencies
      .map(
        (row): ConsoleCurrency => ({
          currency: row.currency,
          name: row.name,
          icon: row.icon,
          scale: Number(row.scale),
          sort: Number(row.sort),
          enabled: Number(row.enabled) === 1,
          usdtPrice: canonicalDecimal(row.usdt_price),
          networks: [...byNetwork.values()].filter((network) => network.currency === row.currency),
        }),
      )
      .sort((a, b) => a.sort - b.sort || (a.currency < b.currency ? -1 : 1));
    this.ordered = ordered;
    this.byCode = new Map(ordered.map((currency) => [currency.currency, currency]));
    this.byNetwork = byNetwork;
  }

  list(): ConsoleCurrency[] {
    return this.ordered;
  }

  get(currency: string): ConsoleCurrency | undefined {
    return this.byCode.get(currency);
  }

  network(currency: string, network: string): NetworkConfig | undefined {
    return this.byNetwork.get(networkKey(currency, network));
  }

  networks(): NetworkConfig[] {
    return [...this.byNetwork.values()];
  }

  /** Creates or updates a currency; a new scale under existing balances is a 409 (`scale`). */
  async saveCurrency(input: CurrencyInput): Promise<ConsoleCurrency> {
    if (!isPrice(input.usdtPrice)) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errInvalidPrice', { field: 'usdtPrice' });
    const row = {
      currency: input.currency,
      name: cleanText(input.name, 'name'),
      icon: cleanIcon(input.icon),
      scale: input.scale,
      sort: input.sort ?? this.get(input.currency)?.sort ?? 0,
      enabled: input.enabled ? 1 : 0,
      usdt_price: canonicalDecimal(input.usdtPrice),
    };
    const persist = async () => {
      const { currency, ...changes } = row;
      await this.db.insertInto('wallet_currency').values(row).onConflict((conflict) => conflict.column('currency').doUpdateSet(changes)).execute();
    };
    if (this.ledger) await this.ledger.configure({ code: row.currency, scale: row.scale }, persist);
    else await persist();
    await this.load();
    return this.get(row.currency)!;
  }

  /** Creates or updates a network of a configured currency; amounts are checked against the currency's scale. */
  async saveNetwork(input: NetworkInput): Promise<NetworkConfig> {
    const currency = this.get(input.currency);
    if (!currency) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errUnknownCurrency', { field: 'currency' });
    const amount = (field: 'minDeposit' | 'withdrawFee' | 'withdrawMin') => parseAmount(input[field], currency.scale, field, { allowZero: true });
    amount('minDeposit');
    const withdrawFee = amount('withdrawFee');
    if (amount('withdrawMin') < withdrawFee) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errWithdrawMinBelowFee', { field: 'withdrawMin' });
    const row = {
      currency: input.currency,
      network: input.network,
      label: cleanText(input.label, 'label'),
      chain: input.chain,
      contract_address: input.contractAddress ? input.contractAddress.toLowerCase() : null,
      chain_decimals: input.chainDecimals,
      confirmations: input.confirmations,
      min_deposit: canonicalDecimal(input.minDeposit),
      withdraw_fee: canonicalDecimal(input.withdrawFee),
      withdraw_min: canonicalDecimal(input.withdrawMin),
      deposit_enabled: input.depositEnabled ? 1 : 0,
      withdraw_enabled: input.withdrawEnabled ? 1 : 0,
    };
    const { currency: _currency, network: _network, ...changes } = row;
    await this.db
      .insertInto('wallet_network')
      .values(row)
      .onConflict((conflict) => conflict.columns(['currency', 'network']).doUpdateSet(changes))
      .execute();
    await this.load();
    return this.network(row.currency, row.network)!;
  }
}
