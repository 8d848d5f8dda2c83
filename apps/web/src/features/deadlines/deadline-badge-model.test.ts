import { describe, expect, it } from 'vitest';
import { deadlineBadgeModel } from './deadline-badge-model';

const sydney = 'Australia/Sydney';
const now = new Date('2026-03-10T00:00:00Z'); // 11:00 am, 10 March 2026 in Sydney
const day = 24 * 60 * 60 * 1000;

describe('deadline badge', () => {
  it('shows an end-of-day deadline as a date with the days left, due soon within a week', () => {
    expect(
      deadlineBadgeModel(
        { kind: 'bsp-interim', dueAt: '2026-03-13T12:59:59.999Z', metAt: null },
        now,
        sydney,
      ),
    ).toEqual({
      status: 'due-soon',
      due: '13/03/2026',
      countdown: 'Due in 3 days',
      label: 'Interim behaviour support plan due 13/03/2026: due in 3 days',
    });
  });

  it('shows a 24-hour notification with its time and hours left', () => {
    const model = deadlineBadgeModel(
      { kind: 'incident-notification', dueAt: new Date(now.getTime() + 5 * 3_600_000), metAt: null },
      now,
      sydney,
    );
    expect(model).toMatchObject({
      status: 'due-soon',
      due: '10/03/2026 at 4:00 pm',
      countdown: 'Due in 5 h',
    });
  });

  it('is upcoming beyond a week, overdue once past, met once done', () => {
    expect(
      deadlineBadgeModel({ dueAt: new Date(now.getTime() + 9 * day), metAt: null }, now, sydney).status,
    ).toBe('upcoming');
    const overdue = deadlineBadgeModel(
      { dueAt: new Date(now.getTime() - 2 * day), metAt: null },
      now,
      sydney,
    );
    expect(overdue).toMatchObject({ status: 'overdue', countdown: 'Overdue by 2 days' });
    expect(overdue.label).toBe('Deadline due 08/03/2026 at 11:00 am: overdue by 2 days');
    const met = deadlineBadgeModel(
      { kind: 'rp-monthly-report', dueAt: '2026-03-06T12:59:59.999Z', metAt: '2026-03-05T01:00:00Z' },
      now,
      sydney,
    );
    expect(met).toEqual({
      status: 'met',
      due: '06/03/2026',
      countdown: 'Met 05/03/2026',
      label: 'Monthly restrictive practice report due 06/03/2026: met 05/03/2026',
    });
  });
});
