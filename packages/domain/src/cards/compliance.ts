import type { FieldValue, FieldValues, FormField, FormTemplate } from '../templates/schemas';
import type { Compliance, ComplianceIssue } from './schemas';

/**
 * CONTRACT: the compliance engine of spec work section 5, run in the browser while typing and on the
 * server on every save.
 */
export function validateCompliance(
  _template: FormTemplate | null,
  _values: FieldValues,
  _now: Date = new Date(),
): Compliance {
  throw new Error('not implemented');
}

/** Whether a value counts as filled (text with visible characters, true, a non-empty list, a signature). */
export function isFilled(_value: FieldValue | undefined): boolean {
  throw new Error('not implemented');
}

/** Visible text of a rich-text value (tags removed, entities decoded), for length rules and PDFs. */
export function plainText(_html: string): string {
  throw new Error('not implemented');
}

/**
 * Whether a value has the right shape for its field (type, option lists, dates, max length). Returns
 * the message to refuse it with, or null. The server refuses such values; min length and pattern are
 * compliance issues instead, so a half-typed value can still be saved.
 */
export function fieldValueError(_field: FormField, _value: FieldValue): string | null {
  throw new Error('not implemented');
}

export const hasCriticalIssue = (issues: readonly ComplianceIssue[]) =>
  issues.some((i) => i.severity === 'critical');
/** Export PDF is blocked while critical or high issues exist ('Compliance required'). */
export const isExportBlocked = (issues: readonly ComplianceIssue[]) =>
  issues.some((i) => i.severity === 'critical' || i.severity === 'high');
