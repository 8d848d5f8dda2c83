import { describe, expect, it } from 'vitest';
import { DeadlineListQuerySchema, deadlineStatus, isIncidentDeadlineKind } from './schemas';

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
