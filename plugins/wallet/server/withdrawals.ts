import { randomBytes } from 'node:crypto';
import { ApiError, ERROR_CODES, notFoundError, type ServerRegistrar } from '../../../core/server';
import { formatDecimal } from '../../../core/shared';
import { WALLET_PATHS, WITHDRAWAL_STATUSES, type RecordFilter, type WithdrawalRecord, type WithdrawalRequest } from '../shared/types';
import type { WalletCore } from './core-types';
import { requireNetwork, type ChainLookup } from './networks';
import { queryOf } from './record-filter';
import { registerRecordLog } from './record-table';
import { parseAmount } from './amounts';
import { ADDRESS, AMOUNT, CURRENCY, NETWORK } from './schemas';
import { configuredMinor, isUniqueViolation, ledgerToChain, networkAsset } from './units';
import { finishFunds } from './withdrawal-funds';
import { WithdrawalStore, withdrawalRecordOf, type WithdrawalRow } from './withdrawal-store';

export interface WithdrawalRouteDeps {
  core: WalletCore;
  chains: ChainLookup;
  store: WithdrawalStore;
}

const text = (maxLength: number) => ({ type: 'string', maxLength });

const WITHDRAW_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['currency', 'network', 'address', 'amount'],
  properties: {
    currency: CURRENCY,
    network: NETWORK,
    address: ADDRESS,
    amount: AMOUNT,
    tradePassword: text(64),
    googleCode: text(16),
    clientId: { type: 'string', minLength: 1, maxLength: 64 },
  },
};

/** Member routes of withdrawals: request, cancel, records. */
export function registerWithdrawalRoutes(registrar: ServerRegistrar, deps: WithdrawalRouteDeps & { onReview?: () => void }): void {
  const { core, chains, store } = deps;

  registrar.route<unknown, WithdrawalRequest, unknown, WithdrawalRecord>({
    method: 'POST',
    path: WALLET_PATHS.withdraw,
    auth: 'user',
    schema: { body: WITHDRAW_BODY },
    async handler(request) {
      const memberId = request.principal!.id;
      const body = request.body;
      const { currency, network, adapter } = requireNetwork(core, chains, body.currency, body.network, 'withdraw');
      const address = adapter.normalizeAddress(body.address.trim());
      if (!address) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errAddressInvalid', { field: 'address' });
      const { scale } = currency;
      const amount = parseAmount(body.amount.trim(), scale, 'amount');
      const fee = configuredMinor(network.withdrawFee, scale);
      const minimum = configuredMinor(network.withdrawMin, scale);
      if (amount < minimum) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errAmountBelowMinimum', { field: 'amount', params: { min: formatDecimal(minimum, scale) } });
      if (amount <= fee) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errAmountNotAboveFee', { field: 'amount', params: { fee: formatDecimal(fee, scale) } });
      const chainAmount = ledgerToChain(amount - fee, scale, network.chainDecimals);
      if (chainAmount === null) {
        throw new ApiError(ERROR_CODES.badRequest, 'wallet:errTooManyDecimals', { field: 'amount', params: { scale: network.chainDecimals } });
      }

      const translate = (row: WithdrawalRow) => withdrawalRecordOf(row, request.t);
      if (body.clientId) {
        const earlier = await store.byClientId(memberId, body.clientId);
        if (earlier) return translate(earlier);
      }
      await core.identity.authorizeFunds(memberId, { tradePassword: body.tradePassword, googleCode: body.googleCode });

      // The hold decides (a concurrent transfer or withdrawal cannot overspend); the row is written only after it.
      const id = randomBytes(16).toString('hex');
      const held = { at: core.context.now().getTime(), userId: memberId, currency: currency.currency, amount: formatDecimal(amount, scale) };
      await core.apply({ ...held, kind: 'withdrawalHold', id: `withdrawal:${id}` });
      try {
        await store.insert({
          id,
          memberId,
          clientId: body.clientId ?? null,
          currency: currency.currency,
          network: network.network,
          chain: network.chain,
          address,
          asset: networkAsset(network),
          amount: held.amount,
          fee: formatDecimal(fee, scale),
          receive: formatDecimal(amount - fee, scale),
          chainAmount,
        });
      } catch (error) {
        // not recorded: the hold goes back; a request with the same clientId that got in first is the answer
        await core.submit({ ...held, kind: 'withdrawalRelease', id: `withdrawal-release:${id}` });
        const first = body.clientId && isUniqueViolation(error) ? await store.byClientId(memberId, body.clientId) : null;
        if (first) return translate(first);
        throw error;
      }
      core.notify(memberId, 'withdrawal', { id, status: 'review' });
      core.notify(memberId, 'balance', { currency: currency.currency });
      deps.onReview?.();
      return translate((await store.byId(id))!);
    },
  });

  registrar.route<unknown, unknown, { id: string }, WithdrawalRecord>({
    method: 'POST',
    path: WALLET_PATHS.withdrawalCancel,
    auth: 'user',
    schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 40 } } } },
    async handler(request) {
      const row = await store.byId(request.params.id);
      if (!row || row.memberId !== request.principal!.id) throw notFoundError('id');
      // compare-and-set: of a cancel and an approval racing, exactly one finds the withdrawal in review
      const cancelled = await store.transition(row.id, ['review'], { status: 'cancelled' });
      if (!cancelled) throw new ApiError(ERROR_CODES.conflict, 'wallet:errWithdrawalNotCancellable', { field: 'id' });
      core.notify(row.memberId, 'withdrawal', { id: row.id, status: 'cancelled' });
      await finishFunds(core, store, cancelled);
      return withdrawalRecordOf(cancelled, request.t);
    },
  });

  registerRecordLog(registrar, { path: WALLET_PATHS.withdrawalLog, statuses: WITHDRAWAL_STATUSES, table: store, recordOf: withdrawalRecordOf });
}

/**
 * A member's withdrawals for an export (the list's filters, no paging; at most 10,000, newest first). `t`
 * translates failure reasons into the reader's language (English message keys stay as keys without it).
 */
export async function listWithdrawalsForExport(
  core: WalletCore,
  memberId: string,
  filter: Omit<RecordFilter, 'current' | 'size'>,
  t?: (key: string) => string,
): Promise<WithdrawalRecord[]> {
  const rows = await new WithdrawalStore(core.context.db, () => core.context.now()).exportRows({ ...queryOf(filter), memberId });
  return rows.map((row) => withdrawalRecordOf(row, t));
}
