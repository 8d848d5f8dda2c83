import { diffWords } from 'diff';
import { z } from 'zod';
import { plainText } from '../cards/compliance';
import type { FieldValue, FieldValues, FormField, SignatureValue } from '../templates/schemas';

/**
 * A field-by-field comparison of two versions of a behaviour support plan, for the side-by-side view
 * of the plan overview. Values are shown as people read them (plain text of rich text, dd/mm/yyyy
 * dates, Yes/No, lists joined, signatures by signer and day); long text also carries a word-level
 * diff so a changed strategy shows which words changed, not just that the paragraph did.
 */

export const fieldChanges = ['added', 'removed', 'changed', 'unchanged'] as const;
export type FieldChange = (typeof fieldChanges)[number];

export const WordPartSchema = z.object({
  value: z.string(),
  added: z.boolean(),
  removed: z.boolean(),
});
export type WordPart = z.infer<typeof WordPartSchema>;

export const FieldDiffSchema = z.object({
  fieldId: z.string(),
  label: z.string(),
  change: z.enum(fieldChanges),
  before: z.string(),
  after: z.string(),
  /** Word by word, for long text that changed; absent otherwise. */
  words: z.array(WordPartSchema).optional(),
});
export type FieldDiff = z.infer<typeof FieldDiffSchema>;

export const VersionDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  fields: z.array(FieldDiffSchema),
  changedCount: z.number().int(),
});
export type VersionDiff = z.infer<typeof VersionDiffSchema>;

/** Text longer than this (or any textarea) is compared word by word. */
const longTextLength = 60;

function isSignature(value: unknown): value is SignatureValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'signerName' in value;
}

function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** How a field's value reads to a person; '' when empty. */
export function displayValue(field: Pick<FormField, 'type'>, value: FieldValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string') return field.type === 'date' ? formatDate(value) : plainText(value);
  if (isSignature(value)) {
    const day = value.signedAt ? ` on ${formatDate(value.signedAt.slice(0, 10))}` : '';
    return `Signed by ${value.signerName}${day}`;
  }
  return '';
}

function changeOf(before: string, after: string): FieldChange {
  if (before === after) return 'unchanged';
  if (before === '') return 'added';
  if (after === '') return 'removed';
  return 'changed';
}

/**
 * Compares the values of two versions over the template's fields, in the template's order; values
 * of fields the template no longer has follow, labelled by their id.
 */
export function diffVersionValues(
  fields: readonly Pick<FormField, 'id' | 'name' | 'type'>[],
  before: FieldValues,
  after: FieldValues,
): FieldDiff[] {
  const known = new Set(fields.map((f) => f.id));
  const extra = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((id) => !known.has(id))
    .sort()
    .map((id) => ({ id, name: id, type: 'text' as const }));
  return [...fields, ...extra].map((field) => {
    const a = displayValue(field, before[field.id]);
    const b = displayValue(field, after[field.id]);
    const change = changeOf(a, b);
    const diff: FieldDiff = { fieldId: field.id, label: field.name, change, before: a, after: b };
    if (
      change === 'changed' &&
      (field.type === 'textarea' || Math.max(a.length, b.length) > longTextLength)
    ) {
      diff.words = diffWords(a, b).map((part) => ({
        value: part.value,
        added: part.added === true,
        removed: part.removed === true,
      }));
    }
    return diff;
  });
}
