import { describe, expect, it } from 'vitest';
import {
  type BulkLine,
  type BulkProvider,
  bulkPaymentRows,
  checkBulkRow,
  claimReferenceFor,
  hoursCell,
  toBulkPaymentCsv,
} from './bulk-payment-request';

const provider: BulkProvider = { registrationNumber: '405000123', abn: '51 824 753 556' };

function line(overrides: Partial<BulkLine> = {}): BulkLine {
  return {
    invoiceNumber: 'INV-00042',
    lineNumber: 1,
    ndisNumber: '430123456',
    serviceDateFrom: '2026-11-02',
    serviceDateTo: '2026-11-02',
    supportItemNumber: '01_011_0107_1_1',
    claimReference: 'INV-00042-1',
    quantity: 2,
    unit: 'H',
    minutes: 120,
    unitPriceCents: 7023,
    gstCode: 'P2',
    claimType: '',
    cancellationReason: null,
    ...overrides,
  };
}

/** The fixture set of fixtures/bulk-payment-request.expected.csv, checked by hand cell by cell. */
const fixtureLines: BulkLine[] = [
  line(),
  line({
    lineNumber: 2,
    claimReference: 'INV-00042-2',
    serviceDateFrom: '2026-11-03',
    serviceDateTo: '2026-11-03',
    supportItemNumber: '04_104_0125_6_1',
    quantity: 1.5,
    minutes: 90,
    claimType: 'TRAN',
  }),
  // 1.33 hours is not a whole number of minutes: claimed by its decimal quantity.
  line({
    lineNumber: 3,
    claimReference: 'INV-00042-3',
    serviceDateFrom: '2026-11-04',
    serviceDateTo: '2026-11-04',
    quantity: 1.33,
    minutes: null,
  }),
  line({
    invoiceNumber: 'INV-00043',
    lineNumber: 1,
    ndisNumber: '431 987 654',
    claimReference: 'INV-00043-1',
    serviceDateFrom: '2026-11-05',
    serviceDateTo: '2026-11-05',
    quantity: 1,
    unit: 'E',
    minutes: null,
    claimType: 'CANC',
    cancellationReason: 'NSDH',
  }),
  line({
    invoiceNumber: 'INV-00043',
    lineNumber: 2,
    ndisNumber: '431987654',
    claimReference: 'INV-00043-2-R2',
    serviceDateFrom: '2026-11-01',
    serviceDateTo: '2026-11-07',
    supportItemNumber: '15_037_0117_1_3',
    quantity: 0.25,
    minutes: 15,
    unitPriceCents: 19399,
    gstCode: 'P1',
    claimType: 'NF2F',
  }),
];

describe('bulk payment request file', () => {
  it('equals the hand-checked expected file byte for byte', async () => {
    // The domain package has no Node types: the file is read through an untyped import.
    const fsModule = 'node:fs';
    const { readFileSync } = (await import(fsModule)) as {
      readFileSync(path: URL, encoding: 'utf8'): string;
    };
    const expected = readFileSync(
      new URL('./fixtures/bulk-payment-request.expected.csv', import.meta.url),
      'utf8',
    );
    const { rows, problems } = bulkPaymentRows(fixtureLines, provider);
    expect(problems).toEqual([]);
    const csv = toBulkPaymentCsv(rows);
    // The file is ASCII, so equal strings are equal bytes; every line ends CRLF.
    expect(csv).toBe(expected);
    expect(expected.split('\r\n')).toHaveLength(7);
    expect(expected.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(csv.split('\r\n')[0]).toBe(
      'RegistrationNumber,NDISNumber,SupportsDeliveredFrom,SupportsDeliveredTo,SupportNumber,ClaimReference,Quantity,Hours,UnitPrice,GSTCode,AuthorisedBy,ParticipantApproved,InKindFundingProgram,ClaimType,CancellationReason,ABN of Support Provider',
    );
  });

  it('writes hh:mm for hour-priced lines only', () => {
    expect(hoursCell({ unit: 'H', minutes: 150, quantity: 2.5 })).toBe('02:30');
    expect(hoursCell({ unit: 'H', minutes: null, quantity: 12 })).toBe('12:00');
    expect(hoursCell({ unit: 'H', minutes: null, quantity: 1.33 })).toBeNull();
    expect(hoursCell({ unit: 'E', minutes: 60, quantity: 1 })).toBeNull();
  });

  it('quotes a cell holding a comma or quote', () => {
    expect(toBulkPaymentCsv([['a,b', 'say "hi"']]).split('\r\n')[1]).toBe('"a,b","say ""hi"""');
  });

  it('builds references and their re-claims', () => {
    expect(claimReferenceFor('INV-00042', 3, 1)).toBe('INV-00042-3');
    expect(claimReferenceFor('INV-00042', 3, 2)).toBe('INV-00042-3-R2');
  });
});

describe('bulk row checks', () => {
  const messages = (l: BulkLine, p: BulkProvider = provider, seen?: Set<string>) =>
    checkBulkRow(l, p, seen).map((problem) => `${problem.column}: ${problem.message}`);

  it('a good row has no problems', () => {
    expect(messages(line())).toEqual([]);
  });

  it('names a missing registration number, ABN and NDIS number', () => {
    expect(messages(line({ ndisNumber: null }), { registrationNumber: null, abn: '' })).toEqual([
      "RegistrationNumber: The organisation's NDIS registration number is missing; add it in Settings → Tax invoice",
      "ABN of Support Provider: The organisation's ABN is missing; add it in Settings → Tax invoice",
      "NDISNumber: The participant's NDIS number is missing",
    ]);
    expect(messages(line({ ndisNumber: '12345' }), { registrationNumber: '12', abn: '51824753557' })).toEqual(
      [
        'RegistrationNumber: "12" is not an NDIS registration number (9 to 12 digits)',
        'ABN of Support Provider: "51824753557" is not a valid ABN',
        'NDISNumber: "12345" is not an NDIS number (9 digits)',
      ],
    );
  });

  it('names a bad support number, dates out of order and a bad date', () => {
    expect(messages(line({ supportItemNumber: '01_11_0107_1_1' }))).toEqual([
      'SupportNumber: "01_11_0107_1_1" is not a support item number (like 01_011_0107_1_1)',
    ]);
    expect(messages(line({ serviceDateFrom: '2026-11-03', serviceDateTo: '2026-11-02' }))).toEqual([
      'SupportsDeliveredTo: The support ends before it starts',
    ]);
    expect(messages(line({ serviceDateFrom: '2026-02-30' }))).toEqual([
      'SupportsDeliveredFrom: "2026-02-30" is not a date (yyyy-mm-dd)',
    ]);
  });

  it('names a long, malformed or repeated reference', () => {
    expect(messages(line({ claimReference: 'X'.repeat(51) }))).toEqual([
      'ClaimReference: The claim reference is longer than 50 characters',
    ]);
    expect(messages(line({ claimReference: '=HYPERLINK(1)' }))).toEqual([
      'ClaimReference: "=HYPERLINK(1)" may hold only letters, digits, "-", "_" and "/"',
    ]);
    expect(messages(line(), provider, new Set(['INV-00042-1']))).toEqual([
      'ClaimReference: The claim reference "INV-00042-1" is used more than once',
    ]);
    const { problems } = bulkPaymentRows([line(), line({ lineNumber: 2 })], provider);
    expect(problems).toEqual([
      {
        invoiceNumber: 'INV-00042',
        lineNumber: 2,
        claimReference: 'INV-00042-1',
        column: 'ClaimReference',
        message: 'The claim reference "INV-00042-1" is used more than once',
      },
    ]);
  });

  it('names a bad quantity, price and GST code', () => {
    expect(messages(line({ quantity: 1.234 }))).toEqual([
      'Quantity: 1.234 is not a quantity (more than 0, at most two decimals)',
    ]);
    expect(messages(line({ quantity: 0 }))).toEqual([
      'Quantity: 0 is not a quantity (more than 0, at most two decimals)',
    ]);
    expect(messages(line({ unitPriceCents: 0 }))).toEqual([
      'UnitPrice: The unit price must be more than $0.00',
    ]);
    expect(messages(line({ gstCode: 'P9' as never }))).toEqual([
      'GSTCode: "P9" is not a GST code (P1, P2 or P5)',
    ]);
  });

  it('takes only the portal claim types, and a CANC needs its reason', () => {
    expect(messages(line({ claimType: 'THLT' as never }))).toEqual([
      'ClaimType: "THLT" is not a claim type (blank, CANC, REPW, TRAN or NF2F)',
    ]);
    expect(messages(line({ claimType: 'CANC' }))).toEqual([
      'CancellationReason: A cancellation claim needs its reason: NSDH (health), NSDF (family), NSDT (transport) or NSDO (other)',
    ]);
    expect(messages(line({ claimType: 'CANC', cancellationReason: 'NSDX' as never }))).toEqual([
      'CancellationReason: "NSDX" is not a cancellation reason',
    ]);
    expect(messages(line({ claimType: 'CANC', cancellationReason: 'NSDO' }))).toEqual([]);
  });
});
