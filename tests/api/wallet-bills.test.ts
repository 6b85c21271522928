import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerCommand } from '../../core/engine';
import { WALLET_PATHS, type BillRecord } from '../../plugins/wallet/shared/types';
import { parseCsv } from '../support/csv';
import { availableDialects, type TestDialect } from './harness';
import { startWalletServer, TRADE_PASSWORD, type WalletMember, type WalletTestServer } from './wallet-harness';

const dialects = await availableDialects();
const HOUR = 60 * 60 * 1000;
/** An ISO-8601 time as an export writes it in UTC, or in a zone `offset` hours ahead of it all year. */
const exported = (iso: string, offset = 0) => new Date(Date.parse(iso) + offset * HOUR).toISOString().slice(0, 19).replace('T', ' ');

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('wallet bills and exports (%s)', (dialect) => {
  let server: WalletTestServer;
  let member: WalletMember;
  let counterparty: WalletMember;
  const start = Date.now() - 10 * HOUR;
  const at = (n: number) => start + n * 1000;

  beforeAll(async () => {
    server = await startWalletServer(dialect);
    member = await server.signUp();
    counterparty = await server.signUp();
    const userId = member.id;
    const commands: LedgerCommand[] = [
      { kind: 'depositCredit', id: `b1:${userId}`, at: at(1), userId, currency: 'USDT', amount: '100' },
      { kind: 'transfer', id: `b2:${userId}`, at: at(2), userId, currency: 'USDT', amount: '30', from: 'coin', to: 'contract' },
      { kind: 'bonusCredit', id: `b3:${userId}`, at: at(3), userId, currency: 'USDT', amount: '20' },
      // out of the contract account: the 20 of experience gold go back with it
      { kind: 'transfer', id: `b4:${userId}`, at: at(4), userId, currency: 'USDT', amount: '10', from: 'contract', to: 'coin' },
      { kind: 'withdrawalHold', id: `b5:${userId}`, at: at(5), userId, currency: 'USDT', amount: '5' },
      { kind: 'withdrawalSettle', id: `b6:${userId}`, at: at(6), userId, currency: 'USDT', amount: '5', fee: '1' },
      { kind: 'withdrawalHold', id: `b7:${userId}`, at: at(7), userId, currency: 'USDT', amount: '2' },
      { kind: 'withdrawalRelease', id: `b8:${userId}`, at: at(8), userId, currency: 'USDT', amount: '2' },
      { kind: 'hold', id: `b9:${userId}`, at: at(9), userId, accountType: 'contract', currency: 'USDT', amount: '1.5' },
      { kind: 'release', id: `b10:${userId}`, at: at(10), userId, accountType: 'contract', currency: 'USDT', amount: '0.5' },
      {
        kind: 'settle',
        id: `b11:${userId}`,
        at: at(11),
        memo: 'trade',
        lines: [
          { owner: userId, type: 'coin', currency: 'USDT', bucket: 'available', amount: '-3' },
          { owner: counterparty.id, type: 'coin', currency: 'USDT', bucket: 'available', amount: '3' },
        ],
      },
      { kind: 'depositCredit', id: `b12:${userId}`, at: at(12), userId, currency: 'BTC', amount: '0.001' },
    ];
    for (const command of commands) await server.submit(command);
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  const bills = (body: Record<string, unknown>, token = member.token) => server.post(WALLET_PATHS.myBill, body, token);
  async function allBills(filter: Record<string, unknown> = {}): Promise<BillRecord[]> {
    const response = await bills({ ...filter, size: 100 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.records;
  }
  const exportRecords = (kind: string, body: unknown, language = 'en') =>
    fetch(server.api(WALLET_PATHS.exportRecords.replace(':kind', kind)), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${member.token}`, 'mj-lang': language },
      body: JSON.stringify(body),
    });

  it('names every ledger line of the member by what moved it, newest first', async () => {
    const lines = (await allBills()).map((bill) => [bill.type, bill.currency, bill.kind, bill.bucket, bill.amount]);
    expect(lines).toEqual([
      [1, 'BTC', 'deposit', 'available', '0.001'],
      [1, 'USDT', 'trade', 'available', '-3'],
      [4, 'USDT', 'unfreeze', 'available', '0.5'],
      [4, 'USDT', 'unfreeze', 'frozen', '-0.5'],
      [4, 'USDT', 'freeze', 'frozen', '1.5'],
      [4, 'USDT', 'freeze', 'available', '-1.5'],
      [1, 'USDT', 'withdrawalReturn', 'available', '2'],
      [1, 'USDT', 'unfreeze', 'frozen', '-2'],
      [1, 'USDT', 'freeze', 'frozen', '2'],
      [1, 'USDT', 'withdrawal', 'available', '-2'],
      [1, 'USDT', 'withdrawal', 'frozen', '-5'],
      [1, 'USDT', 'freeze', 'frozen', '5'],
      [1, 'USDT', 'withdrawal', 'available', '-5'],
      [4, 'USDT', 'bonusClawback', 'available', '-20'],
      [1, 'USDT', 'transferIn', 'available', '10'],
      [4, 'USDT', 'transferOut', 'available', '-10'],
      [4, 'USDT', 'bonus', 'available', '20'],
      [4, 'USDT', 'transferIn', 'available', '30'],
      [1, 'USDT', 'transferOut', 'available', '-30'],
      [1, 'USDT', 'deposit', 'available', '100'],
    ]);
    const [newest] = await allBills();
    expect(newest!.createTime).toBe(new Date(at(12)).toISOString());
    expect(newest!.id).toMatch(/^\d+-\d+$/);
  });

  it('adds the bills of each bucket up to its balance', async () => {
    const sum = (records: BillRecord[]) => records.reduce((total, bill) => total + Math.round(Number(bill.amount) * 1e8), 0) / 1e8;
    for (const [type, available, frozen] of [[1, '72', '0'], [4, '19', '1']] as const) {
      const records = await allBills({ type, currency: 'USDT' });
      const balance = (await server.post(WALLET_PATHS.currencyAccount, { type, currency: 'USDT' }, member.token)).body.data;
      expect([balance.available, balance.frozen]).toEqual([available, frozen]);
      expect(sum(records.filter((bill) => bill.bucket === 'available'))).toBe(Number(available));
      expect(sum(records.filter((bill) => bill.bucket === 'frozen'))).toBe(Number(frozen));
    }
  });

  it('filters by account type, currency, kind and time, and pages', async () => {
    expect((await allBills({ type: 4 })).every((bill) => bill.type === 4)).toBe(true);
    expect(await allBills({ type: 4 })).toHaveLength(8);
    expect((await allBills({ currency: 'BTC' })).map((bill) => bill.kind)).toEqual(['deposit']);
    const kinds = {
      deposit: 2, transferIn: 2, transferOut: 2, bonus: 1, bonusClawback: 1, withdrawal: 3, withdrawalReturn: 1,
      freeze: 4, unfreeze: 3, trade: 1, withdrawalFee: 0, fee: 0, other: 0,
    };
    for (const [kind, count] of Object.entries(kinds)) {
      const records = await allBills({ kind });
      expect(records.length, kind).toBe(count);
      expect(records.every((bill) => bill.kind === kind)).toBe(true);
    }
    expect((await allBills({ startTime: at(4), endTime: at(6) })).map((bill) => bill.kind)).toEqual(['freeze', 'withdrawal', 'bonusClawback', 'transferIn', 'transferOut']);

    const second = await bills({ current: 2, size: 3 });
    expect(second.body.data).toMatchObject({ total: 20, size: 3, current: 2, pages: 7 });
    expect(second.body.data.records.map((bill: BillRecord) => bill.amount)).toEqual(['-0.5', '1.5', '-1.5']);
    const defaults = await bills({});
    expect(defaults.body.data).toMatchObject({ total: 20, size: 10, current: 1, pages: 2 });
    expect((await bills({}, counterparty.token)).body.data.records.map((bill: BillRecord) => bill.kind)).toEqual(['trade']);
  });

  it('refuses bad filters naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ size: 101 }, 'size'],
      [{ current: 0 }, 'current'],
      [{ current: '1' }, 'current'],
      [{ current: 2 ** 53 }, 'current'],
      [{ kind: 'gift' }, 'kind'],
      [{ type: 0 }, 'type'],
      [{ currency: 'DOGE' }, 'currency'],
      [{ startTime: at(5), endTime: at(5) }, 'endTime'],
      [{ startTime: -1 }, 'startTime'],
      [{ page: 1 }, 'page'],
    ];
    for (const [body, field] of cases) {
      const response = await bills(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.data).toEqual({ field });
    }
    expect((await server.post(WALLET_PATHS.myBill, {})).status).toBe(401);
  });

  it('exports the bills as CSV that reads back, in the request language, times in UTC', async () => {
    const response = await exportRecords('bills', { format: 'csv', currency: 'USDT' }, 'de');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="bills-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['Zeit (UTC)', 'Konto', 'Währung', 'Art', 'Saldo', 'Betrag', 'Referenz']);
    const records = await allBills({ currency: 'USDT' });
    expect(rows.slice(1)).toHaveLength(records.length);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[5], row[6]])).toEqual(records.map((bill) => [exported(bill.createTime), 'USDT', bill.amount, bill.id]));
    expect(rows.at(-1)!.slice(1, 5)).toEqual(['Coin-Konto', 'USDT', 'Einzahlung', 'verfügbar']);
    // negative amounts stay numbers, not formula-guarded text
    expect(rows.some((row) => row[5] === '-30')).toBe(true);
  });

  it('exports the bills as an XLSX workbook that SheetJS reads back', async () => {
    const response = await exportRecords('bills', { format: 'xlsx', type: 1, current: 1, size: 10 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/filename="bills-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = XLSX.read(bytes, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
    expect(rows[0]).toEqual(['Time (UTC)', 'Account', 'Currency', 'Type', 'Balance', 'Amount', 'Reference']);
    const records = await allBills({ type: 1 });
    // paging fields are ignored: every matching row is exported
    expect(rows.slice(1).map((row) => [row[1], row[2], row[5]])).toEqual(records.map((bill) => ['Coin account', bill.currency, bill.amount]));
  });

  it("writes XLSX times in the member's zone, amounts as numbers and references as text", async () => {
    const response = await exportRecords('bills', { format: 'xlsx', currency: 'USDT', timeZone: 'Asia/Kolkata' }, 'de');
    expect(response.status).toBe(200);
    const book = XLSX.read(Buffer.from(await response.arrayBuffer()), { type: 'buffer', cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect([sheet.A1.v, sheet.F1.v]).toEqual(['Zeit (Asia/Kolkata)', 'Betrag']);
    const records = await allBills({ currency: 'USDT' });
    records.forEach((bill, index) => {
      const row = index + 2;
      // India is UTC+05:30 all year
      expect(sheet[`A${row}`]).toMatchObject({ t: 's', v: exported(bill.createTime, 5.5) });
      expect(sheet[`F${row}`]).toMatchObject({ t: 'n', v: Number(bill.amount), w: bill.amount });
      expect(sheet[`G${row}`]).toMatchObject({ t: 's', v: bill.id });
    });
    expect(records.some((bill) => bill.amount === '-1.5')).toBe(true);
  });

  it('exports deposits and withdrawals through the chain side\'s records', async () => {
    const saver = await server.signUp({ tradePassword: true });
    await server.credit(saver.id, 'USDT', '50');
    const withdrawn = await server.post(
      WALLET_PATHS.withdraw,
      { currency: 'USDT', network: 'DEVNET', address: '0x000000000000000000000000000000000000dEaD', amount: '20', tradePassword: TRADE_PASSWORD },
      saver.token,
    );
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const download = async (kind: string, body: unknown) => {
      const response = await fetch(server.api(WALLET_PATHS.exportRecords.replace(':kind', kind)), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Blade-Auth': `bearer ${saver.token}`, 'mj-lang': 'en' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };

    const withdrawals = parseCsv((await download('withdrawals', { format: 'csv', status: 'review' })).subarray(3).toString('utf8'));
    expect(withdrawals).toHaveLength(2);
    expect(withdrawals[0]).toEqual([
      'Time (UTC)',
      'Currency',
      'Network',
      'Address',
      'Amount',
      'Fee',
      'Received',
      'Status',
      'Reason',
      'Transaction hash',
      'Updated at (UTC)',
    ]);
    expect(withdrawals[1]!.slice(1, 8)).toEqual(['USDT', 'DEVNET', withdrawn.body.data.address, '20', '1', '19', 'Under review']);
    const [record] = (await server.post(WALLET_PATHS.withdrawalLog, { size: 1 }, saver.token)).body.data.records;
    expect([withdrawals[1]![0], withdrawals[1]![10]]).toEqual([exported(record.createTime), exported(record.updateTime)]);

    const sheetOf = (bytes: Buffer) => {
      const book = XLSX.read(bytes, { type: 'buffer', cellNF: true });
      return book.Sheets[book.SheetNames[0]!]!;
    };
    const zoned = sheetOf(await download('withdrawals', { format: 'xlsx', timeZone: 'Asia/Kathmandu' }));
    expect([zoned.A1.v, zoned.K1.v]).toEqual(['Time (Asia/Kathmandu)', 'Updated at (Asia/Kathmandu)']);
    // Nepal is UTC+05:45 all year
    expect([zoned.A2.v, zoned.K2.v]).toEqual([exported(record.createTime, 5.75), exported(record.updateTime, 5.75)]);
    expect([zoned.E2, zoned.F2, zoned.G2].map((cell) => [cell.t, cell.v])).toEqual([
      ['n', 20],
      ['n', 1],
      ['n', 19],
    ]);
    // the address looks like a hex number to no one, but stays text like every text column
    expect(zoned.D2).toMatchObject({ t: 's', v: withdrawn.body.data.address });
    expect(parseCsv((await download('withdrawals', { format: 'csv', status: 'completed' })).subarray(3).toString('utf8'))).toHaveLength(1);

    const book = XLSX.read(await download('deposits', { format: 'xlsx', currency: 'USDT' }), { type: 'buffer' });
    const deposits = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(deposits).toEqual([['Time (UTC)', 'Currency', 'Network', 'Address', 'Amount', 'Confirmations', 'Status', 'Transaction hash', 'Credited at (UTC)']]);
  });

  it('refuses bad export requests naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['bills', {}, 'format'],
      ['bills', { format: 'pdf' }, 'format'],
      ['trades', { format: 'csv' }, 'kind'],
      ['bills', { format: 'csv', status: 'credited' }, 'status'],
      ['bills', { format: 'csv', currency: 'DOGE' }, 'currency'],
      ['bills', { format: 'csv', startTime: at(3), endTime: at(1) }, 'endTime'],
      ['deposits', { format: 'csv', kind: 'deposit' }, 'kind'],
      ['withdrawals', { format: 'csv', type: 1 }, 'type'],
      ['withdrawals', { format: 'csv', status: 'credited' }, 'status'],
      ['deposits', { format: 'csv', status: 'review' }, 'status'],
      ['bills', { format: 'csv', timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      ['deposits', { format: 'xlsx', timeZone: 'UTC+1' }, 'timeZone'],
      ['withdrawals', { format: 'csv', timeZone: '' }, 'timeZone'],
      ['bills', { format: 'xlsx', timeZone: 3600 }, 'timeZone'],
    ];
    for (const [kind, body, field] of cases) {
      const response = await exportRecords(kind, body);
      expect(response.status, `${kind} ${JSON.stringify(body)}`).toBe(400);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect((await response.json()).data).toEqual({ field });
    }
  });
});
