import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { columnWidths, csvCell, MAX_COLUMN_WIDTH, toCsv, toXlsx } from './spreadsheet';

describe('CSV', () => {
  it('quotes cells with quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('')).toBe('');
  });

  it('keeps numbers as they are and defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('-30.5')).toBe('-30.5');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
  });

  it('starts with a UTF-8 byte-order mark and ends every row with CRLF', () => {
    const bytes = toCsv({ header: ['Zeit', 'Währung'], rows: [['2026-03-01T00:00:00.000Z', 'USDT']] });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Zeit,Währung\r\n2026-03-01T00:00:00.000Z,USDT\r\n');
  });
});

describe('XLSX', () => {
  const readBack = (bytes: Buffer) => {
    const book = XLSX.read(bytes, { type: 'buffer', cellNF: true });
    return { book, sheet: book.Sheets[book.SheetNames[0]!]! };
  };

  it('writes one sheet of text cells that SheetJS reads back', () => {
    const bytes = toXlsx({ header: ['Amount'], rows: [['0.12345678901234567'], ['-3']] }, 'A sheet name longer than thirty-one characters');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const { book, sheet } = readBack(bytes);
    expect(book.SheetNames).toEqual(['A sheet name longer than thirty']);
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([['Amount'], ['0.12345678901234567'], ['-3']]);
    // no column kinds: every cell is text
    expect([sheet.A2.t, sheet.A3.t]).toEqual(['s', 's']);
  });

  it("writes an amount column's plain decimals as numbers that show the string's decimals", () => {
    const rows = [['0.5'], ['-12.34000000'], ['67000'], ['0.10000000'], ['0'], ['123456789012.345']];
    const { sheet } = readBack(toXlsx({ header: ['Amount'], kinds: ['amount'], rows }, 'Sheet'));
    const cells = rows.map((_, index) => sheet[`A${index + 2}`]);
    expect(cells.map((cell) => [cell.t, cell.v, cell.z])).toEqual([
      ['n', 0.5, '0.0'],
      ['n', -12.34, '0.00000000'],
      ['n', 67000, '0'],
      ['n', 0.1, '0.00000000'],
      ['n', 0, '0'],
      ['n', 123456789012.345, '0.000'],
    ]);
    // shown as the string was written
    expect(cells.map((cell) => cell.w)).toEqual(rows.map(([value]) => value));
    expect(sheet.A1).toMatchObject({ t: 's', v: 'Amount' });
  });

  it('keeps text in an amount column where a double would not hold the value or it is no plain decimal', () => {
    const rows = [['12345678901234567'], ['0.12345678901234567'], ['1234567890.1234567'], ['100 USDT'], ['007'], ['1e5'], ['.5']];
    const { sheet } = readBack(toXlsx({ header: ['Amount'], kinds: ['amount'], rows }, 'Sheet'));
    expect(rows.map((_, index) => sheet[`A${index + 2}`].t)).toEqual(['s', 's', 's', 's', 's', 's', 's']);
    expect(sheet.A2.v).toBe('12345678901234567');
    expect(sheet.A3.v).toBe('0.12345678901234567');
  });

  it('leaves an empty string no cell at all, in amount and text columns alike', () => {
    const { sheet } = readBack(toXlsx({ header: ['Average', 'Note'], kinds: ['amount', 'text'], rows: [['', ''], ['1.5', 'x']] }, 'Sheet'));
    expect(sheet.A2).toBeUndefined();
    expect(sheet.B2).toBeUndefined();
    expect(sheet.A3).toMatchObject({ t: 'n', v: 1.5 });
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1, defval: null })).toEqual([['Average', 'Note'], [null, null], [1.5, 'x']]);
  });

  it('makes each column as wide as its longest cell and a margin, wide characters counting twice, up to a cap', () => {
    const table = {
      header: ['Time', 'Price', '数量', 'Note'],
      rows: [
        ['2026-11-29 22:49:09', '0.047600', '1.0000', 'x'.repeat(100)],
        ['2026-11-29 22:49:10', '12345.000000', '2.0000', ''],
      ],
    };
    expect(columnWidths(table)).toEqual([21, 14, 8, MAX_COLUMN_WIDTH]);
    const book = XLSX.read(toXlsx(table, 'Sheet'), { type: 'buffer', cellStyles: true });
    expect(book.Sheets.Sheet!['!cols']?.map((column) => column.wch)).toEqual([21, 14, 8, MAX_COLUMN_WIDTH]);
  });

  it('keeps ids, addresses and hashes that look numeric as text in text columns', () => {
    const table = {
      header: ['Reference', 'Amount', 'Address', 'Transaction hash'],
      kinds: ['text', 'amount', 'text', 'text'] as const,
      rows: [['1234567890', '-3', '0x000000000000000000000000000000000000dead', '0000000000000000000000000000000000000000000000000000000000000001']],
    };
    const { sheet } = readBack(toXlsx(table, 'Sheet'));
    expect(sheet.A2).toMatchObject({ t: 's', v: '1234567890' });
    expect(sheet.B2).toMatchObject({ t: 'n', v: -3 });
    expect(sheet.C2.t).toBe('s');
    expect(sheet.D2).toMatchObject({ t: 's', v: '0000000000000000000000000000000000000000000000000000000000000001' });
  });

  it('leaves CSV cells as the strings they are, whatever the column kinds', () => {
    const table = { header: ['Amount', 'Id'], kinds: ['amount', 'text'] as const, rows: [['0.10000000', '007']] };
    expect(toCsv(table).subarray(3).toString('utf8')).toBe('Amount,Id\r\n0.10000000,007\r\n');
  });
});
