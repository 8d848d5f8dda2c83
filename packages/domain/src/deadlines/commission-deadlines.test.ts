import { describe, expect, it } from 'vitest';
import { localDateTime } from '../time/timer';
import {
  comprehensivePlanDue,
  incidentFiveDayReportDue,
  incidentNotificationDue,
  interimPlanDue,
  planReviewDue,
  restrictivePracticeReportDue,
} from './commission-deadlines';

const sydney = 'Australia/Sydney';
const brisbane = 'Australia/Brisbane';
const perth = 'Australia/Perth';
const melbourne = 'Australia/Melbourne';
const adelaide = 'Australia/Adelaide';
const hobart = 'Australia/Hobart';
const darwin = 'Australia/Darwin';

/** The local date and time of a due instant, to read the tests in the tenant's calendar. */
const local = (at: Date, tz: string) => {
  const { date, time } = localDateTime(at, tz);
  return `${date} ${time}`;
};

describe('behaviour support plan deadlines', () => {
  it('gives the interim plan 1 calendar month, ending at the close of that local day', () => {
    expect(interimPlanDue('2026-05-14', sydney).toISOString()).toBe('2026-06-14T13:59:59.999Z');
    expect(local(interimPlanDue('2026-05-14', sydney), sydney)).toBe('2026-06-14 23:59');
  });

  it('clamps a month end to the shorter month: 31 January + 1 month is 28 February, or 29 in a leap year', () => {
    expect(interimPlanDue('2026-01-31', sydney).toISOString()).toBe('2026-02-28T12:59:59.999Z');
    expect(interimPlanDue('2028-01-31', sydney).toISOString()).toBe('2028-02-29T12:59:59.999Z');
    expect(interimPlanDue('2026-03-31', brisbane).toISOString()).toBe('2026-04-30T13:59:59.999Z');
    expect(interimPlanDue('2026-12-31', brisbane).toISOString()).toBe('2027-01-31T13:59:59.999Z');
    // The 29th and 30th of January clamp too.
    expect(interimPlanDue('2026-01-29', sydney).toISOString()).toBe('2026-02-28T12:59:59.999Z');
    expect(interimPlanDue('2028-01-30', sydney).toISOString()).toBe('2028-02-29T12:59:59.999Z');
  });

  it('gives the comprehensive plan 6 calendar months, across a year end and into a leap February', () => {
    expect(comprehensivePlanDue('2026-03-15', brisbane).toISOString()).toBe('2026-09-15T13:59:59.999Z');
    expect(comprehensivePlanDue('2026-08-31', brisbane).toISOString()).toBe('2027-02-28T13:59:59.999Z');
    expect(comprehensivePlanDue('2027-08-31', brisbane).toISOString()).toBe('2028-02-29T13:59:59.999Z');
    expect(comprehensivePlanDue('2027-08-29', sydney).toISOString()).toBe('2028-02-29T12:59:59.999Z');
  });

  it('ends a due day at local midnight whichever side of a Sydney daylight-saving change it falls', () => {
    // 5 April 2026: daylight saving has ended (UTC+10); 4 October 2026: it has begun (UTC+11).
    expect(interimPlanDue('2026-03-05', sydney).toISOString()).toBe('2026-04-05T13:59:59.999Z');
    expect(interimPlanDue('2026-09-04', sydney).toISOString()).toBe('2026-10-04T12:59:59.999Z');
    // Brisbane keeps UTC+10 all year.
    expect(interimPlanDue('2026-09-04', brisbane).toISOString()).toBe('2026-10-04T13:59:59.999Z');
    // Adelaide's half-hour offsets: UTC+10:30 once daylight saving has begun, UTC+9:30 once it has ended.
    expect(interimPlanDue('2026-09-04', adelaide).toISOString()).toBe('2026-10-04T13:29:59.999Z');
    expect(interimPlanDue('2026-03-05', adelaide).toISOString()).toBe('2026-04-05T14:29:59.999Z');
  });

  it('reviews a plan 12 months after approval, from 29 February to 28 February', () => {
    expect(planReviewDue('2026-07-01', null, sydney).toISOString()).toBe('2027-07-01T13:59:59.999Z');
    expect(local(planReviewDue('2028-02-29', null, sydney), sydney)).toBe('2029-02-28 23:59');
  });

  it('reviews within 1 month of a change of needs when that comes before the yearly review', () => {
    expect(local(planReviewDue('2026-01-10', '2026-06-20', sydney), sydney)).toBe('2026-07-20 23:59');
    // A change late in the plan's year: the yearly review still comes first.
    expect(local(planReviewDue('2026-01-10', '2026-12-31', sydney), sydney)).toBe('2027-01-10 23:59');
    // A change recorded before the approval was answered by the approved version.
    expect(local(planReviewDue('2026-01-10', '2025-12-01', sydney), sydney)).toBe('2027-01-10 23:59');
  });
});

describe('reportable incident deadlines', () => {
  it('gives 24 elapsed hours to notify, so the end of daylight saving shows an hour earlier on the clock', () => {
    // Aware 10:00 Saturday 4 April 2026 (AEDT); clocks go back at 3:00 on Sunday 5 April.
    const aware = new Date('2026-04-03T23:00:00Z');
    const due = incidentNotificationDue(aware, 'serious-injury', 'NSW', sydney);
    expect(due.getTime() - aware.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(local(due, sydney)).toBe('2026-04-05 09:00');
  });

  it('gives 24 elapsed hours across the start of daylight saving too, and Brisbane never moves', () => {
    const aware = new Date('2026-10-03T00:00:00Z'); // 10:00 Saturday 3 October 2026, AEST
    expect(local(incidentNotificationDue(aware, 'death', 'NSW', sydney), sydney)).toBe('2026-10-04 11:00');
    expect(local(incidentNotificationDue(aware, 'death', 'QLD', brisbane), brisbane)).toBe(
      '2026-10-04 10:00',
    );
  });

  it('gives an unauthorised restrictive practice without harm 5 business days, skipping Easter', () => {
    // Aware Thursday 2 April 2026; Good Friday 3 and Easter Monday 6 April are public holidays.
    const aware = new Date('2026-04-02T05:00:00Z');
    const due = incidentNotificationDue(aware, 'unauthorised-restrictive-practice', 'NSW', sydney);
    expect(local(due, sydney)).toBe('2026-04-13 23:59');
  });

  it('gives an unauthorised restrictive practice that caused harm 24 hours', () => {
    const aware = new Date('2026-04-02T05:00:00Z');
    const due = incidentNotificationDue(aware, 'unauthorised-restrictive-practice', 'NSW', sydney, {
      causedHarm: true,
    });
    expect(due.toISOString()).toBe('2026-04-03T05:00:00.000Z');
  });

  it('counts the 5-day report from the local day of awareness, in the tenant zone', () => {
    // 23:30 Tuesday 10 March 2026 in Perth is already Wednesday 11 March in Sydney.
    const aware = new Date('2026-03-10T15:30:00Z');
    expect(local(incidentFiveDayReportDue(aware, 'WA', perth), perth)).toBe('2026-03-17 23:59');
    expect(local(incidentFiveDayReportDue(aware, 'NSW', sydney), sydney)).toBe('2026-03-18 23:59');
  });

  it('skips Melbourne Cup day in Victoria but not in New South Wales', () => {
    // Aware Friday 30 October 2026; Melbourne Cup is Tuesday 3 November.
    const aware = new Date('2026-10-29T23:00:00Z');
    expect(local(incidentFiveDayReportDue(aware, 'VIC', melbourne), melbourne)).toBe('2026-11-09 23:59');
    expect(local(incidentFiveDayReportDue(aware, 'NSW', sydney), sydney)).toBe('2026-11-06 23:59');
  });

  it("skips each state's own King's Birthday: June in NSW, September in WA, October in Queensland", () => {
    // Aware Wednesday 3 June 2026; King's Birthday is Monday 8 June in NSW, not in WA.
    const june = new Date('2026-06-03T02:00:00Z');
    expect(local(incidentFiveDayReportDue(june, 'NSW', sydney), sydney)).toBe('2026-06-11 23:59');
    expect(local(incidentFiveDayReportDue(june, 'WA', perth), perth)).toBe('2026-06-10 23:59');
    // Aware Friday 25 September 2026; WA's King's Birthday is Monday 28 September, Queensland's 5 October.
    const september = new Date('2026-09-25T02:00:00Z');
    expect(local(incidentFiveDayReportDue(september, 'WA', perth), perth)).toBe('2026-10-05 23:59');
    expect(local(incidentFiveDayReportDue(september, 'QLD', brisbane), brisbane)).toBe('2026-10-02 23:59');
  });
});

describe('business days across daylight saving, year ends, leap days and state holidays', () => {
  it("counts 5 business days across the start of daylight saving and each state's October holiday", () => {
    // Aware Thursday 1 October 2026; daylight saving begins Sunday 4 October. Monday 5 October is
    // Labour Day in NSW, the ACT and SA and the King's Birthday in Queensland, but a working day in
    // Victoria. The due day ends at local midnight in daylight time (UTC+11, or +10:30 in Adelaide).
    const aware = new Date('2026-09-30T23:00:00Z');
    expect(incidentFiveDayReportDue(aware, 'NSW', sydney).toISOString()).toBe('2026-10-09T12:59:59.999Z');
    expect(incidentFiveDayReportDue(aware, 'ACT', sydney).toISOString()).toBe('2026-10-09T12:59:59.999Z');
    expect(incidentFiveDayReportDue(aware, 'SA', adelaide).toISOString()).toBe('2026-10-09T13:29:59.999Z');
    expect(incidentFiveDayReportDue(aware, 'QLD', brisbane).toISOString()).toBe('2026-10-09T13:59:59.999Z');
    expect(incidentFiveDayReportDue(aware, 'VIC', melbourne).toISOString()).toBe('2026-10-08T12:59:59.999Z');
  });

  it('counts across Christmas, the Boxing Day substitute and New Year into the next year', () => {
    // Aware Wednesday 23 December 2026: Christmas is Friday, Boxing Day Saturday with Monday 28 off,
    // New Year's Day Friday 1 January: 24, 29, 30 and 31 December and Monday 4 January.
    const aware = new Date('2026-12-22T23:00:00Z');
    for (const [state, tz] of [
      ['NSW', sydney],
      ['TAS', hobart],
    ] as const) {
      const due = incidentNotificationDue(aware, 'unauthorised-restrictive-practice', state, tz);
      expect(local(due, tz), state).toBe('2027-01-04 23:59');
    }
  });

  it("skips March's Monday holiday where it is one: Canberra Day, Victoria's Labour Day, Tasmania's Eight Hours Day", () => {
    // Aware Friday 6 March 2026; Monday 9 March is a holiday in the ACT, Victoria and Tasmania only.
    const aware = new Date('2026-03-05T23:00:00Z');
    expect(local(incidentFiveDayReportDue(aware, 'ACT', sydney), sydney)).toBe('2026-03-16 23:59');
    expect(local(incidentFiveDayReportDue(aware, 'VIC', melbourne), melbourne)).toBe('2026-03-16 23:59');
    expect(local(incidentFiveDayReportDue(aware, 'TAS', hobart), hobart)).toBe('2026-03-16 23:59');
    expect(local(incidentFiveDayReportDue(aware, 'NSW', sydney), sydney)).toBe('2026-03-13 23:59');
    expect(local(incidentFiveDayReportDue(aware, 'NT', darwin), darwin)).toBe('2026-03-13 23:59');
  });

  it('counts 29 February of a leap year as a business day', () => {
    // Aware Thursday 24 February 2028: 25, 28 and 29 February, 1 and 2 March.
    const aware = new Date('2028-02-23T23:00:00Z');
    expect(local(incidentFiveDayReportDue(aware, 'NSW', sydney), sydney)).toBe('2028-03-02 23:59');
  });
});

describe('monthly restrictive practice report', () => {
  it('is due at the end of the 5th business day of the next month', () => {
    // May 2026 ends on a Sunday: 1 to 5 June are the five business days.
    expect(local(restrictivePracticeReportDue('2026-05', 'NSW', sydney), sydney)).toBe('2026-06-05 23:59');
  });

  it("skips New Year's Day, and February's report of a leap year starts after the 29th", () => {
    expect(restrictivePracticeReportDue('2026-12', 'NSW', sydney).toISOString()).toBe(
      '2027-01-08T12:59:59.999Z',
    );
    // February 2028 ends Tuesday 29 February: then 1, 2, 3, 6 and 7 March; in WA, Monday 6 March is
    // Labour Day, so the 5th business day is the 8th.
    expect(local(restrictivePracticeReportDue('2028-02', 'NSW', sydney), sydney)).toBe('2028-03-07 23:59');
    expect(local(restrictivePracticeReportDue('2028-02', 'WA', perth), perth)).toBe('2028-03-08 23:59');
  });

  it("reports September in daylight time, after NSW's Labour Day but not Victoria's", () => {
    expect(restrictivePracticeReportDue('2026-09', 'NSW', sydney).toISOString()).toBe(
      '2026-10-08T12:59:59.999Z',
    );
    expect(restrictivePracticeReportDue('2026-09', 'VIC', melbourne).toISOString()).toBe(
      '2026-10-07T12:59:59.999Z',
    );
  });
});
