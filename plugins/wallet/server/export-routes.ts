import {
  ApiError,
  exportTimes,
  TIME_ZONE_FIELD,
  TIME_ZONE_SCHEMA,
  toCsv,
  toXlsx,
  type ApiRequest,
  type ExportTimes,
  type FileResult,
  type ServerRegistrar,
  type Table,
} from '../../../core/server';
import { DEPOSIT_STATUSES, WALLET_PATHS, WITHDRAWAL_STATUSES, type BillFilter, type ExportFormat, type ExportRequest, type RecordFilter } from '../shared/types';
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

type ExportBody = BillFilter & RecordFilter & Pick<ExportRequest, 'format' | 'timeZone'>;

/** The route's body schema: the lists' filters, the format and the member's time zone. */
const BODY = { ...EXPORT_BODY, properties: { ...EXPORT_BODY.properties, [TIME_ZONE_FIELD]: TIME_ZONE_SCHEMA } };
/** Columns of times (written in the member's zone, which their titles name) and of amounts (numbers in XLSX). */
const TIME_COLUMNS: ReadonlySet<string> = new Set(['time', 'creditTime', 'updateTime']);
const AMOUNT_COLUMNS: ReadonlySet<string> = new Set(['amount', 'fee', 'receive']);

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** "transferIn" → "TransferIn": the suffix of a text key. */
const keyPart = (value: string) => value[0]!.toUpperCase() + value.slice(1);

/** What builds one table: the request (language, member), its filter and times. The texts are the wallet pages' own. */
class ExportJob {
  constructor(
    readonly request: ApiRequest,
    readonly filter: ExportBody,
    readonly times: ExportTimes,
  ) {}

  get memberId(): string {
    return this.request.principal!.id;
  }

  text(key: string): string {
    return this.request.t(`wallet:${key}`);
  }

  /** A table of these columns (names of `col…` texts) and rows. */
  table(columns: string[], rows: string[][]): Table {
    return {
      header: columns.map((column) => {
        const title = this.text(`col${keyPart(column)}`);
        return TIME_COLUMNS.has(column) ? this.times.header(title) : title;
      }),
      kinds: columns.map((column) => (AMOUNT_COLUMNS.has(column) ? 'amount' : 'text')),
      rows,
    };
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
      return job.table(
        ['time', 'account', 'currency', 'kind', 'bucket', 'amount', 'id'],
        records.map((bill) => [
          job.times.format(bill.createTime),
          job.text(`account${keyPart(accountName(bill.type))}`),
          bill.currency,
          job.text(`kind${keyPart(bill.kind)}`),
          job.text(`bucket${keyPart(bill.bucket)}`),
          bill.amount,
          bill.id,
        ]),
      );
    },
    async deposits(job) {
      const records = await listDepositsForExport(wallet, job.memberId, job.recordFilter(DEPOSIT_STATUSES));
      return job.table(
        ['time', 'currency', 'network', 'address', 'amount', 'confirmations', 'status', 'txHash', 'creditTime'],
        records.slice(0, EXPORT_MAX_ROWS).map((deposit) => [
          job.times.format(deposit.createTime),
          deposit.currency,
          deposit.network,
          deposit.address,
          deposit.amount,
          `${deposit.confirmations}/${deposit.requiredConfirmations}`,
          job.status(deposit.status),
          deposit.txHash,
          job.times.format(deposit.creditTime),
        ]),
      );
    },
    async withdrawals(job) {
      const filter = job.recordFilter(WITHDRAWAL_STATUSES);
      const records = await listWithdrawalsForExport(wallet, job.memberId, filter, (key) => job.request.t(key));
      return job.table(
        ['time', 'currency', 'network', 'address', 'amount', 'fee', 'receive', 'status', 'reason', 'txHash', 'updateTime'],
        records.slice(0, EXPORT_MAX_ROWS).map((withdrawal) => [
          job.times.format(withdrawal.createTime),
          withdrawal.currency,
          withdrawal.network,
          withdrawal.address,
          withdrawal.amount,
          withdrawal.fee,
          withdrawal.receive,
          job.status(withdrawal.status),
          withdrawal.reason ?? '',
          withdrawal.txHash ?? '',
          job.times.format(withdrawal.updateTime),
        ]),
      );
    },
  };

  registrar.route<unknown, ExportBody, { kind: ExportKind }, FileResult>({
    method: 'POST',
    path: WALLET_PATHS.exportRecords,
    auth: 'user',
    schema: {
      params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: [...EXPORT_KINDS] } } },
      body: BODY,
    },
    async handler(request) {
      const { kind } = request.params;
      const { format } = request.body;
      const times = exportTimes(request.body.timeZone);
      checkRecordFilter(wallet, request.body);
      const table = await tables[kind](new ExportJob(request, request.body, times));
      const fileName = `${kind}-${context.now().toISOString().slice(0, 10)}.${format}`;
      const body = format === 'csv' ? toCsv(table) : toXlsx(table, request.t(`wallet:${SHEET_TITLES[kind]}`));
      return { kind: 'file', fileName, contentType: CONTENT_TYPES[format], body };
    },
  });
}
