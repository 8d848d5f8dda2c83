import { describe, expect, it } from 'vitest';
import {
  deadlineCountdown,
  deadlineNotice,
  deadlineNoticeStage,
  formatDue,
  formatDueDate,
} from './deadline-text';

const sydney = 'Australia/Sydney';
const now = new Date('2026-03-10T00:00:00Z'); // 11:00 am, Tuesday 10 March 2026 in Sydney
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const at = (ms: number) => new Date(now.getTime() + ms);

describe('due dates', () => {
  it('shows the local date, dd/mm/yyyy, of the tenant zone', () => {
    expect(formatDueDate('2026-03-10T13:30:00Z', sydney)).toBe('11/03/2026');
    expect(formatDueDate('2026-03-10T13:30:00Z', 'Australia/Perth')).toBe('10/03/2026');
  });

  it('shows the time too unless the deadline is the end of a local day', () => {
    expect(formatDue('2026-03-14T12:59:59.999Z', sydney)).toBe('14/03/2026');
    expect(formatDue('2026-03-11T00:00:00Z', sydney)).toBe('11/03/2026 at 11:00 am');
    expect(formatDue('2026-03-11T05:30:00Z', sydney)).toBe('11/03/2026 at 4:30 pm');
  });
});

describe('countdown', () => {
  it('counts whole days, then hours, then minutes', () => {
    expect(deadlineCountdown({ dueAt: at(3 * day + 5 * hour), metAt: null }, now, sydney)).toBe(
      'Due in 3 days',
    );
    expect(deadlineCountdown({ dueAt: at(day), metAt: null }, now, sydney)).toBe('Due in 1 day');
    expect(deadlineCountdown({ dueAt: at(5 * hour + 59 * 60_000), metAt: null }, now, sydney)).toBe(
      'Due in 5 h',
    );
    expect(deadlineCountdown({ dueAt: at(20 * 60_000), metAt: null }, now, sydney)).toBe('Due in 20 min');
    expect(deadlineCountdown({ dueAt: at(10_000), metAt: null }, now, sydney)).toBe('Due in 1 min');
  });

  it('says how late an overdue deadline is, and when a met one was met', () => {
    expect(deadlineCountdown({ dueAt: at(-2 * day - hour), metAt: null }, now, sydney)).toBe(
      'Overdue by 2 days',
    );
    expect(deadlineCountdown({ dueAt: at(-3 * hour), metAt: null }, now, sydney)).toBe('Overdue by 3 h');
    expect(deadlineCountdown({ dueAt: at(-day), metAt: '2026-03-12T02:00:00Z' }, now, sydney)).toBe(
      'Met 12/03/2026',
    );
  });
});

describe('notice stages and wording', () => {
  it('is in the 7-day stage within a week, the 1-day stage within a day, then overdue', () => {
    expect(deadlineNoticeStage(at(8 * day), now)).toBeNull();
    expect(deadlineNoticeStage(at(7 * day), now)).toBe('week');
    expect(deadlineNoticeStage(at(day + 1), now)).toBe('week');
    expect(deadlineNoticeStage(at(day), now)).toBe('day');
    expect(deadlineNoticeStage(at(0), now)).toBe('day');
    expect(deadlineNoticeStage(at(-1), now)).toBe('overdue');
  });

  it('names the participant, the deadline, its due date and countdown', () => {
    const interim = {
      kind: 'bsp-interim' as const,
      dueAt: '2026-03-14T12:59:59.999Z',
      participantName: 'Jordan Lee',
    };
    expect(deadlineNotice(interim, 'week', now, sydney)).toEqual({
      message: 'Jordan Lee: Interim behaviour support plan is due 14/03/2026 (Due in 4 days)',
      priority: 'normal',
    });
    const notification = {
      kind: 'incident-notification' as const,
      dueAt: at(5 * hour),
      participantName: 'Jordan Lee',
    };
    expect(deadlineNotice(notification, 'day', now, sydney)).toEqual({
      message: 'Jordan Lee: Reportable incident notification is due 10/03/2026 at 4:00 pm (Due in 5 h)',
      priority: 'high',
    });
    expect(deadlineNotice({ ...notification, dueAt: at(-2 * hour) }, 'overdue', now, sydney)).toEqual({
      message:
        'Jordan Lee: Reportable incident notification was due 10/03/2026 at 9:00 am and is overdue (Overdue by 2 h)',
      priority: 'high',
    });
  });
});
