import type { InvoiceLine } from '@wattle/domain/invoices/schemas';
import { describe, expect, it } from 'vitest';
import {
  draftAmountCents,
  draftTotals,
  hasWizardChanges,
  lastFortnight,
  lineDraftOf,
  lineInputsOf,
  newLineDraft,
  parseDollars,
  parseQuantity,
  serverLineErrors,
  submitBlocker,
  wizardValuesOf,
} from './wizard-lines';
import { validateNewInvoiceSearch } from './wizard-search';

const line = (overrides: Partial<InvoiceLine> = {}): InvoiceLine => ({
  id: '00000000-0000-4000-8000-000000000001',
  lineNumber: 1,
  timeEntryId: '00000000-0000-4000-8000-0000000000aa',
  cardId: null,
  serviceDateFrom: '2026-11-09',
  serviceDateTo: '2026-11-09',
  supportItemNumber: '01_011_0107_1_1',
  supportItemName: 'Assistance With Self-Care Activities',
  description: 'Morning routine',
  quantity: 1.5,
  unit: 'H',
  unitPriceCents: 7023,
  gstCode: 'P2',
  amountCents: 10535,
  gstCents: 0,
  totalCents: 10535,
  claimType: '',
  claimStatus: 'unclaimed',
  claimReference: null,
  claimError: null,
  paidCents: 0,
  problems: [],
  ...overrides,
});

describe('money and quantity as typed', () => {
  it('reads dollars to the cent and refuses more decimals or words', () => {
    expect(parseDollars('68.45')).toBe(6845);
    expect(parseDollars('$1,068.4')).toBe(106840);
    expect(parseDollars('70')).toBe(7000);
    expect(parseDollars('0.295')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
    expect(parseDollars('')).toBeNull();
  });
  it('reads quantities and refuses blanks', () => {
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('.25')).toBe(0.25);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('two')).toBeNull();
  });
});

describe('line amounts and totals', () => {
  it("keeps the saved amount (the time entry's own) while quantity and price are unchanged", () => {
    const draft = lineDraftOf(line());
    expect(draftAmountCents(draft)).toBe(10535);
    expect(draftAmountCents({ ...draft, quantity: '2' })).toBe(14046);
  });
  it('adds GST only on P1 lines at the rate', () => {
    const a = lineDraftOf(line());
    const b = {
      ...newLineDraft({
        supportItemNumber: 'X',
        supportItemName: 'X',
        unit: 'E',
        unitPriceCents: 10000,
        date: '2026-11-09',
      }),
      gstCode: 'P1' as const,
    };
    expect(draftTotals([a, b], 0.1)).toEqual({ subtotalCents: 20535, gstCents: 1000, totalCents: 21535 });
  });
});

describe('lines as the API takes them', () => {
  it('turns valid lines into inputs, keeping ids of saved lines', () => {
    const result = lineInputsOf([lineDraftOf(line())]);
    expect(result).toEqual({
      ok: true,
      inputs: [
        expect.objectContaining({ id: line().id, quantity: 1.5, unitPriceCents: 7023, gstCode: 'P2' }),
      ],
    });
  });
  it('names each bad field of each line by its key', () => {
    const draft = { ...lineDraftOf(line()), quantity: '0', unitPrice: 'ten', serviceDateTo: '2026-11-01' };
    const result = lineInputsOf([draft]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[draft.key]).toEqual({
      quantity: 'Quantity must be more than 0',
      unitPrice: 'Enter a price in dollars, e.g. 68.45',
      serviceDateTo: 'The end date is before the start date',
    });
  });
  it("lays the server's issues on the lines they name", () => {
    const lines = [lineDraftOf(line()), lineDraftOf(line({ id: '00000000-0000-4000-8000-000000000002' }))];
    expect(
      serverLineErrors(
        [
          { path: ['lineItems', 1, 'unitPriceCents'], message: 'Too much' },
          { path: ['notes'], message: 'Too long' },
        ],
        lines,
      ),
    ).toEqual({ byLine: { [lines[1]!.key]: { unitPrice: 'Too much' } }, general: ['Too long'] });
  });
});

describe('changes and submission', () => {
  it('sees an edited, removed or added line and changed notes', () => {
    const saved = wizardValuesOf({ lineItems: [line()], notes: '' });
    expect(hasWizardChanges(saved, wizardValuesOf({ lineItems: [line()], notes: '' }))).toBe(false);
    expect(hasWizardChanges(saved, { ...saved, notes: 'x' })).toBe(true);
    expect(hasWizardChanges(saved, { ...saved, lines: [] })).toBe(true);
    expect(hasWizardChanges(saved, { ...saved, lines: [{ ...saved.lines[0]!, quantity: '3' }] })).toBe(true);
  });
  it('says why submission waits: unsaved changes, then lines with errors (warnings do not stop it)', () => {
    const warning = line({
      problems: [{ severity: 'warning', code: 'over-budget', message: 'Over budget' }],
    });
    const error = line({
      lineNumber: 2,
      problems: [{ severity: 'error', code: 'above-price-limit', message: 'Above the price limit' }],
    });
    expect(submitBlocker(wizardValuesOf({ lineItems: [warning], notes: '' }), false)).toBeNull();
    expect(submitBlocker(wizardValuesOf({ lineItems: [warning], notes: '' }), true)).toBe(
      'Save your changes before submitting.',
    );
    expect(submitBlocker(wizardValuesOf({ lineItems: [warning, error], notes: '' }), false)).toBe(
      'Fix the error on line 2 before submitting.',
    );
  });
});

describe('the default period', () => {
  it('is the two whole weeks, Monday to Sunday, before this week', () => {
    // Wednesday 25 November 2026.
    expect(lastFortnight('2026-11-25')).toEqual({ from: '2026-11-09', to: '2026-11-22' });
    // A Monday and a Sunday.
    expect(lastFortnight('2026-11-23')).toEqual({ from: '2026-11-09', to: '2026-11-22' });
    expect(lastFortnight('2026-11-29')).toEqual({ from: '2026-11-09', to: '2026-11-22' });
  });
});

describe('the address of the wizard', () => {
  it('keeps an invoice id and drops anything else', () => {
    expect(validateNewInvoiceSearch({ invoiceId: '00000000-0000-4000-8000-000000000001' })).toEqual({
      invoiceId: '00000000-0000-4000-8000-000000000001',
    });
    expect(validateNewInvoiceSearch({ invoiceId: 'nope' })).toEqual({});
    expect(validateNewInvoiceSearch({})).toEqual({});
  });
});
