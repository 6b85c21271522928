import { ApiError, toCsv, toXlsx, type ApiRequest, type FileResult, type ServerRegistrar, type Table } from '../../../core/server';
import { DEPOSIT_STATUSES, WALLET_PATHS, WITHDRAWAL_STATUSES, type BillFilter, type ExportFormat, type RecordFilter } from '../shared/types';
import { accountName } from './accounts';
import type { Bills } from './bills';
import { listDepositsForExport } from './deposits';
import { checkRecordFilter } from './member-routes';
import { EXPORT_BODY } from './schemas';
import type { Wallet } from './wallet';
import { listWithdrawalsForExport } from './withdrawals';

export const EXPORT_KINDS = ['bills', 'deposits', 'withdrawals'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** Rows of one export at most (the newest). */
export const EXPORT_MAX_ROWS = 10_000;

type ExportBody = BillFilter & RecordFilter & { format: ExportFormat };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** "transferIn" → "TransferIn": the suffix of a text key. */
const keyPart = (value: string) => value[0]!.toUpperCase() + value.slice(1);

/** What builds one table: the request (language, member) and its filter. The texts are the wallet pages' own. */
class ExportJob {
  constructor(
    readonly request: ApiRequest,
    readonly filter: ExportBody,
  ) {}

  get memberId(): string {
    return this.request.principal!.id;
  }

  text(key: string): string {
    return this.request.t(`wallet:${key}`);
  }

  header(...columns: string[]): string[] {
    return columns.map((column) => this.text(`col${keyPart(column)}`));
  }

  status(value: string): string {
    return this.text(`status${keyPart(value)}`);
  }

  /** The filter of a deposit or withdrawal list: no account type or bill kind, a status of that list. */
  recordFilter(statuses: readonly string[]): RecordFilter {
    const { type, kind, currency, status, startTime, endTime } = this.filter;
    if (type !== undefined) throw ApiError.fieldInvalid('type');
    if (kind !== undefined) throw ApiError.fieldInvalid('kind');
    if (status !== undefined && !statuses.includes(status)) throw ApiError.fieldInvalid('status');
    return { currency, status, startTime, endTime };
  }
}

const SHEET_TITLES: Record<ExportKind, string> = { bills: 'billsTitle', deposits: 'depositHistoryTitle', withdrawals: 'withdrawalHistoryTitle' };

export function registerExportRoutes(registrar: ServerRegistrar, deps: { wallet: Wallet; bills: Bills }): void {
  const { wallet, bills } = deps;
  const { context } = registrar;

  const tables: Record<ExportKind, (job: ExportJob) => Promise<Table>> = {
    async bills(job) {
      if (job.filter.status !== undefined) throw ApiError.fieldInvalid('status');
      const { records } = await bills.page(job.memberId, job.filter, EXPORT_MAX_ROWS, 0);
      return {
        header: job.header('time', 'account', 'currency', 'kind', 'bucket', 'amount', 'id'),
        rows: records.map((bill) => [
          bill.createTime,
          job.text(`account${keyPart(accountName(bill.type))}`),
          bill.currency,
          job.text(`kind${keyPart(bill.kind)}`),
          job.text(`bucket${keyPart(bill.bucket)}`),
          bill.amount,
          bill.id,
        ]),
      };
    },
    async deposits(job) {
      const records = await listDepositsForExport(wallet, job.memberId, job.recordFilter(DEPOSIT_STATUSES));
      return {
        header: job.header('time', 'currency', 'network', 'address', 'amount', 'confirmations', 'status', 'txHash', 'creditTime'),
        rows: records.slice(0, EXPORT_MAX_ROWS).map((deposit) => [
          deposit.createTime,
          deposit.currency,
          deposit.network,
          deposit.address,
          deposit.amount,
          `${deposit.confirmations}/${deposit.requiredConfirmations}`,
          job.status(deposit.status),
          deposit.txHash,
          deposit.creditTime ?? '',
        ]),
      };
    },
    async withdrawals(job) {
      const filter = job.recordFilter(WITHDRAWAL_STATUSES);
      const records = await listWithdrawalsForExport(wallet, job.memberId, filter, (key) => job.request.t(key));
      return {
        header: job.header('time', 'currency', 'network', 'address', 'amount', 'fee', 'receive', 'status', 'reason', 'txHash', 'updateTime'),
        rows: records.slice(0, EXPORT_MAX_ROWS).map((withdrawal) => [
          withdrawal.createTime,
          withdrawal.currency,
          withdrawal.network,
          withdrawal.address,
          withdrawal.amount,
          withdrawal.fee,
          withdrawal.receive,
          job.status(withdrawal.status),
          withdrawal.reason ?? '',
          withdrawal.txHash ?? '',
          withdrawal.updateTime,
        ]),
      };
    },
  };

  registrar.route<unknown, ExportBody, { kind: ExportKind }, FileResult>({
    method: 'POST',
    path: WALLET_PATHS.exportRecords,
    auth: 'user',
    schema: {
      params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [...EXPORT_KINDS] } } },
      body: EXPORT_BODY,
    },
    async handler(request) {
      const { kind } = request.params;
      const { format } = request.body;
      checkRecordFilter(wallet, request.body);
      const table = await tables[kind](new ExportJob(request, request.body));
      const fileName = `${kind}-${context.now().toISOString().slice(0, 10)}.${format}`;
      const body = format === 'csv' ? toCsv(table) : toXlsx(table, request.t(`wallet:${SHEET_TITLES[kind]}`));
      return { kind: 'file', fileName, contentType: CONTENT_TYPES[format], body };
    },
  });
}
