import { describe, expect, it } from 'vitest';
import { addDays } from '../features/cards/card-values';
import {
  budgetNotice,
  checkNotice,
  daysPhrase,
  expiringChecks,
  formatLongDate,
  planEndingNotice,
} from './deadline-notices';

describe('dates', () => {
  it('adds calendar days across months, years and a leap day', () => {
    expect(addDays('2026-12-24', 21)).toBe('2027-01-14');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // The day daylight saving starts in Sydney is still one calendar day.
    expect(addDays('2026-10-03', 2)).toBe('2026-10-05');
  });

  it('writes dates as people read them, whatever the server zone', () => {
    expect(formatLongDate('2027-01-14')).toBe('14 January 2027');
    expect(formatLongDate('2026-03-01')).toBe('1 March 2026');
  });

  it('says how far off in brackets', () => {
    expect(daysPhrase(0)).toBe('today');
    expect(daysPhrase(1)).toBe('1 day');
    expect(daysPhrase(21)).toBe('21 days');
  });
});

describe('plan ending', () => {
  it('names the participant, the end date and the days left', () => {
    expect(planEndingNotice('Jordan Lee', '2027-01-14', '2026-12-24')).toEqual({
      message: "Jordan Lee's NDIS plan ends on 14 January 2027 (21 days)",
      priority: 'normal',
    });
  });

  it('is high priority within a week, today included', () => {
    expect(planEndingNotice('Mia Thompson', '2026-07-08', '2026-07-01').priority).toBe('high');
    expect(planEndingNotice('Mia Thompson', '2026-07-09', '2026-07-01').priority).toBe('normal');
    expect(planEndingNotice('Mia Thompson', '2026-07-01', '2026-07-01')).toEqual({
      message: "Mia Thompson's NDIS plan ends on 1 July 2026 (today)",
      priority: 'high',
    });
  });
});

describe('budget', () => {
  it('gives the share used and the amounts', () => {
    expect(budgetNotice('Jordan Lee', 'Transport', 100_000, 85_050)).toEqual({
      message: "Jordan Lee's Transport budget is 85% used ($850.50 of $1,000.00)",
      priority: 'normal',
    });
    expect(budgetNotice('Jordan Lee', 'Transport', 100_000, 100_000).priority).toBe('high');
  });
});

describe('screening checks', () => {
  const today = '2026-05-01';
  const profile = {
    workerScreening: { number: 'NWS-1', expiryDate: '2026-05-31' },
    workingWithChildrenCheck: { number: 'WWC-1', expiryDate: '2026-06-01' },
    registrations: [
      { type: 'AHPRA', number: 'PSY0001234', expiryDate: '2026-04-30' },
      { type: 'Psychology Board registration', number: 'PB-9', expiryDate: '2026-05-08' },
      { type: 'First Aid', number: 'FA-1', expiryDate: null },
    ],
  };

  it('finds the checks expiring within 30 days or expired, not those further off or without a date', () => {
    expect(expiringChecks(today, profile)).toEqual([
      {
        kind: 'worker-screening',
        label: 'NDIS Worker Screening',
        expiryDate: '2026-05-31',
        state: 'expiring',
        days: 30,
      },
      {
        kind: 'registration-PSY0001234',
        label: 'AHPRA registration (PSY0001234)',
        expiryDate: '2026-04-30',
        state: 'expired',
        days: -1,
      },
      {
        kind: 'registration-PB-9',
        label: 'Psychology Board registration (PB-9)',
        expiryDate: '2026-05-08',
        state: 'expiring',
        days: 7,
      },
    ]);
    expect(
      expiringChecks(today, { workerScreening: null, workingWithChildrenCheck: null, registrations: [] }),
    ).toEqual([]);
  });

  it('speaks to the person and about them to their admins', () => {
    const [screening, ahpra, board] = expiringChecks(today, profile);
    expect(checkNotice(screening!, 'Sophie Support', true)).toEqual({
      message: 'Your NDIS Worker Screening expires on 31 May 2026 (30 days)',
      priority: 'normal',
    });
    expect(checkNotice(ahpra!, 'Sophie Support', false)).toEqual({
      message: "Sophie Support's AHPRA registration (PSY0001234) expired on 30 April 2026",
      priority: 'high',
    });
    expect(checkNotice(board!, 'Sophie Support', false).priority).toBe('high');
  });
});
