import { describe, expect, it } from 'vitest';
import { parseSupportItemNumber } from './catalogue';
import {
  type CatalogueCell,
  catalogueMessages,
  locateColumns,
  normalizeHeading,
  parseCatalogueRows,
  parseDateCell,
  parseFlagCell,
  parsePriceCell,
  priceGuideYear,
} from './catalogue-import';

/** The NDIA's headings in the published order (the "Current Support Items" sheet). */
const headings = [
  'Support Item Number',
  'Support Item Name',
  'Registration Group Number',
  'Registration Group Name',
  'Support Category Number',
  'Support Category Number (PACE)',
  'Support Category Name',
  'Support Category Name (PACE)',
  'Unit',
  'Quote',
  'Start date',
  'End Date',
  'ACT',
  'NSW',
  'NT',
  'QLD',
  'SA',
  'TAS',
  'VIC',
  'WA',
  'Remote',
  'Very Remote',
  'Non-Face-to-Face Support Provision',
  'Provider Travel',
  'Short Notice Cancellations.',
  'NDIA Requested Reports',
  'Irregular SIL Supports',
  'Type',
];

const selfCare: CatalogueCell[] = [
  '01_011_0107_1_1',
  'Assistance With Self-Care Activities - Standard - Weekday Daytime',
  '0107',
  'Daily Personal Activities',
  '1',
  '1',
  'Assistance with Daily Life',
  'Daily Activities',
  'H',
  'N',
  '20250701',
  '99991231',
  '$70.23',
  '$70.23',
  '$70.23',
  '$70.23',
  '$70.23',
  '$70.23',
  '$70.23',
  '$70.23',
  '$98.32',
  '$105.35',
  'Y',
  'Y',
  'Y',
  'N',
  'N',
  'Price Limited Supports',
];

function withCell(row: CatalogueCell[], heading: string, value: CatalogueCell): CatalogueCell[] {
  const copy = [...row];
  copy[headings.indexOf(heading)] = value;
  return copy;
}

describe('normalizeHeading and locateColumns', () => {
  it('matches headings whatever their case, spacing, hyphens or trailing dot', () => {
    expect(normalizeHeading('Short Notice Cancellations.')).toBe(
      normalizeHeading('short notice cancellations'),
    );
    expect(normalizeHeading(' Non Face to Face Support Provision ')).toBe(
      normalizeHeading('Non-Face-to-Face Support Provision'),
    );
    expect(normalizeHeading('\uFEFFSupport Item Number')).toBe('supportitemnumber');
    expect(normalizeHeading('Support Category Name (PACE)')).not.toBe(
      normalizeHeading('Support Category Name'),
    );
  });

  it('finds the columns wherever they stand, below a title row', () => {
    const shuffled = [...headings].reverse().map((h) => h.toUpperCase());
    const located = locateColumns([['NDIS Support Catalogue 2025-26'], [], shuffled]);
    if ('error' in located) throw new Error(located.error);
    expect(located.headerRow).toBe(2);
    expect(located.columns.number).toBe(shuffled.length - 1);
    expect(located.columns.VERY_REMOTE).toBe(shuffled.indexOf('VERY REMOTE'));
    // The PACE category name is preferred over the older one.
    expect(located.columns.categoryName).toBe(shuffled.indexOf('SUPPORT CATEGORY NAME (PACE)'));
  });

  it('falls back to the older category name heading in a file without the PACE one', () => {
    const older = headings.filter((h) => !h.includes('(PACE)'));
    const located = locateColumns([older]);
    if ('error' in located) throw new Error(located.error);
    expect(located.columns.categoryName).toBe(older.indexOf('Support Category Name'));
  });

  it('calls a file without "Support Item Number" an unknown layout', () => {
    expect(
      locateColumns([
        ['Item', 'Price'],
        ['01_011_0107_1_1', '70.23'],
      ]),
    ).toEqual({
      error: catalogueMessages.unknownLayout,
    });
    expect(catalogueMessages.unknownLayout).toContain(
      'This file has no "Support Item Number" column; is it the NDIA Support Catalogue?',
    );
  });

  it('names every column the layout lacks', () => {
    const located = locateColumns([headings.filter((h) => h !== 'Remote' && h !== 'Very Remote')]);
    expect(located).toEqual({
      error: expect.stringContaining('This file has no "Remote", "Very Remote" columns'),
    });
  });
});

describe('parsePriceCell', () => {
  it('reads dollars with or without a sign and separators, and numbers', () => {
    expect(parsePriceCell('$70.23')).toEqual({ cents: 7023 });
    expect(parsePriceCell('70.23')).toEqual({ cents: 7023 });
    expect(parsePriceCell(' $1,234.5 ')).toEqual({ cents: 123450 });
    expect(parsePriceCell('$193')).toEqual({ cents: 19300 });
    expect(parsePriceCell(70.23)).toEqual({ cents: 7023 });
    expect(parsePriceCell(193.99)).toEqual({ cents: 19399 });
    expect(parsePriceCell(0)).toEqual({ cents: 0 });
  });

  it('reads an empty cell as no limit', () => {
    for (const empty of ['', '  ', null, undefined, 'N/A'])
      expect(parsePriceCell(empty)).toEqual({ cents: null });
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['abc', '$70.234', '-5', '70.2.3', -1, Number.NaN, true]) {
      expect(parsePriceCell(bad), String(bad)).toEqual({ error: 'is not an amount' });
    }
  });
});

describe('parseDateCell', () => {
  it('reads the catalogue’s own compact dates, ISO dates, Australian dates and XLSX dates', () => {
    expect(parseDateCell('20250701')).toEqual({ date: '2025-07-01' });
    expect(parseDateCell(20250701)).toEqual({ date: '2025-07-01' });
    expect(parseDateCell('2025-07-01')).toEqual({ date: '2025-07-01' });
    expect(parseDateCell('2025-07-01T00:00:00.000Z')).toEqual({ date: '2025-07-01' });
    expect(parseDateCell('1/07/2025')).toEqual({ date: '2025-07-01' });
    expect(parseDateCell('30/6/2026')).toEqual({ date: '2026-06-30' });
    expect(parseDateCell(new Date(Date.UTC(2025, 6, 1)))).toEqual({ date: '2025-07-01' });
    // An XLSX date cell without a date format: Excel's serial day number.
    expect(parseDateCell(45839)).toEqual({ date: '2025-07-01' });
    expect(parseDateCell('99991231')).toEqual({ date: '9999-12-31' });
    expect(parseDateCell('')).toEqual({ date: null });
  });

  it('refuses dates that do not exist and text that is not a date', () => {
    for (const bad of ['20250231', '31/02/2025', '2025-13-01', 'July 2025', '07/2025', 1.5]) {
      expect(parseDateCell(bad), String(bad)).toEqual({ error: 'is not a date' });
    }
  });
});

describe('parseFlagCell', () => {
  it('reads Y/N and their spellings; empty is no', () => {
    for (const yes of ['Y', 'y', 'Yes', 'TRUE', '1', true])
      expect(parseFlagCell(yes)).toEqual({ value: true });
    for (const no of ['N', 'no', 'False', '0', '', null, false])
      expect(parseFlagCell(no)).toEqual({ value: false });
    expect(parseFlagCell('maybe')).toEqual({ error: 'must be Y or N' });
  });
});

describe('parseSupportItemNumber', () => {
  it('accepts the nine-digit sequences of consumables and assistive technology', () => {
    expect(parseSupportItemNumber('05_220232801_0103_1_2')).toMatchObject({
      category: '05',
      sequence: '220232801',
      registrationGroup: '0103',
    });
    expect(parseSupportItemNumber('01_011_0107_1_1')).toMatchObject({ category: '01', sequence: '011' });
    expect(parseSupportItemNumber('01_0111_0107_1_1')).toBeNull();
    expect(parseSupportItemNumber('01_011_107_1_1')).toBeNull();
  });
});

describe('priceGuideYear', () => {
  it('is the July-to-June year of the latest start date', () => {
    expect(priceGuideYear(['2025-07-01', '2024-07-01'])).toEqual({
      label: '2025-26',
      effectiveFrom: '2025-07-01',
    });
    expect(priceGuideYear(['2026-03-15'])).toEqual({ label: '2025-26', effectiveFrom: '2025-07-01' });
    expect(priceGuideYear(['2026-06-30'])).toEqual({ label: '2025-26', effectiveFrom: '2025-07-01' });
    expect(priceGuideYear(['2026-07-01'])).toEqual({ label: '2026-27', effectiveFrom: '2026-07-01' });
    expect(priceGuideYear(['2099-07-01'])).toEqual({ label: '2099-00', effectiveFrom: '2099-07-01' });
  });
});

describe('parseCatalogueRows', () => {
  it('reads every column of an item', () => {
    const result = parseCatalogueRows([headings, selfCare]);
    if (!result.ok) throw new Error(result.message);
    expect(result.catalogue.yearLabel).toBe('2025-26');
    expect(result.catalogue.effectiveFrom).toBe('2025-07-01');
    expect(result.catalogue.items).toEqual([
      {
        number: '01_011_0107_1_1',
        name: 'Assistance With Self-Care Activities - Standard - Weekday Daytime',
        registrationGroupNumber: '0107',
        registrationGroupName: 'Daily Personal Activities',
        categoryNumber: '01',
        categoryName: 'Daily Activities',
        unit: 'H',
        quoteRequired: false,
        startDate: '2025-07-01',
        endDate: null,
        priceLimitsCents: {
          ACT: 7023,
          NSW: 7023,
          NT: 7023,
          QLD: 7023,
          SA: 7023,
          TAS: 7023,
          VIC: 7023,
          WA: 7023,
          REMOTE: 9832,
          VERY_REMOTE: 10535,
        },
        nonFaceToFace: true,
        providerTravel: true,
        shortNoticeCancellations: true,
        ndiaRequestedReports: false,
        irregularSil: false,
      },
    ]);
  });

  it('pads codes a spreadsheet turned into numbers, skips empty rows and keeps a real end date', () => {
    let row = withCell(selfCare, 'Registration Group Number', 107);
    row = withCell(row, 'End Date', '30/06/2026');
    row = withCell(row, 'NSW', 70.23);
    const result = parseCatalogueRows([headings, ['', null], row, []]);
    if (!result.ok) throw new Error(result.message);
    expect(result.catalogue.items).toHaveLength(1);
    expect(result.catalogue.items[0]).toMatchObject({
      registrationGroupNumber: '0107',
      endDate: '2026-06-30',
      priceLimitsCents: { NSW: 7023 },
    });
  });

  it('names the row and the problem, and refuses the whole file', () => {
    const good = Array.from({ length: 12 }, (_, i) =>
      withCell(selfCare, 'Support Item Number', `01_${String(100 + i)}_0107_1_1`),
    );
    const bad = withCell(selfCare, 'Support Item Number', '01_011_107_1_1');
    expect(parseCatalogueRows([headings, ...good, bad])).toEqual({
      ok: false,
      message: 'Row 14: "01_011_107_1_1" is not a support item number',
      problems: ['Row 14: "01_011_107_1_1" is not a support item number'],
    });
  });

  it('reports each kind of bad cell by its column', () => {
    const cases: [string, CatalogueCell, string][] = [
      ['Support Item Name', '', 'Row 2: the support item name is missing'],
      ['Support Item Number', '', 'Row 2: the support item number is missing'],
      [
        'Registration Group Number',
        'Daily',
        'Row 2: Registration Group Number "Daily" is not a 4-digit number',
      ],
      ['Unit', ' ', 'Row 2: the unit is missing'],
      ['Quote', 'maybe', 'Row 2: Quote "maybe" must be Y or N'],
      ['Start date', '', 'Row 2: the start date is missing'],
      ['Start date', '2025-02-30', 'Row 2: Start date "2025-02-30" is not a date'],
      ['End Date', '20240630', 'Row 2: the end date 2024-06-30 is before the start date 2025-07-01'],
      ['VIC', '$7O.23', 'Row 2: VIC price "$7O.23" is not an amount'],
      ['Very Remote', 'lots', 'Row 2: Very Remote price "lots" is not an amount'],
      ['Provider Travel', 'sometimes', 'Row 2: Provider Travel "sometimes" must be Y or N'],
    ];
    for (const [heading, value, message] of cases) {
      const result = parseCatalogueRows([headings, withCell(selfCare, heading, value)]);
      expect(result, heading).toMatchObject({ ok: false, message });
    }
  });

  it('refuses an item listed twice from the same date, and a file without items', () => {
    expect(parseCatalogueRows([headings, selfCare, selfCare])).toMatchObject({
      ok: false,
      message: 'Row 3: 01_011_0107_1_1 starting 2025-07-01 is listed twice (also row 2)',
    });
    expect(parseCatalogueRows([headings])).toMatchObject({ ok: false, message: catalogueMessages.noItems });
  });

  it('lists at most twenty problems and counts the rest', () => {
    const bad = withCell(selfCare, 'Unit', '');
    const result = parseCatalogueRows([headings, ...Array.from({ length: 25 }, () => bad)]);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.problems).toHaveLength(20);
    expect(result.message).toBe('Row 2: the unit is missing (and 24 more problems)');
  });
});
