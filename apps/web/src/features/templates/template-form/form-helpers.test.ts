import type { ComplianceIssue } from '@wattle/domain/cards/schemas';
import { describe, expect, it } from 'vitest';
import {
  aiDraftDescription,
  bySeverity,
  clampPage,
  criticalIssues,
  editsAfterSave,
  exportBlockDescription,
  issueCount,
  issuesByField,
  moreIssuesText,
  pageCount,
  pageItems,
  pageLabel,
  parseDateOnly,
  remainingText,
  sameValue,
  summariseIssues,
  toDateOnly,
  unsavedEdits,
} from './form-helpers';

const issue = (
  id: string,
  severity: ComplianceIssue['severity'],
  fieldId: string | null = id,
): ComplianceIssue => ({
  id,
  type: 'missing-field',
  severity,
  description: `Issue ${id}`,
  fieldId,
});

describe('paging (6 fields to a page)', () => {
  const items = Array.from({ length: 44 }, (_, i) => i);

  it('counts pages, at least one', () => {
    expect(pageCount(44)).toBe(8);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(0)).toBe(1);
  });

  it('slices a page and keeps the page inside the list', () => {
    expect(pageItems(items, 0)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageItems(items, 7)).toEqual([42, 43]);
    expect(pageItems(items, 99)).toEqual([42, 43]);
    expect(pageItems(items, -3)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(clampPage(9, 10)).toBe(1);
  });

  it("labels the page 'Page X of Y'", () => {
    expect(pageLabel(0, 44)).toBe('Page 1 of 8');
    expect(pageLabel(7, 44)).toBe('Page 8 of 8');
    expect(pageLabel(3, 0)).toBe('Page 1 of 1');
  });
});

describe('issue summaries', () => {
  const issues = [
    issue('a', 'high'),
    issue('b', 'critical'),
    issue('c', 'medium'),
    issue('d', 'high'),
    issue('e', 'critical'),
  ];

  it("shows the first 3 and '...and N more'", () => {
    const { shown, more } = summariseIssues(issues);
    expect(shown.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(more).toBe(2);
    expect(moreIssuesText(more)).toBe('...and 2 more');
    expect(summariseIssues(issues.slice(0, 3)).more).toBe(0);
  });

  it('orders issues most severe first, keeping their order within a severity', () => {
    expect(bySeverity(issues).map((i) => i.id)).toEqual(['b', 'e', 'a', 'd', 'c']);
  });

  it('picks the critical issues', () => {
    expect(criticalIssues(issues).map((i) => i.id)).toEqual(['b', 'e']);
  });

  it('groups issues by field and counts them per section', () => {
    const byField = issuesByField([...issues, issue('x', 'high', 'a'), issue('none', 'critical', null)]);
    expect(byField.get('a')?.map((i) => i.id)).toEqual(['a', 'x']);
    expect(byField.has('none')).toBe(false);
    expect(issueCount([{ id: 'a' }, { id: 'c' }, { id: 'zz' }], byField)).toBe(3);
  });

  it('describes what blocks an export: critical and high issues only', () => {
    expect(exportBlockDescription(issues)).toBe('Resolve first: Issue a; Issue b; Issue d; ...and 1 more.');
    expect(exportBlockDescription([issue('b', 'critical')])).toBe('Resolve first: Issue b.');
  });

  it("says 'Complete' or 'N fields remaining'", () => {
    expect(remainingText(0)).toBe('Complete');
    expect(remainingText(1)).toBe('1 field remaining');
    expect(remainingText(12)).toBe('12 fields remaining');
  });
});

describe('values', () => {
  it('compares field values by content', () => {
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('', null)).toBe(false);
    expect(sameValue(['x', 'y'], ['x', 'y'])).toBe(true);
    expect(sameValue(['x', 'y'], ['y', 'x'])).toBe(false);
    const signed = {
      kind: 'typed' as const,
      typed: 'P',
      signerName: 'P',
      signedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(sameValue(signed, { signedAt: signed.signedAt, signerName: 'P', typed: 'P', kind: 'typed' })).toBe(
      true,
    );
    expect(sameValue(signed, { ...signed, signerName: 'Q' })).toBe(false);
    expect(sameValue(true, 'true')).toBe(false);
  });

  it('keeps only the edits that differ from the saved values', () => {
    expect(unsavedEdits({ a: 'x', b: 'same', c: null }, { b: 'same' })).toEqual({ a: 'x' });
  });

  it('keeps the edits typed on while a save was on its way', () => {
    const sent = { a: '<p>one</p>', b: true };
    expect(editsAfterSave({ a: '<p>one two</p>', b: true, c: 'new' }, sent)).toEqual({
      a: '<p>one two</p>',
      c: 'new',
    });
    expect(editsAfterSave(sent, sent)).toEqual({});
  });

  it('reads and writes yyyy-mm-dd as local calendar days', () => {
    const date = parseDateOnly('2024-02-29');
    expect(date?.getFullYear()).toBe(2024);
    expect(date?.getMonth()).toBe(1);
    expect(date?.getDate()).toBe(29);
    expect(date && toDateOnly(date)).toBe('2024-02-29');
    expect(parseDateOnly('2023-02-29')).toBeUndefined();
    expect(parseDateOnly('29/02/2024')).toBeUndefined();
    expect(parseDateOnly(true)).toBeUndefined();
    expect(toDateOnly(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('AI draft toast', () => {
  it('counts the sources', () => {
    expect(aiDraftDescription({ assessments: 2, incidents: 1, previousPlans: 0 })).toBe(
      'From 2 assessments, 1 incident and 0 previous plans.',
    );
    expect(aiDraftDescription({ assessments: 1, incidents: 3, previousPlans: 1 })).toBe(
      'From 1 assessment, 3 incidents and 1 previous plan.',
    );
  });
});
