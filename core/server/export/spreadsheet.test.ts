import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv, toXlsx } from './spreadsheet';

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
  it('writes one sheet of text cells that SheetJS reads back', () => {
    const bytes = toXlsx({ header: ['Amount'], rows: [['0.12345678901234567'], ['-3']] }, 'A sheet name longer than thirty-one characters');
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['A sheet name longer than thirty']);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([['Amount'], ['0.12345678901234567'], ['-3']]);
    expect(sheet.A2.t).toBe('s');
  });
});
