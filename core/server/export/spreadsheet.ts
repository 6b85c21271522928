import * as XLSX from '@e965/xlsx';

/**
 * How a column is written to XLSX: `text` as it is; `amount` (an exact decimal value: amount, price) as a number cell
 * where the cell is a plain decimal a double holds exactly, else as text too.
 */
export type ColumnKind = 'text' | 'amount';

/** A table to download: a header row and text cells (amounts stay exact decimal strings). */
export interface Table {
  header: string[];
  rows: string[][];
  /** The kind of each column by position; a column without one is text. CSV writes every cell as text. */
  kinds?: readonly ColumnKind[];
}

const UTF8_BOM = '\uFEFF';
const NUMBER = /^-?\d+(\.\d+)?$/;
// A decimal as amounts are written: no leading zeros, so "007" (a code, not a quantity) stays text.
const AMOUNT = /^-?(?:0|[1-9]\d*)(\.\d+)?$/;

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

// A double keeps any decimal of up to 15 significant digits (DBL_DIG); a spreadsheet shows no more than 15 either.
const EXACT_DIGITS = 15;

/**
 * An amount cell: a number showing the string's decimals ("0.10000000" → 0.1 shown with 8 places), or null when
 * the text is no plain decimal or has more significant digits than a double keeps.
 */
function amountCell(value: string): XLSX.CellObject | null {
  const match = AMOUNT.exec(value);
  if (!match) return null;
  const significant = value.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '');
  if (significant.length > EXACT_DIGITS) return null;
  const decimals = match[1] ? match[1].length - 1 : 0;
  return { t: 'n', v: Number(value), z: decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0' };
}

/** The widest a column is made, in characters: longer text wraps out of view rather than widening it. */
export const MAX_COLUMN_WIDTH = 40;
// East Asian wide characters (CJK, kana, Hangul, full-width forms) take two character widths
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/g;

/** Text's width in a spreadsheet's character units. */
const textWidth = (text: string) => text.length + (text.match(WIDE)?.length ?? 0);

/** Each column's width in characters: its longest cell (the header too) and a margin, at most MAX_COLUMN_WIDTH. */
export function columnWidths(table: Pick<Table, 'header' | 'rows'>): number[] {
  return table.header.map((title, column) =>
    Math.min(MAX_COLUMN_WIDTH, Math.max(textWidth(title), ...table.rows.map((row) => textWidth(row[column] ?? ''))) + 2),
  );
}

/**
 * An .xlsx workbook with one sheet: text cells, and numbers in the table's amount columns where they stay exact; an
 * empty string is no cell at all (blank, not an empty text). Columns are as wide as their text (columnWidths).
 */
export function toXlsx(table: Table, sheetName: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([table.header, ...table.rows]);
  const kinds = table.kinds ?? [];
  table.rows.forEach((row, index) => {
    row.forEach((value, column) => {
      const address = XLSX.utils.encode_cell({ r: index + 1, c: column });
      if (value === '') {
        delete sheet[address];
        return;
      }
      const cell = kinds[column] === 'amount' ? amountCell(value) : null;
      if (cell) sheet[address] = cell;
    });
  });
  sheet['!cols'] = columnWidths(table).map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
