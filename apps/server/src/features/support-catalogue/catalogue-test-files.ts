import { randomUUID } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { readSampleCatalogue, type SampleCatalogueYear } from '../../seed/sample-catalogue';

/**
 * Catalogue files for tests: the shipped samples as rows, changed copies of them, generated
 * catalogues of any size, and the same rows as a real XLSX workbook.
 */

export function sampleRows(year: SampleCatalogueYear): string[][] {
  return parseCsv(readSampleCatalogue(year).bytes, { bom: true }) as string[][];
}

/** Rows as CSV text, quoting what needs it, as Excel saves a sheet. */
export function toCsv(rows: readonly (readonly string[])[]): Buffer {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return Buffer.from(`${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`);
}

/** A copy of the rows with one cell of the item `number` changed (the column by its heading). */
export function withCell(rows: string[][], number: string, heading: string, value: string): string[][] {
  const column = rows[0]!.indexOf(heading);
  if (column < 0) throw new Error(`no column ${heading}`);
  return rows.map((row) => (row[0] === number ? row.map((cell, i) => (i === column ? value : cell)) : row));
}

/**
 * A catalogue of `count` hourly core items in the NDIA's layout (numbers 01_100_0107_1_1 upwards),
 * starting on `startDate` (yyyymmdd): for timing imports the size of the real file.
 */
export function generatedCatalogueRows(count: number, startDate = '20250701'): string[][] {
  const [headings, template] = sampleRows('2025-26');
  const rows = [headings!];
  for (let i = 0; i < count; i++) {
    const row = [...template!];
    row[0] = `01_${String(100 + (i % 900)).padStart(3, '0')}_${String(1000 + Math.floor(i / 900)).padStart(4, '0')}_1_1`;
    row[1] = `Generated Support Item ${i + 1} - Weekday Daytime`;
    row[2] = row[0].split('_')[2]!;
    row[10] = startDate;
    rows.push(row);
  }
  return rows;
}

/**
 * The rows as an XLSX workbook laid out as the NDIA publishes it: a front sheet, then "Current
 * Support Items" whose dates are numbers (20250701) or real dates, and whose prices are numbers.
 */
export async function catalogueXlsx(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Read Me').addRow(['SAMPLE NDIS Support Catalogue for tests']);
  const sheet = workbook.addWorksheet('Current Support Items');
  const headings = rows[0]!;
  const priceColumns = new Set(
    ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'Remote', 'Very Remote'].map((h) =>
      headings.indexOf(h),
    ),
  );
  const start = headings.indexOf('Start date');
  const end = headings.indexOf('End Date');
  sheet.addRow([...headings]);
  rows.slice(1).forEach((row, r) => {
    sheet.addRow(
      row.map((cell, i): ExcelJS.CellValue => {
        if (priceColumns.has(i)) return cell === '' ? null : Number(cell.replace(/[$,]/g, ''));
        // Half the start dates as Excel dates, half as the catalogue's yyyymmdd numbers.
        if (i === start && r % 2 === 0) {
          return new Date(
            Date.UTC(Number(cell.slice(0, 4)), Number(cell.slice(4, 6)) - 1, Number(cell.slice(6, 8))),
          );
        }
        if (i === start || i === end) return Number(cell);
        return cell;
      }),
    );
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with the file in a part named `file`. */
export function catalogueMultipart(fileName: string, bytes: Buffer) {
  const boundary = `----wattle${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
