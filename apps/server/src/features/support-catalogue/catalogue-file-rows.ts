import {
  type CatalogueCell,
  catalogueMessages,
  normalizeHeading,
} from '@wattle/domain/time/catalogue-import';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import { AppError } from '../../http/app-error';

/**
 * Turns an uploaded catalogue file into rows of cells for the domain's catalogue reader: an XLSX
 * workbook (recognised by its ZIP signature, whatever the file is called) or otherwise CSV text.
 * The NDIA publishes the catalogue as XLSX; a CSV is that sheet saved as CSV, often by Excel in
 * Windows-1252 rather than UTF-8, which is read as such when it is not valid UTF-8.
 */
export async function catalogueFileRows(bytes: Buffer): Promise<CatalogueCell[][]> {
  return isZip(bytes) ? xlsxRows(bytes) : csvRows(bytes);
}

function isZip(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

function unreadable(reason?: string): AppError {
  return new AppError(
    'BAD_REQUEST',
    reason ? `${catalogueMessages.unreadable} ${reason}` : catalogueMessages.unreadable,
  );
}

/**
 * Windows-1252 differs from Latin-1 in 0x80-0x9F, where it keeps the en dash, curly quotes and the
 * like (Node's TextDecoder reads 'windows-1252' as Latin-1, so the difference is mapped here).
 */
const windows1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (c) => windows1252High[c.charCodeAt(0) - 0x80]!);
  }
}

function csvRows(bytes: Buffer): CatalogueCell[][] {
  const text = decodeText(bytes);
  // A binary file that is neither XLSX nor text (an old .xls, a PDF) is refused before parsing.
  if (text.includes('\u0000')) throw unreadable('Save the catalogue as XLSX or CSV.');
  try {
    return parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw unreadable(lines ? `The CSV breaks off at line ${lines} (a quote left open?).` : undefined);
  }
}

/** The sheet the NDIA puts its current items on, by name. */
const currentItemsSheet = normalizeHeading('Current Support Items');
const numberHeading = normalizeHeading('Support Item Number');

async function xlsxRows(bytes: Buffer): Promise<CatalogueCell[][]> {
  // exceljs (several MB of heap) is loaded with the first workbook, not at start-up (idle memory).
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    // exceljs types its input as its own Buffer; Node's is the same bytes.
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable('The workbook is damaged or is not an XLSX file.');
  }
  const sheets = workbook.worksheets.map((sheet) => ({ sheet, rows: sheetRows(sheet) }));
  const hasItems = (rows: CatalogueCell[][]) =>
    rows.slice(0, 10).some((row) => row.some((cell) => normalizeHeading(cell) === numberHeading));
  // "Current Support Items" when it is there; else the first sheet laid out as a catalogue; else the
  // first sheet, which the reader then calls a file of unknown layout.
  const chosen =
    sheets.find((s) => normalizeHeading(s.sheet.name) === currentItemsSheet && hasItems(s.rows)) ??
    sheets.find((s) => hasItems(s.rows)) ??
    sheets[0];
  return chosen?.rows ?? [];
}

/** A sheet's rows as plain cells, 0-based (exceljs counts rows and columns from 1). */
function sheetRows(sheet: ExcelJS.Worksheet): CatalogueCell[][] {
  const rows: CatalogueCell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows[rowNumber - 1] = values.map(plainCell);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return rows;
}

/** An exceljs cell value as text, number, boolean or date: rich text joined, formulas as their result. */
function plainCell(value: ExcelJS.CellValue): CatalogueCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return plainCell(value.result as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return String(value);
}
