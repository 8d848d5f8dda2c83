import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { supportCatalogues, supportItems } from '../../db/schema/catalogue';
import { readSampleCatalogue } from '../../seed/sample-catalogue';
import { supportItemsInForce } from './catalogue-in-force';
import {
  catalogueMultipart,
  catalogueXlsx,
  generatedCatalogueRows,
  sampleRows,
  toCsv,
  withCell,
} from './catalogue-test-files';

let t: TestApp;
let sunrise: string;
let bluegum: string;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  ben: 'ben.owner@bluegum.example',
};

async function client(person: keyof typeof emails, tenant = sunrise): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(tenant);
}

async function importFile(person: keyof typeof emails, fileName: string, bytes: Buffer, tenant = sunrise) {
  const body = catalogueMultipart(fileName, bytes);
  return (await client(person, tenant)).request({
    method: 'POST',
    url: '/api/support-catalogue/imports',
    payload: body.payload,
    headers: body.headers,
  });
}

/** What the database holds of a tenant's catalogues: years with their item counts, and audit entries. */
async function stored(tenantId: string) {
  return t.readInTenant(tenantId, async (tx) => {
    const years = await tx
      .select({ yearLabel: supportCatalogues.yearLabel, id: supportCatalogues.id })
      .from(supportCatalogues)
      .orderBy(supportCatalogues.yearLabel);
    const items = await tx
      .select({ catalogueId: supportItems.catalogueId, n: count() })
      .from(supportItems)
      .groupBy(supportItems.catalogueId);
    const [audits] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, 'support-catalogue')));
    return {
      years: years.map((y) => `${y.yearLabel}:${items.find((i) => i.catalogueId === y.id)?.n ?? 0}`),
      audits: audits?.n ?? 0,
    };
  });
}

async function search(person: keyof typeof emails, query: string, tenant = sunrise) {
  return (await client(person, tenant)).get(`/api/support-items?${query}`);
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

describe('the sample catalogue of the demo data', () => {
  it('is imported into each demo tenant as the 2025-26 year, in force today', async () => {
    const res = await (await client('olivia')).get('/api/support-catalogues');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: expect.any(String),
        yearLabel: '2025-26',
        effectiveFrom: '2025-07-01',
        sourceFileName: 'SAMPLE-ndis-support-catalogue-2025-26.csv',
        itemCount: 48,
        importedBy: { id: expect.any(String), name: 'Olivia Owner' },
        importedAt: expect.any(String),
        isInForce: true,
      },
    ]);
    expect((await stored(bluegum)).years).toEqual(['2025-26:48']);
  });
});

describe('POST /api/support-catalogue/imports', () => {
  it('replaces a year imported again, keeping its id, and audits the import', async () => {
    const before = await stored(sunrise);
    const [listed] = (await (await client('olivia')).get('/api/support-catalogues')).body.data;
    const rows = withCell(sampleRows('2025-26'), '01_011_0107_1_1', 'NSW', '$69.50');
    const res = await importFile('olivia', 'NDIS-Support-Catalogue-2025-26.csv', toCsv(rows));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      replacedEarlierImport: true,
      catalogue: {
        id: listed.id,
        yearLabel: '2025-26',
        itemCount: 48,
        sourceFileName: 'NDIS-Support-Catalogue-2025-26.csv',
        isInForce: true,
      },
    });
    const after = await stored(sunrise);
    expect(after.years).toEqual(['2025-26:48']);
    expect(after.audits).toBe(before.audits + 1);
    const item = await search('olivia', 'q=01_011_0107_1_1&date=2025-08-01');
    expect(item.body.data[0].priceLimitsCents).toMatchObject({ NSW: 6950, VIC: 7023 });
    // Back to the sample for the tests that follow.
    expect((await importFile('olivia', 'SAMPLE.csv', readSampleCatalogue('2025-26').bytes)).status).toBe(201);
  });

  it('keeps the older year when a new one is imported; each date reads the catalogue in force then', async () => {
    const res = await importFile(
      'olivia',
      'SAMPLE-ndis-support-catalogue-2026-27.csv',
      readSampleCatalogue('2026-27').bytes,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      replacedEarlierImport: false,
      catalogue: { yearLabel: '2026-27', effectiveFrom: '2026-07-01', itemCount: 48 },
    });
    expect((await stored(sunrise)).years).toEqual(['2025-26:48', '2026-27:48']);

    const june = await search('sophie', 'q=01_011_0107_1_1&date=2026-06-30');
    const july = await search('sophie', 'q=01_011_0107_1_1&date=2026-07-01');
    expect(june.body.data[0].priceLimitsCents.NSW).toBe(7023);
    expect(july.body.data[0].priceLimitsCents.NSW).toBe(7269);
    // Meal preparation was dropped in 2026-27 and podiatry added.
    expect((await search('sophie', 'q=meal&date=2026-06-30')).body.data).toHaveLength(1);
    expect((await search('sophie', 'q=meal&date=2026-07-01')).body.data).toHaveLength(0);
    expect((await search('sophie', 'q=podiatry&date=2026-06-30')).body.data).toHaveLength(0);
    expect((await search('sophie', 'q=podiatry&date=2026-07-01')).body.data).toHaveLength(1);
    // Before the first imported year there is no catalogue, and so no items.
    expect((await search('sophie', 'date=2025-06-30')).body).toMatchObject({ data: [], meta: { total: 0 } });

    const listed = (await (await client('olivia')).get('/api/support-catalogues')).body.data;
    expect(listed.map((c: { yearLabel: string; isInForce: boolean }) => [c.yearLabel, c.isInForce])).toEqual([
      ['2026-27', true],
      ['2025-26', false],
    ]);

    // The pricing rules read the items in force on an entry's date through supportItemsInForce.
    const older = await t.readInTenant(sunrise, (tx) => supportItemsInForce(tx, sunrise, '2026-06-30'));
    const newer = await t.readInTenant(sunrise, (tx) => supportItemsInForce(tx, sunrise, '2026-07-01'));
    expect(older).toHaveLength(48);
    expect(older.find((item) => item.number === '01_013_0107_1_1')?.priceLimitsCents.NSW).toBe(9883);
    expect(newer.find((item) => item.number === '01_013_0107_1_1')?.priceLimitsCents.NSW).toBe(10229);
    expect(await t.readInTenant(sunrise, (tx) => supportItemsInForce(tx, sunrise, '2024-12-25'))).toEqual([]);
  });

  it('imports the same catalogue as an XLSX workbook, with numbers, dates and a front sheet', async () => {
    const bytes = await catalogueXlsx(withCell(sampleRows('2025-26'), '15_056_0128_1_3', 'WA', '$201.50'));
    const res = await importFile('ben', 'NDIS-Support-Catalogue-2025-26.xlsx', bytes, bluegum);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      replacedEarlierImport: true,
      catalogue: { yearLabel: '2025-26', itemCount: 48 },
    });
    const fromXlsx = await search('ben', 'limit=50&date=2025-07-01', bluegum);
    const fromCsv = await search('olivia', 'limit=50&date=2025-07-01');
    expect(fromXlsx.body.meta.total).toBe(48);
    const physio = (body: { data: { number: string }[] }) =>
      body.data.find((i) => i.number === '15_056_0128_1_3');
    expect(physio(fromXlsx.body)).toEqual({
      ...physio(fromCsv.body),
      priceLimitsCents: {
        ...(physio(fromCsv.body) as never as { priceLimitsCents: object }).priceLimitsCents,
        WA: 20150,
      },
    });
    const others = (body: { data: { number: string }[] }) =>
      body.data.filter((i) => i.number !== '15_056_0128_1_3');
    expect(others(fromXlsx.body)).toEqual(others(fromCsv.body));
  });

  it('refuses a malformed file, naming the row and the problem, and imports nothing', async () => {
    const before = await stored(sunrise);
    const rows = withCell(sampleRows('2026-27'), '01_012_0107_1_1', 'Support Item Number', '01_011_107_1_1');
    // Moved to a new year, so a partial import would show as a third catalogue.
    const nextYear = rows.map((row, i) =>
      i === 0 ? row : row.map((cell) => (cell === '20260701' ? '20270701' : cell)),
    );
    const badRow = nextYear.findIndex((row) => row[0] === '01_011_107_1_1') + 1;
    const res = await importFile('olivia', 'broken.csv', toCsv(nextYear));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'BAD_REQUEST',
      message: `Row ${badRow}: "01_011_107_1_1" is not a support item number`,
      details: { problems: [`Row ${badRow}: "01_011_107_1_1" is not a support item number`] },
    });

    const badPrice = withCell(sampleRows('2025-26'), '04_104_0125_6_1', 'QLD', 'seventy');
    const refused = await importFile('olivia', 'broken.csv', toCsv(badPrice));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Row \d+: QLD price "seventy" is not an amount$/);
    expect(await stored(sunrise)).toEqual(before);
  });

  it('refuses a file of another layout, naming what is missing, and imports nothing', async () => {
    const before = await stored(sunrise);
    const timesheet = toCsv([
      ['Worker', 'Date', 'Hours'],
      ['Sophie Support', '2025-07-01', '7.5'],
    ]);
    const unknown = await importFile('olivia', 'timesheet.csv', timesheet);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain(
      'This file has no "Support Item Number" column; is it the NDIA Support Catalogue?',
    );

    const rows = sampleRows('2025-26');
    const withoutRemote = rows.map((row) => row.filter((_, i) => rows[0]![i] !== 'Remote'));
    const missing = await importFile('olivia', 'old-layout.csv', toCsv(withoutRemote));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('This file has no "Remote" column');

    const pdf = await importFile('olivia', 'catalogue.pdf', Buffer.from('%PDF-1.4\n\u0000\u0001binary'));
    expect(pdf.status).toBe(400);
    expect(pdf.body.error.message).toContain('could not be read as a CSV or XLSX spreadsheet');

    const damaged = await importFile(
      'olivia',
      'catalogue.xlsx',
      Buffer.from('PK\u0003\u0004not really a zip'),
    );
    expect(damaged.status).toBe(400);
    expect(damaged.body.error.message).toContain('The workbook is damaged');

    const empty = await importFile('olivia', 'empty.csv', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(await stored(sunrise)).toEqual(before);
  });

  it('reads a CSV saved in Windows-1252, as Excel often saves one', async () => {
    const rows = withCell(
      sampleRows('2025-26'),
      '12_029_0126_3_3',
      'Support Item Name',
      'Personal Training – Café Group',
    );
    const text = toCsv(rows).toString('utf8');
    const windows1252 = Buffer.from(text.replace('–', '\u0096').replace('é', '\u00e9'), 'latin1');
    const res = await importFile('ben', 'catalogue.csv', windows1252, bluegum);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = await search('ben', 'q=12_029', bluegum);
    expect(item.body.data[0].name).toBe('Personal Training – Café Group');
  });

  it('is for those who manage rates only', async () => {
    const bytes = readSampleCatalogue('2025-26').bytes;
    for (const person of ['lee', 'sophie', 'aria', 'fiona'] as const) {
      const res = await importFile(person, 'SAMPLE.csv', bytes);
      expect(res.status, person).toBe(403);
    }
  });

  it('imports a catalogue of 1,000 items within 5 seconds', async () => {
    const bytes = toCsv(generatedCatalogueRows(1000, '20280701'));
    const started = performance.now();
    const res = await importFile('ben', 'generated.csv', bytes, bluegum);
    const elapsed = performance.now() - started;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.catalogue).toMatchObject({ yearLabel: '2028-29', itemCount: 1000 });
    expect(elapsed).toBeLessThan(5000);
  });
});

describe('GET /api/support-items', () => {
  it('finds items by the start of their number or by words of their name', async () => {
    const date = 'date=2025-09-01';
    const numbers = async (q: string) =>
      (await search('sophie', `${date}&limit=50&q=${encodeURIComponent(q)}`)).body.data.map(
        (i: { number: string }) => i.number,
      );
    expect(await numbers('01_01')).toEqual([
      '01_010_0107_1_1',
      '01_011_0107_1_1',
      '01_012_0107_1_1',
      '01_013_0107_1_1',
      '01_014_0107_1_1',
      '01_015_0107_1_1',
      '01_019_0120_1_1',
    ]);
    expect(await numbers('self-care saturday')).toEqual(['01_013_0107_1_1', '01_201_0104_1_1']);
    expect(await numbers('SUPPORT COORDINATION')).toEqual(['07_002_0106_8_3', '07_004_0132_8_3']);
    expect(await numbers('specialist coordination')).toEqual(['07_004_0132_8_3']);
    expect(await numbers('15_ physio')).toEqual(['15_056_0128_1_3']);
    // Underscores and percent signs mean themselves.
    expect(await numbers('01_0_1')).toEqual([]);
    expect(await numbers('%')).toEqual([]);
    expect(await numbers('1_1')).toEqual([]);
  });

  it('pages the items by number', async () => {
    const first = await search('sophie', 'date=2025-09-01&limit=5');
    const second = await search('sophie', 'date=2025-09-01&limit=5&offset=5');
    expect(first.body.meta).toEqual({ total: 48, limit: 5, offset: 0 });
    expect(first.body.data.map((i: { number: string }) => i.number)).toEqual([
      '01_002_0107_1_1',
      '01_010_0107_1_1',
      '01_011_0107_1_1',
      '01_012_0107_1_1',
      '01_013_0107_1_1',
    ]);
    expect(second.body.data[0].number).toBe('01_014_0107_1_1');
    expect((await search('sophie', 'limit=51')).status).toBe(400);
    expect((await search('sophie', 'date=1%2F07%2F2025')).status).toBe(400);
  });

  it('is read by whoever writes time on a team or manages rates, not by family or auditors', async () => {
    // Gus, a guest, is a Support Worker on the team shared with him.
    for (const person of ['olivia', 'lee', 'sophie', 'gus'] as const) {
      expect((await search(person, 'q=01_011')).status, person).toBe(200);
      expect((await (await client(person)).get('/api/support-catalogues')).status, person).toBe(200);
    }
    for (const person of ['fiona', 'aria'] as const) {
      expect((await search(person, 'q=01_011')).status, person).toBe(403);
      expect((await (await client(person)).get('/api/support-catalogues')).status, person).toBe(403);
    }
  });
});
