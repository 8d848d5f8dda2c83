import {
  type ClaimType,
  type GstCode,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineInput,
  InvoiceLineInputSchema,
  type LineProblem,
} from '@wattle/domain/invoices/schemas';
import { invoiceTotals, lineAmountCents, priceLine } from '@wattle/domain/invoices/totals';
import { addDays } from '@wattle/domain/time/clock';

/**
 * The wizard's lines as the person edits them (issue 15 part 2): quantity and unit price as typed,
 * so a half-typed "12." is not lost, turned into the API's `InvoiceLineInput` only on Save. Pure
 * functions, unit-tested; the screens are in ./invoice-wizard.tsx and its parts.
 */

export const editableLineFields = [
  'serviceDateFrom',
  'serviceDateTo',
  'supportItemNumber',
  'description',
  'quantity',
  'unitPrice',
  'gstCode',
] as const;
export type EditableLineField = (typeof editableLineFields)[number];
export type LineFieldErrors = Partial<Record<EditableLineField, string>>;

export interface LineDraft {
  /** Stable key of the row: the saved line's id, or `new-…` for a line added here. */
  key: string;
  /** The saved line's id; absent for a hand-added line not yet saved. */
  id?: string;
  lineNumber: number | null;
  timeEntryId: string | null;
  cardId: string | null;
  serviceDateFrom: string;
  serviceDateTo: string;
  supportItemNumber: string;
  supportItemName: string;
  unit: string;
  description: string;
  /** As typed: "1.5". */
  quantity: string;
  /** Dollars as typed: "68.45". */
  unitPrice: string;
  gstCode: GstCode;
  claimType: ClaimType;
  /** The server's amount of the saved line (a time entry's own), used while quantity and price are unchanged. */
  savedAmountCents: number | null;
  savedQuantity: string | null;
  savedUnitPrice: string | null;
  /** What the server found on the line when it was last built or saved. */
  problems: LineProblem[];
}

export interface WizardValues {
  lines: LineDraft[];
  notes: string;
}

/** Cents as the price field shows them: 6845 → "68.45". */
export function dollarsText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "68.45", "$68.45", "68" → cents; anything else (or more than two decimals) → null. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** "1.5" → 1.5; blank or not a number → null (the schema then names the problem). */
export function parseQuantity(text: string): number | null {
  const cleaned = text.trim();
  if (!/^\d*\.?\d+$|^\d+\.$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function lineDraftOf(line: InvoiceLine): LineDraft {
  const quantity = String(line.quantity);
  const unitPrice = dollarsText(line.unitPriceCents);
  return {
    key: line.id,
    id: line.id,
    lineNumber: line.lineNumber,
    timeEntryId: line.timeEntryId,
    cardId: line.cardId,
    serviceDateFrom: line.serviceDateFrom,
    serviceDateTo: line.serviceDateTo,
    supportItemNumber: line.supportItemNumber,
    supportItemName: line.supportItemName,
    unit: line.unit,
    description: line.description,
    quantity,
    unitPrice,
    gstCode: line.gstCode,
    claimType: line.claimType,
    savedAmountCents: line.amountCents,
    savedQuantity: quantity,
    savedUnitPrice: unitPrice,
    problems: line.problems,
  };
}

export function wizardValuesOf(invoice: Pick<Invoice, 'lineItems' | 'notes'>): WizardValues {
  return { lines: invoice.lineItems.map(lineDraftOf), notes: invoice.notes };
}

let newLineCount = 0;

/** A line added by hand from a support item of the catalogue: one unit on the period's first day. */
export function newLineDraft(input: {
  supportItemNumber: string;
  supportItemName: string;
  unit: string;
  unitPriceCents: number | null;
  date: string;
}): LineDraft {
  newLineCount += 1;
  return {
    key: `new-${Date.now().toString(36)}-${newLineCount}`,
    lineNumber: null,
    timeEntryId: null,
    cardId: null,
    serviceDateFrom: input.date,
    serviceDateTo: input.date,
    supportItemNumber: input.supportItemNumber,
    supportItemName: input.supportItemName,
    unit: input.unit,
    description: input.supportItemName,
    quantity: '1',
    unitPrice: input.unitPriceCents === null ? '' : dollarsText(input.unitPriceCents),
    gstCode: 'P2',
    claimType: '',
    savedAmountCents: null,
    savedQuantity: null,
    savedUnitPrice: null,
    problems: [],
  };
}

/** The line's amount before GST as it stands: the saved amount while unchanged, else quantity × price. */
export function draftAmountCents(line: LineDraft): number | null {
  if (
    line.savedAmountCents !== null &&
    line.quantity === line.savedQuantity &&
    line.unitPrice === line.savedUnitPrice
  ) {
    return line.savedAmountCents;
  }
  const quantity = parseQuantity(line.quantity);
  const cents = parseDollars(line.unitPrice);
  return quantity === null || cents === null ? null : lineAmountCents(quantity, cents);
}

/** Subtotal, GST and total of the lines as edited (lines not yet valid count as nothing). */
export function draftTotals(lines: readonly LineDraft[], gstRate: number) {
  return invoiceTotals(lines.map((line) => priceLine(draftAmountCents(line) ?? 0, line.gstCode, gstRate)));
}

const fieldOfPath: Record<string, EditableLineField> = {
  serviceDateFrom: 'serviceDateFrom',
  serviceDateTo: 'serviceDateTo',
  supportItemNumber: 'supportItemNumber',
  description: 'description',
  quantity: 'quantity',
  unitPriceCents: 'unitPrice',
  gstCode: 'gstCode',
};

/** The API's name of a line field ('unitPriceCents') as the wizard's field ('unitPrice'). */
export function lineFieldOf(path: string | number | undefined): EditableLineField | null {
  return typeof path === 'string' ? (fieldOfPath[path] ?? null) : null;
}

/** One line as the API takes it, or the problems of each field as the schema words them. */
export function lineInputOf(
  line: LineDraft,
): { ok: true; input: InvoiceLineInput } | { ok: false; errors: LineFieldErrors } {
  const errors: LineFieldErrors = {};
  const quantity = parseQuantity(line.quantity);
  if (quantity === null) errors.quantity = 'Enter a quantity, e.g. 1.5';
  const unitPriceCents = parseDollars(line.unitPrice);
  if (unitPriceCents === null) errors.unitPrice = 'Enter a price in dollars, e.g. 68.45';
  if (line.serviceDateTo && line.serviceDateFrom && line.serviceDateTo < line.serviceDateFrom) {
    errors.serviceDateTo = 'The end date is before the start date';
  }
  const parsed = InvoiceLineInputSchema.safeParse({
    ...(line.id ? { id: line.id } : {}),
    serviceDateFrom: line.serviceDateFrom,
    serviceDateTo: line.serviceDateTo,
    supportItemNumber: line.supportItemNumber,
    description: line.description,
    quantity: quantity ?? Number.NaN,
    unitPriceCents: unitPriceCents ?? -1,
    gstCode: line.gstCode,
    claimType: line.claimType,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = lineFieldOf(issue.path[0] as string | number | undefined);
      if (field && !errors[field]) errors[field] = dateMessage(field, issue.message);
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (!parsed.success) return { ok: false, errors: { description: 'This line is not valid' } };
  return { ok: true, input: parsed.data };
}

function dateMessage(field: EditableLineField, message: string): string {
  return field === 'serviceDateFrom' || field === 'serviceDateTo' ? 'Enter a date' : message;
}

/** Every line as the API takes it, or the field problems of each line by its key. */
export function lineInputsOf(
  lines: readonly LineDraft[],
): { ok: true; inputs: InvoiceLineInput[] } | { ok: false; errors: Record<string, LineFieldErrors> } {
  const inputs: InvoiceLineInput[] = [];
  const errors: Record<string, LineFieldErrors> = {};
  for (const line of lines) {
    const result = lineInputOf(line);
    if (result.ok) inputs.push(result.input);
    else errors[line.key] = result.errors;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, inputs };
}

/**
 * The server's refusal of a save (400 zod issues with paths like ['lineItems', 2, 'quantity'], or
 * 422 details naming a line) laid on the lines by their keys; what names no line is returned as
 * `general`.
 */
export function serverLineErrors(
  issues: readonly { path: readonly (string | number)[]; message: string }[],
  lines: readonly LineDraft[],
): { byLine: Record<string, LineFieldErrors>; general: string[] } {
  const byLine: Record<string, LineFieldErrors> = {};
  const general: string[] = [];
  for (const issue of issues) {
    const [root, index, field] = issue.path;
    const line = root === 'lineItems' && typeof index === 'number' ? lines[index] : undefined;
    const name = lineFieldOf(field);
    if (line && name) {
      byLine[line.key] = { ...byLine[line.key], [name]: issue.message };
    } else if (line) {
      byLine[line.key] = { ...byLine[line.key], description: issue.message };
    } else {
      general.push(issue.message);
    }
  }
  return { byLine, general };
}

function comparable(line: LineDraft) {
  return [
    line.id ?? line.key,
    line.serviceDateFrom,
    line.serviceDateTo,
    line.supportItemNumber,
    line.description,
    line.quantity.trim(),
    line.unitPrice.trim(),
    line.gstCode,
    line.claimType,
  ].join('\u0000');
}

/** Whether the values differ from what was saved (lines added, removed or changed, or the notes). */
export function hasWizardChanges(saved: WizardValues, values: WizardValues): boolean {
  if (saved.notes !== values.notes) return true;
  if (saved.lines.length !== values.lines.length) return true;
  return saved.lines.some((line, index) => {
    const other = values.lines[index];
    return !other || comparable(line) !== comparable(other);
  });
}

/** Whether the line was changed since it was saved (its server problems may no longer hold). */
export function isLineEdited(line: LineDraft, saved: WizardValues): boolean {
  const before = saved.lines.find((candidate) => candidate.key === line.key);
  return !before || comparable(before) !== comparable(line);
}

/**
 * Why "Submit for approval" cannot be pressed yet, or null: unsaved changes first, then any line
 * whose problems include an error (named by its line number).
 */
export function submitBlocker(values: WizardValues, hasUnsavedChanges: boolean): string | null {
  if (hasUnsavedChanges) return 'Save your changes before submitting.';
  if (values.lines.length === 0) return 'An invoice needs at least one line.';
  const withErrors = values.lines
    .map((line, index) => ({ line, number: line.lineNumber ?? index + 1 }))
    .filter(({ line }) => line.problems.some((problem) => problem.severity === 'error'));
  if (withErrors.length === 0) return null;
  const numbers = withErrors.map(({ number }) => number).join(', ');
  return `Fix the ${withErrors.length === 1 ? 'error' : 'errors'} on line ${numbers} before submitting.`;
}

/**
 * The default period: last fortnight, the two whole weeks Monday to Sunday before the week `today`
 * (in the tenant's time zone) falls in.
 */
export function lastFortnight(today: string): { from: string; to: string } {
  const at = new Date(`${today}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -sinceMonday);
  return { from: addDays(thisMonday, -14), to: addDays(thisMonday, -1) };
}
