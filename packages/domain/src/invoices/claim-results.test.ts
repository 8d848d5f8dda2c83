import { describe, expect, it } from 'vitest';
import {
  checkPaidWithinClaimed,
  MalformedResultsError,
  matchClaimResults,
  parseDollars,
  readClaimResults,
} from './claim-results';

/** The portal's results header (NDIA layout: the request's columns with the outcome in between). */
const header = [
  'RegistrationNumber',
  'NDISNumber',
  'SupportsDeliveredFrom',
  'SupportsDeliveredTo',
  'SupportNumber',
  'ClaimReference',
  'Quantity',
  'Hours',
  'UnitPrice',
  'GSTCode',
  'PaidTotalAmount',
  'Payment Request Number',
  'Participant Name',
  'Capped Price',
  'Payment Request Status',
  'Error Message',
  'ClaimType',
  'CancellationReason',
  'ABN of Support Provider',
];

function result(reference: string, status: string, paid: string, error = ''): string[] {
  return [
    '405000123',
    '430123456',
    '02/11/2026',
    '02/11/2026',
    '01_011_0107_1_1',
    reference,
    '',
    '02:00',
    '70.23',
    'P2',
    paid,
    '912345678',
    'Jordan Lee',
    '70.23',
    status,
    error,
    '',
    '',
    '51824753556',
  ];
}

function malformed(records: string[][]): MalformedResultsError {
  try {
    readClaimResults(records);
  } catch (error) {
    if (error instanceof MalformedResultsError) return error;
    throw error;
  }
  throw new Error('expected a MalformedResultsError');
}

describe('claim results', () => {
  it('reads paid rows with the paid amount and refused rows with the portal text', () => {
    const rows = readClaimResults([
      header,
      result('INV-00042-1', 'SUCCESSFUL', '140.46'),
      result('INV-00042-2', 'ERROR', '0.00', 'Service booking not found for the support item'),
      result('INV-00042-3', 'Pending Payment', ''),
      ['', ''],
    ]);
    expect(rows).toEqual([
      { row: 2, claimReference: 'INV-00042-1', outcome: 'paid', paidCents: 14046, error: null },
      {
        row: 3,
        claimReference: 'INV-00042-2',
        outcome: 'rejected',
        paidCents: 0,
        error: 'Service booking not found for the support item',
      },
      { row: 4, claimReference: 'INV-00042-3', outcome: 'pending', paidCents: 0, error: null },
    ]);
  });

  it('finds columns by name wherever they stand, and gives a refusal without text a reason', () => {
    const rows = readClaimResults([
      ['Error Message', 'Payment Request Status', 'ClaimReference', 'PaidTotalAmount'],
      ['', 'rejected', 'A-1', ''],
    ]);
    expect(rows[0]).toMatchObject({ outcome: 'rejected', error: 'The NDIA refused the claim (rejected)' });
  });

  it('reports references that are not in the batch', () => {
    const rows = readClaimResults([header, result('A-1', 'PAID', '10'), result('Z-9', 'PAID', '10')]);
    const { matched, unknownReferences } = matchClaimResults(rows, new Map([['A-1', 'line-1']]));
    expect(matched.map((m) => m.claim)).toEqual(['line-1']);
    expect(unknownReferences).toEqual(['Z-9']);
  });

  it('names the row and column of a malformed file', () => {
    expect(malformed([])).toMatchObject({ message: 'The file is empty: it has no header row', row: 1 });
    expect(malformed([['NDISNumber', 'ClaimReference']])).toMatchObject({
      message: 'This is not a bulk payment request results file: it has no "Payment Request Status" column',
      column: 'Payment Request Status',
    });
    expect(malformed([header, result('A-1', 'MAYBE', '1.00')])).toMatchObject({
      message:
        'Row 2: "MAYBE" is not a payment request status the portal uses (e.g. SUCCESSFUL, ERROR, PENDING)',
      row: 2,
      column: 'Payment Request Status',
    });
    expect(malformed([header, result('A-1', 'SUCCESSFUL', 'lots')])).toMatchObject({
      message: 'Row 2: the PaidTotalAmount "lots" is not an amount of money',
      row: 2,
      column: 'PaidTotalAmount',
    });
    expect(malformed([header, result('', 'SUCCESSFUL', '1')])).toMatchObject({
      message: 'Row 2: the ClaimReference is empty',
    });
    expect(malformed([header, result('A-1', 'PAID', '1'), result('A-1', 'PAID', '1')])).toMatchObject({
      message: 'Row 3: the ClaimReference "A-1" is also on row 2',
    });
    expect(malformed([header])).toMatchObject({ message: 'The file has a header but no result rows' });
  });

  it('reads money as the portal writes it', () => {
    expect(parseDollars('1,234.5')).toBe(123450);
    expect(parseDollars('$70.23')).toBe(7023);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('-1')).toBeNull();
    expect(parseDollars('1.234')).toBeNull();
  });
});

describe('checkPaidWithinClaimed', () => {
  const paid = (row: number, paidCents: number) =>
    ({ row, claimReference: `INV-00011-${row - 1}`, outcome: 'paid', paidCents, error: null }) as const;

  it('accepts a line paid in full or less (a capped price), and rejections whatever their amount', () => {
    expect(() =>
      checkPaidWithinClaimed([
        { result: paid(2, 20_535), claim: { amountCents: 20_535 } },
        { result: paid(3, 10_000), claim: { amountCents: 20_535 } },
        { result: { ...paid(4, 0), outcome: 'rejected', error: 'No plan' }, claim: { amountCents: 100 } },
      ]),
    ).not.toThrow();
  });

  it('refuses a line paid more than was claimed, naming the row and the amounts', () => {
    const check = () => checkPaidWithinClaimed([{ result: paid(2, 99_999), claim: { amountCents: 20_535 } }]);
    expect(check).toThrow(MalformedResultsError);
    expect(check).toThrow(
      'Row 2: the PaidTotalAmount $999.99 is more than the $205.35 claimed for INV-00011-1',
    );
  });
});
