import { GstCodeSchema, LineProblemSchema } from '@wattle/domain/invoices/schemas';
import { z } from 'zod';
import type { WizardValues } from './wizard-lines';

/**
 * The wizard never loses an edit to a reload (issue 15 part 2): the lines and notes being edited are
 * mirrored to sessionStorage under the person, the tenant and the invoice, with the version they were
 * edited from, and removed once saved or discarded. Session storage, not local: the edits live as
 * long as the tab, so nothing about a participant's supports outlives it on a shared device (the
 * care team wizard keeps its draft the same way).
 *
 * Key: `wattle.invoiceDraft.<userId>.<tenantId>.<invoiceId>` → `{ v: 1, values, baseVersion, savedAt }`.
 */
export const invoiceDraftPrefix = 'wattle.invoiceDraft';

export interface InvoiceDraftTarget {
  userId: string;
  tenantId: string;
  invoiceId: string;
}

export interface InvoiceDraft {
  values: WizardValues;
  baseVersion: number;
  savedAt: string;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): DraftStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function invoiceDraftKey({ userId, tenantId, invoiceId }: InvoiceDraftTarget): string {
  return `${invoiceDraftPrefix}.${userId}.${tenantId}.${invoiceId}`;
}

const StoredLineSchema = z.object({
  key: z.string(),
  id: z.string().optional(),
  lineNumber: z.number().nullable(),
  timeEntryId: z.string().nullable(),
  cardId: z.string().nullable(),
  serviceDateFrom: z.string(),
  serviceDateTo: z.string(),
  supportItemNumber: z.string(),
  supportItemName: z.string(),
  unit: z.string(),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  gstCode: GstCodeSchema,
  claimType: z.enum(['', 'CANC', 'REPW', 'TRAN', 'NF2F']),
  savedAmountCents: z.number().nullable(),
  savedQuantity: z.string().nullable(),
  savedUnitPrice: z.string().nullable(),
  problems: z.array(LineProblemSchema),
});

const StoredDraftSchema = z.object({
  v: z.literal(1),
  values: z.object({ lines: z.array(StoredLineSchema), notes: z.string() }),
  baseVersion: z.number().int().positive(),
  savedAt: z.string(),
});

/** The stored edits of the invoice, or null when there are none (or they cannot be read). */
export function readInvoiceDraft(
  target: InvoiceDraftTarget,
  storage: DraftStorage | null = defaultStorage(),
): InvoiceDraft | null {
  try {
    const raw = storage?.getItem(invoiceDraftKey(target)) ?? null;
    if (raw === null) return null;
    const parsed = StoredDraftSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const { values, baseVersion, savedAt } = parsed.data;
    return { values, baseVersion, savedAt };
  } catch {
    return null;
  }
}

export function writeInvoiceDraft(
  target: InvoiceDraftTarget,
  draft: Omit<InvoiceDraft, 'savedAt'>,
  storage: DraftStorage | null = defaultStorage(),
  now: Date = new Date(),
): void {
  try {
    storage?.setItem(invoiceDraftKey(target), JSON.stringify({ v: 1, ...draft, savedAt: now.toISOString() }));
  } catch {
    // A full or blocked storage: the edits are still on the screen.
  }
}

export function removeInvoiceDraft(
  target: InvoiceDraftTarget,
  storage: DraftStorage | null = defaultStorage(),
): void {
  try {
    storage?.removeItem(invoiceDraftKey(target));
  } catch {
    // Blocked storage held nothing.
  }
}
