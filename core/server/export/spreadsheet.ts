import * as XLSX from '@e965/xlsx';

/** A table to download: a header row and text cells (amounts stay exact decimal strings). */
export interface Table {
  header: string[];
  rows: string[][];
}

const UTF8_BOM = '\uFEFF';
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell as RFC 4180 wants it (quoted when it holds a quote, comma or line break; quotes doubled). Text that a
 * spreadsheet would run as a formula (=, +, -, @ first, other than a plain number) is prefixed with an apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV with CRLF line ends and a UTF-8 byte-order mark, so spreadsheet programs read the text as UTF-8. */
export function toCsv(table: Table): Buffer {
  const lines = [table.header, ...table.rows].map((cells) => cells.map(csvCell).join(','));
  return Buffer.from(UTF8_BOM + lines.map((line) => `${line}\r\n`).join(''), 'utf8');
}

/** An .xlsx workbook with one sheet; every cell is text. */
export function toXlsx(table: Table, sheetName: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([table.header, ...table.rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
