import { ApiError } from '../../../core/server';
import type { ConsoleCurrency, NetworkInfo, RechargeCurrency } from '../shared/types';
import type { ChainAdapter } from './chains/types';
import type { NetworkConfig, WalletCore } from './core-types';

export type Purpose = 'deposit' | 'withdraw';

export interface ChainLookup {
  adapterFor(kind: NetworkInfo['chain']): ChainAdapter | undefined;
}

/** The wire form of a network, its flags narrowed to what works now: a network whose chain has no adapter is shown disabled. */
export function networkInfoOf(network: NetworkInfo, chains: ChainLookup): NetworkInfo {
  const connected = chains.adapterFor(network.chain) !== undefined;
  return {
    network: network.network,
    label: network.label,
    chain: network.chain,
    devnet: network.devnet,
    contractAddress: network.contractAddress,
    confirmations: network.confirmations,
    minDeposit: network.minDeposit,
    withdrawFee: network.withdrawFee,
    withdrawMin: network.withdrawMin,
    depositEnabled: network.depositEnabled && connected,
    withdrawEnabled: network.withdrawEnabled && connected,
  };
}

const enabledFor = (network: NetworkInfo, purpose: Purpose) => (purpose === 'deposit' ? network.depositEnabled : network.withdrawEnabled);

/** Enabled currencies with their networks configured for the purpose (shown disabled when their chain is not connected). */
export function rechargeCurrencies(currencies: ConsoleCurrency[], chains: ChainLookup, purpose: Purpose): RechargeCurrency[] {
  return currencies
    .filter((currency) => currency.enabled)
    .map((currency) => ({
      currency: currency.currency,
      name: currency.name,
      icon: currency.icon,
      scale: currency.scale,
      networks: currency.networks.filter((network) => enabledFor(network, purpose)).map((network) => networkInfoOf(network, chains)),
    }))
    .filter((currency) => currency.networks.length > 0);
}

export interface UsableNetwork {
  currency: ConsoleCurrency;
  network: NetworkConfig;
  adapter: ChainAdapter;
}

/** An enabled currency's network usable now for the purpose, or a 400 naming the field at fault. */
export function requireNetwork(core: Pick<WalletCore, 'currencies'>, chains: ChainLookup, currencyCode: string, networkCode: string | undefined, purpose: Purpose): UsableNetwork {
  const currency = core.currencies.get(currencyCode);
  if (!currency?.enabled) throw new ApiError(400, 'wallet:errCurrencyUnavailable', { field: 'currency' });
  const code = networkCode ?? currency.networks.find((network) => enabledFor(networkInfoOf(network, chains), purpose))?.network;
  const network = code === undefined ? undefined : core.currencies.network(currency.currency, code);
  const adapter = network && enabledFor(network, purpose) ? chains.adapterFor(network.chain) : undefined;
  if (!network || !adapter) throw new ApiError(400, 'wallet:errNetworkUnavailable', { field: 'network' });
  return { currency, network, adapter };
}
