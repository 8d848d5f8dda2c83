import { describe, expect, it } from 'vitest';
import { DeadlineListQuerySchema, deadlineLink, deadlineStatus, isIncidentDeadlineKind } from './schemas';

describe('deadlineStatus', () => {
  const now = new Date('2026-03-10T00:00:00Z');

  it('is met once done, early or late', () => {
    expect(deadlineStatus({ dueAt: '2026-03-01T00:00:00Z', metAt: '2026-03-05T00:00:00Z' }, now)).toBe('met');
    expect(deadlineStatus({ dueAt: '2026-04-01T00:00:00Z', metAt: '2026-03-05T00:00:00Z' }, now)).toBe('met');
  });

  it('is overdue past the due instant, due soon within 7 days, else upcoming', () => {
    expect(deadlineStatus({ dueAt: new Date('2026-03-09T23:59:59.999Z'), metAt: null }, now)).toBe('overdue');
    expect(deadlineStatus({ dueAt: new Date('2026-03-10T00:00:00Z'), metAt: null }, now)).toBe('due-soon');
    expect(deadlineStatus({ dueAt: new Date('2026-03-17T00:00:00Z'), metAt: null }, now)).toBe('due-soon');
    expect(deadlineStatus({ dueAt: new Date('2026-03-17T00:00:00.001Z'), metAt: null }, now)).toBe(
      'upcoming',
    );
  });
});

describe('deadline kinds and list query', () => {
  it('knows which kinds are about incidents', () => {
    expect(isIncidentDeadlineKind('incident-notification')).toBe(true);
    expect(isIncidentDeadlineKind('incident-five-day-report')).toBe(true);
    expect(isIncidentDeadlineKind('bsp-review')).toBe(false);
  });

  it('takes the filters and paging, and refuses an unknown status', () => {
    expect(DeadlineListQuerySchema.parse({ status: 'open', limit: '10' })).toEqual({
      status: 'open',
      limit: 10,
      offset: 0,
    });
    expect(DeadlineListQuerySchema.safeParse({ status: 'late' }).success).toBe(false);
  });
});

describe('deadlineLink', () => {
  const ids = { subjectId: 'p1', participantId: 'jordan', teamSlug: 'jordans-care-team' };

  it("links to the plan, the team's behaviour support home, the incident and the team's restrictive practices", () => {
    expect(deadlineLink({ ...ids, subjectType: 'plan' })).toBe('/my-teams/jordans-care-team/bsp/p1');
    expect(deadlineLink({ ...ids, subjectType: 'engagement' })).toBe('/my-teams/jordans-care-team/bsp');
    expect(deadlineLink({ ...ids, subjectType: 'incident' })).toBe('/incidents?incident=p1');
    expect(deadlineLink({ ...ids, subjectType: 'rp-report' })).toBe(
      '/my-teams/jordans-care-team/restrictive-practices',
    );
  });

  it('has no link to a team page without the team', () => {
    expect(deadlineLink({ ...ids, teamSlug: null, subjectType: 'plan' })).toBeNull();
    expect(deadlineLink({ ...ids, teamSlug: null, subjectType: 'incident' })).toBe('/incidents?incident=p1');
  });
});
