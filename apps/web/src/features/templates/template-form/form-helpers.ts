import type { ComplianceIssue } from '@wattle/domain/cards/schemas';
import type { FieldValue, FieldValues, FormField } from '@wattle/domain/templates/schemas';

/**
 * Pure helpers of the template form: paging, issue summaries, value comparison and the messages the
 * form shows. Kept free of React and the DOM so they are tested in node.
 */

/** Fields per page in the card-panel variant (spec work section 9, "Template form page size 6 fields"). */
export const fieldPageSize = 6;

export function pageCount(total: number, size: number = fieldPageSize): number {
  return Math.max(1, Math.ceil(total / size));
}

/** A page index kept inside 0 … pageCount − 1 (the list may shrink while a later page is shown). */
export function clampPage(page: number, total: number, size: number = fieldPageSize): number {
  return Math.min(Math.max(0, Math.floor(page)), pageCount(total, size) - 1);
}

/** The items of a zero-based page. */
export function pageItems<T>(items: readonly T[], page: number, size: number = fieldPageSize): T[] {
  const start = clampPage(page, items.length, size) * size;
  return items.slice(start, start + size);
}

export function pageLabel(page: number, total: number, size: number = fieldPageSize): string {
  return `Page ${clampPage(page, total, size) + 1} of ${pageCount(total, size)}`;
}

/** The first `max` issues and how many more there are ('...and N more'). */
export function summariseIssues(
  issues: readonly ComplianceIssue[],
  max = 3,
): { shown: ComplianceIssue[]; more: number } {
  return { shown: issues.slice(0, max), more: Math.max(0, issues.length - max) };
}

export const moreIssuesText = (more: number) => `...and ${more} more`;

const severityRank = { critical: 0, high: 1, medium: 2 } as const;

/** The issues, most severe first (in their own order within a severity). */
export function bySeverity(issues: readonly ComplianceIssue[]): ComplianceIssue[] {
  return issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => severityRank[a.issue.severity] - severityRank[b.issue.severity] || a.index - b.index)
    .map(({ issue }) => issue);
}

export function criticalIssues(issues: readonly ComplianceIssue[]): ComplianceIssue[] {
  return issues.filter((issue) => issue.severity === 'critical');
}

/** Issues by the field they are about (issues about no field are left out). */
export function issuesByField(issues: readonly ComplianceIssue[]): Map<string, ComplianceIssue[]> {
  const byField = new Map<string, ComplianceIssue[]>();
  for (const issue of issues) {
    if (!issue.fieldId) continue;
    const list = byField.get(issue.fieldId);
    if (list) list.push(issue);
    else byField.set(issue.fieldId, [issue]);
  }
  return byField;
}

/** How many issues concern the given fields. */
export function issueCount(
  fields: readonly Pick<FormField, 'id'>[],
  byField: Map<string, ComplianceIssue[]>,
): number {
  let count = 0;
  for (const field of fields) count += byField.get(field.id)?.length ?? 0;
  return count;
}

/** Whether two field values are the same (values are JSON: text, booleans, lists, signatures, null). */
export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) {
    // An absent value and null both mean "not filled".
    return (a ?? null) === (b ?? null);
  }
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The edits that still differ from the saved values (an edit typed back to the saved value is no change). */
export function unsavedEdits(edits: FieldValues, saved: FieldValues): FieldValues {
  const result: FieldValues = {};
  for (const [id, value] of Object.entries(edits)) {
    if (!sameValue(value, saved[id])) result[id] = value;
  }
  return result;
}

/**
 * What is left to save once `sent` has been saved: the edits that changed again meanwhile (typing
 * went on while the save was on its way) stay.
 */
export function editsAfterSave(edits: FieldValues, sent: FieldValues): FieldValues {
  const result: FieldValues = {};
  for (const [id, value] of Object.entries(edits)) {
    if (!(id in sent) || !sameValue(value, sent[id])) result[id] = value;
  }
  return result;
}

export interface AiDraftSources {
  assessments: number;
  incidents: number;
  previousPlans: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The description of the 'AI Behaviour Plan Generated' toast. */
export function aiDraftDescription(sources: AiDraftSources): string {
  return `From ${plural(sources.assessments, 'assessment', 'assessments')}, ${plural(
    sources.incidents,
    'incident',
    'incidents',
  )} and ${plural(sources.previousPlans, 'previous plan', 'previous plans')}.`;
}

/** The description of the 'Compliance required' toast: what blocks the export (critical and high issues). */
export function exportBlockDescription(issues: readonly ComplianceIssue[]): string {
  const blocking = issues.filter((issue) => issue.severity === 'critical' || issue.severity === 'high');
  const { shown, more } = summariseIssues(blocking);
  const list = shown.map((issue) => issue.description).join('; ');
  return `Resolve first: ${list}${more > 0 ? `; ${moreIssuesText(more)}` : ''}.`;
}

/** 'Complete' or 'N fields remaining' (required fields not yet filled). */
export function remainingText(remaining: number): string {
  if (remaining <= 0) return 'Complete';
  return `${remaining} ${remaining === 1 ? 'field' : 'fields'} remaining`;
}

/** A yyyy-mm-dd date as a Date at local midnight; anything else gives undefined. */
export function parseDateOnly(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  return date.getMonth() === Number(m) - 1 && date.getDate() === Number(d) ? date : undefined;
}

/** A Date's local calendar day as yyyy-mm-dd. */
export function toDateOnly(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
