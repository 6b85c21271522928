import type { ServerRegistrar } from '../../../core/server';
import { DEPOSIT_STATUSES, WALLET_PATHS, type DepositAddress, type DepositRecord, type RechargeCurrency, type RecordFilter } from '../shared/types';
import type { WalletCore } from './core-types';
import type { DepositAddresses } from './deposit-addresses';
import { DepositStore, depositRecordOf } from './deposit-store';
import { rechargeCurrencies, requireNetwork, type ChainLookup, type Purpose } from './networks';
import { queryOf } from './record-filter';
import { registerRecordLog } from './record-table';
import { CURRENCY, NETWORK } from './schemas';

export interface DepositRouteDeps {
  core: WalletCore;
  chains: ChainLookup;
  addresses: DepositAddresses;
  deposits: DepositStore;
}

/** Member routes of deposits: currencies and networks, the deposit address, the deposit records. */
export function registerDepositRoutes(registrar: ServerRegistrar, deps: DepositRouteDeps): void {
  const { core, chains, addresses, deposits } = deps;

  registrar.route<{ type?: Purpose }, unknown, unknown, RechargeCurrency[]>({
    method: 'GET',
    path: WALLET_PATHS.rechargeCurrency,
    auth: 'user',
    schema: { querystring: { type: 'object', additionalProperties: false, properties: { type: { type: 'string', enum: ['deposit', 'withdraw'], default: 'deposit' } } } },
    handler: (request) => rechargeCurrencies(core.currencies.list(), chains, request.query.type ?? 'deposit'),
  });

  registrar.route<{ network?: string }, unknown, { currency: string }, DepositAddress>({
    method: 'GET',
    path: WALLET_PATHS.depositAddress,
    auth: 'user',
    schema: {
      params: { type: 'object', required: ['currency'], properties: { currency: CURRENCY } },
      querystring: { type: 'object', additionalProperties: false, properties: { network: NETWORK } },
    },
    async handler(request) {
      const { currency, network, adapter } = requireNetwork(core, chains, request.params.currency, request.query.network, 'deposit');
      const owner = { memberId: request.principal!.id, currency: currency.currency, network: network.network };
      const address = await addresses.addressFor(owner, network.chain, adapter);
      return { currency: currency.currency, network: network.network, address, devnet: network.devnet };
    },
  });

  registerRecordLog(registrar, { path: WALLET_PATHS.rechargeLog, statuses: DEPOSIT_STATUSES, table: deposits, recordOf: depositRecordOf });
}

/** A member's deposits for an export (the list's filters, no paging; at most 10,000, newest first). */
export async function listDepositsForExport(core: WalletCore, memberId: string, filter: Omit<RecordFilter, 'current' | 'size'>): Promise<DepositRecord[]> {
  const rows = await new DepositStore(core.context.db, () => core.context.now()).exportRows({ ...queryOf(filter), memberId });
  return rows.map(depositRecordOf);
}
