import { ApiError, ERROR_CODES, notFoundError, pageOf, type ApiRequest, type Page, type ServerRegistrar } from '../../../core/server';
import { formatDecimal } from '../../../core/shared';
import {
  DEPOSIT_STATUSES,
  WALLET_CONSOLE_PATHS,
  WITHDRAWAL_STATUSES,
  type ConsoleDeposit,
  type ConsoleWithdrawal,
  type DepositStatus,
  type DevnetDepositInput,
  type DevnetDepositResult,
  type DevnetStatus,
  type WithdrawalStatus,
} from '../shared/types';
import { parseAmount } from './amounts';
import type { DevnetChain } from './chains/devnet';
import type { WalletCore } from './core-types';
import { depositRecordOf, type DepositStore } from './deposit-store';
import { consoleListSchema } from './record-filter';
import type { RecordTable } from './record-table';
import { ADDRESS, AMOUNT, CURRENCY, NETWORK } from './schemas';
import { ledgerToChain, networkAsset } from './units';
import { finishFunds } from './withdrawal-funds';
import { withdrawalRecordOf, type WithdrawalRow, type WithdrawalStore } from './withdrawal-store';

export interface ConsoleChainRouteDeps {
  core: WalletCore;
  devnet: () => DevnetChain;
  deposits: DepositStore;
  withdrawals: WithdrawalStore;
  /** Wakes the withdrawal processor after an approval. */
  onApproved(): void;
}

interface ListQuery<S> {
  status?: S;
  currency?: string;
  uid?: string;
  current: number;
  size: number;
}

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 40 } } };

/** Operator routes of the chain side: withdrawal review, deposit list, the devnet faucet and status. */
export function registerConsoleChainRoutes(registrar: ServerRegistrar, deps: ConsoleChainRouteDeps): void {
  const { core, deposits, withdrawals } = deps;
  const { identity } = core;

  const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
    core.context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });

  /** The member id of a uid: undefined without a uid filter, null for a uid no member has. */
  const memberOfUid = async (uid: string | undefined): Promise<string | null | undefined> => {
    if (uid === undefined) return undefined;
    return (await identity.getMemberByUid(uid))?.id ?? null;
  };

  /** uid of each member id, asked once per page. */
  const uidsOf = async (memberIds: string[]): Promise<Map<string, string>> => {
    const uids = new Map<string, string>();
    for (const id of new Set(memberIds)) uids.set(id, (await identity.getMember(id))?.uid ?? '');
    return uids;
  };

  const consoleWithdrawal = (row: WithdrawalRow, uid: string, t: (key: string) => string): ConsoleWithdrawal => ({
    ...withdrawalRecordOf(row, t),
    memberId: row.memberId,
    uid,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
  });

  /** A page of a table's records narrowed to the list query (a uid no member has finds none), audited as listed. */
  const listPage = async <Row extends { memberId: string }, Item>(
    request: ApiRequest<ListQuery<string>>,
    table: RecordTable<Row>,
    listed: { action: string; target: string },
    itemOf: (row: Row, uid: string) => Item,
  ): Promise<Page<Item>> => {
    const { status, currency, uid, current, size } = request.query;
    const memberId = await memberOfUid(uid);
    const { rows, total } = memberId === null ? { rows: [], total: 0 } : await table.page({ status, currency, memberId }, current, size);
    await audit(request, listed.action, listed.target, undefined, { status, currency, uid, current, size, total });
    const uids = await uidsOf(rows.map((row) => row.memberId));
    return pageOf(
      rows.map((row) => itemOf(row, uids.get(row.memberId)!)),
      total,
      size,
      current,
    );
  };

  registrar.route<ListQuery<WithdrawalStatus>, unknown, unknown, Page<ConsoleWithdrawal>>({
    method: 'GET',
    path: WALLET_CONSOLE_PATHS.withdrawals,
    auth: 'operator',
    permission: 'withdrawals.review',
    schema: { querystring: consoleListSchema(WITHDRAWAL_STATUSES) },
    handler: (request) =>
      listPage(request, withdrawals, { action: 'wallet.withdrawal.list', target: 'wallet_withdrawal' }, (row, uid) => consoleWithdrawal(row, uid, request.t)),
  });

  const review = (action: 'approve' | 'reject') =>
    registrar.route<unknown, { reason?: string } | undefined, { id: string }, ConsoleWithdrawal>({
      method: 'POST',
      path: action === 'approve' ? WALLET_CONSOLE_PATHS.approveWithdrawal : WALLET_CONSOLE_PATHS.rejectWithdrawal,
      auth: 'operator',
      permission: 'withdrawals.review',
      schema: {
        params: ID_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          ...(action === 'reject' ? { required: ['reason'] } : {}),
          properties: { reason: { type: 'string', maxLength: 200 } },
        },
      },
      async handler(request) {
        const reason = action === 'reject' ? (request.body?.reason ?? '').trim() : null;
        if (action === 'reject' && !reason) throw ApiError.fieldRequired('reason');
        const before = await withdrawals.byId(request.params.id);
        if (!before) throw notFoundError('id');
        const reviewed = { reviewedBy: request.principal!.id, reviewedAt: core.context.now().toISOString() };
        // compare-and-set: of two reviews, or a review and the member's cancel, exactly one wins
        const after = await withdrawals.transition(before.id, ['review'], action === 'approve' ? { ...reviewed, status: 'approved' } : { ...reviewed, status: 'rejected', reason });
        if (!after) throw new ApiError(ERROR_CODES.conflict, 'wallet:errWithdrawalNotInReview', { field: 'id' });
        await audit(request, `wallet.withdrawal.${action}`, `wallet_withdrawal:${after.id}`, { status: before.status }, { status: after.status, reason: after.reason });
        core.notify(after.memberId, 'withdrawal', { id: after.id, status: after.status });
        if (action === 'approve') deps.onApproved();
        else await finishFunds(core, withdrawals, after);
        const uids = await uidsOf([after.memberId]);
        return consoleWithdrawal(after, uids.get(after.memberId)!, request.t);
      },
    });
  review('approve');
  review('reject');

  registrar.route<ListQuery<DepositStatus>, unknown, unknown, Page<ConsoleDeposit>>({
    method: 'GET',
    path: WALLET_CONSOLE_PATHS.deposits,
    auth: 'operator',
    permission: 'members.read',
    schema: { querystring: consoleListSchema(DEPOSIT_STATUSES) },
    handler: (request) =>
      listPage(request, deposits, { action: 'wallet.deposit.list', target: 'wallet_deposit' }, (row, uid) => ({ ...depositRecordOf(row), memberId: row.memberId, uid })),
  });

  registrar.route<unknown, DevnetDepositInput, unknown, DevnetDepositResult>({
    method: 'POST',
    path: WALLET_CONSOLE_PATHS.devnetDeposit,
    auth: 'operator',
    permission: 'wallet.credit',
    schema: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['address', 'currency', 'network', 'amount'],
        properties: {
          address: ADDRESS,
          currency: CURRENCY,
          network: NETWORK,
          amount: AMOUNT,
        },
      },
    },
    async handler(request) {
      const body = request.body;
      const devnet = deps.devnet();
      const currency = core.currencies.get(body.currency);
      if (!currency) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errCurrencyUnavailable', { field: 'currency' });
      const network = core.currencies.network(currency.currency, body.network);
      if (!network || network.chain !== 'devnet') throw new ApiError(ERROR_CODES.badRequest, 'wallet:errNotDevnetNetwork', { field: 'network' });
      const address = devnet.normalizeAddress(body.address.trim());
      if (!address) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errAddressInvalid', { field: 'address' });
      const amount = parseAmount(body.amount.trim(), currency.scale, 'amount');
      const chainAmount = ledgerToChain(amount, currency.scale, network.chainDecimals);
      if (chainAmount === null) throw new ApiError(ERROR_CODES.badRequest, 'wallet:errTooManyDecimals', { field: 'amount', params: { scale: network.chainDecimals } });
      const { txHash } = await devnet.credit(address, networkAsset(network), chainAmount);
      await audit(request, 'wallet.devnet.deposit', `devnet:${address}`, undefined, {
        currency: currency.currency,
        network: network.network,
        amount: formatDecimal(amount, currency.scale),
        txHash,
      });
      return { txHash };
    },
  });

  registrar.route<unknown, unknown, unknown, DevnetStatus>({
    method: 'GET',
    path: WALLET_CONSOLE_PATHS.devnetStatus,
    auth: 'operator',
    permission: 'wallet.credit',
    async handler(request) {
      const status = await deps.devnet().status();
      await audit(request, 'wallet.devnet.status', 'devnet');
      return status;
    },
  });
}
