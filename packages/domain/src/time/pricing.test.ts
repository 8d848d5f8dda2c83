import { describe, expect, it } from 'vitest';
import type { SupportItem } from './catalogue';
import {
  communityWeekdayDaytime,
  otherTherapy,
  selfCarePublicHoliday,
  selfCareSaturday,
  selfCareWeekdayDaytime,
  testCatalogue,
} from './catalogue.fixture';
import {
  mulDivRoundHalfUp,
  type PricedEntry,
  type PriceEntryInput,
  type PricingIssue,
  priceEntry,
  providerTravelCap,
  shortNoticeRule,
} from './pricing';

// Tuesday 12 August 2025: no public holiday in any state. Saturday 16, Sunday 17 August.
const tuesday = '2025-08-12';
const saturday = '2025-08-16';

function input(
  overrides: Partial<Omit<PriceEntryInput, 'entry'>> & { entry?: Partial<PriceEntryInput['entry']> } = {},
): PriceEntryInput {
  const { entry, ...rest } = overrides;
  return {
    timeCode: { code: '01_011_0107_1_1', hourlyRateCents: 6500, isActive: true },
    catalogue: testCatalogue,
    tenantTimeCodes: [],
    location: { state: 'NSW', mmm: 1 },
    ...rest,
    entry: { date: tuesday, startTime: '09:00', endTime: '11:00', ...entry },
  };
}

function priced(result: ReturnType<typeof priceEntry>): PricedEntry {
  if (!result.ok) throw new Error(`expected a price, got ${JSON.stringify(result.errors)}`);
  return result;
}

function refused(result: ReturnType<typeof priceEntry>): PricingIssue[] {
  if (result.ok) throw new Error(`expected errors, got ${JSON.stringify(result)}`);
  return result.errors;
}

describe('the support item of the band', () => {
  it("prices a weekday daytime entry at the chosen code's item and rate", () => {
    expect(priced(priceEntry(input()))).toEqual({
      ok: true,
      supportItemNumber: '01_011_0107_1_1',
      supportItemName: 'Assistance With Self-Care Activities - Standard - Weekday Daytime',
      band: 'weekday-daytime',
      unitPriceCents: 6500,
      priceLimitCents: 7023,
      billableMinutes: 120,
      amountCents: 13000,
      isCancellation: false,
      notices: [],
    });
  });

  it.each([
    [{ date: tuesday, startTime: '05:59', endTime: '07:00' }, '01_002_0107_1_1', 'weekday-night'],
    [{ date: tuesday, startTime: '06:00', endTime: '07:00' }, '01_011_0107_1_1', 'weekday-daytime'],
    [{ date: tuesday, startTime: '18:00', endTime: '20:00' }, '01_011_0107_1_1', 'weekday-daytime'],
    [{ date: tuesday, startTime: '18:00', endTime: '20:01' }, '01_015_0107_1_1', 'weekday-evening'],
    [
      { date: tuesday, startTime: '23:59', endDate: '2025-08-13', endTime: '00:00' },
      '01_015_0107_1_1',
      'weekday-evening',
    ],
    [
      { date: tuesday, startTime: '23:00', endDate: '2025-08-13', endTime: '01:00' },
      '01_002_0107_1_1',
      'weekday-night',
    ],
    [{ date: saturday, startTime: '09:00', endTime: '11:00' }, '01_013_0107_1_1', 'saturday'],
    [{ date: '2025-08-17', startTime: '09:00', endTime: '11:00' }, '01_014_0107_1_1', 'sunday'],
    [{ date: '2025-12-25', startTime: '09:00', endTime: '11:00' }, '01_012_0107_1_1', 'public-holiday'],
  ])('%o is claimed as %s (%s)', (entry, number, band) => {
    const result = priced(priceEntry(input({ entry })));
    expect(result.supportItemNumber).toBe(number);
    expect(result.band).toBe(band);
  });

  it('chooses the family item whichever band the chosen code is for', () => {
    const result = priced(
      priceEntry(
        input({
          timeCode: { code: '01_013_0107_1_1', hourlyRateCents: 9000 },
          entry: { date: tuesday, startTime: '09:00', endTime: '10:00' },
        }),
      ),
    );
    expect(result.supportItemNumber).toBe('01_011_0107_1_1');
    // 9000 × 7023 / 9883 = 6395.5… → 6396
    expect(result.unitPriceCents).toBe(6396);
  });

  it('claims the public holiday item in the state that keeps the holiday and the weekday one elsewhere', () => {
    const melbourneCup = { date: '2025-11-04', startTime: '09:00', endTime: '11:00' };
    const vic = priced(priceEntry(input({ entry: melbourneCup, location: { state: 'VIC', mmm: 1 } })));
    const nsw = priced(priceEntry(input({ entry: melbourneCup, location: { state: 'NSW', mmm: 1 } })));
    expect(vic.supportItemNumber).toBe(selfCarePublicHoliday.number);
    expect(nsw.supportItemNumber).toBe(selfCareWeekdayDaytime.number);
  });

  it('claims an item without band variants as it is, at any time', () => {
    const result = priced(
      priceEntry(
        input({
          timeCode: { code: otherTherapy.number, hourlyRateCents: 19399 },
          entry: { date: saturday, startTime: '09:00', endTime: '10:00' },
        }),
      ),
    );
    expect(result).toMatchObject({
      supportItemNumber: otherTherapy.number,
      band: 'saturday',
      unitPriceCents: 19399,
      amountCents: 19399,
      notices: [],
    });
  });

  it('refuses a band the family has no item for', () => {
    const errors = refused(
      priceEntry(
        input({
          timeCode: { code: communityWeekdayDaytime.number, hourlyRateCents: 6500 },
          entry: { date: tuesday, startTime: '05:00', endTime: '07:00' },
        }),
      ),
    );
    expect(errors).toEqual([
      {
        field: 'date',
        message:
          'Access Community Social and Rec Activities - Standard has no Weekday Night item in the NDIS Support Catalogue in force on 12/08/2025',
      },
    ]);
  });

  it('refuses an item that is not in force on the date, saying when it is', () => {
    const catalogue = testCatalogue.filter((item) => item.startDate === '2025-07-01');
    const errors = refused(priceEntry(input({ catalogue, entry: { date: '2025-06-30' } })));
    expect(errors).toEqual([
      {
        field: 'date',
        message:
          'Assistance With Self-Care Activities - Standard - Weekday Daytime (01_011_0107_1_1) is not in force on 30/06/2025; it may be claimed from 01/07/2025',
      },
    ]);
  });

  it("uses the item of the year in force on the entry's date", () => {
    const june = priced(priceEntry(input({ entry: { date: '2025-06-30' } })));
    expect(june.priceLimitCents).toBe(6756);
    const july = priced(priceEntry(input({ entry: { date: '2025-07-01' } })));
    expect(july.priceLimitCents).toBe(7023);
  });

  it('refuses a code whose item is not in the catalogue', () => {
    const errors = refused(
      priceEntry(input({ timeCode: { code: '07_002_0106_8_3', hourlyRateCents: 10000 } })),
    );
    expect(errors[0]).toEqual({
      field: 'timeCodeId',
      message: 'Support item 07_002_0106_8_3 is not in the NDIS Support Catalogue in force on 12/08/2025',
    });
  });

  it('refuses an item not priced by the hour', () => {
    const errors = refused(
      priceEntry(input({ timeCode: { code: '01_010_0107_1_1', hourlyRateCents: 100 } })),
    );
    expect(errors[0]?.message).toMatch(/is priced per E, not by the hour/);
  });

  it('refuses an end before the start with the spec message', () => {
    const errors = refused(priceEntry(input({ entry: { startTime: '11:00', endTime: '09:00' } })));
    expect(errors).toEqual([{ field: 'endTime', message: 'End time must be after start time.' }]);
  });
});

describe('the unit price', () => {
  it("scales the chosen code's rate by the two items' price limits for another band", () => {
    const result = priced(priceEntry(input({ entry: { date: saturday } })));
    // 6500 × 9883 / 7023 = 9147.02 → 9147
    expect(result).toMatchObject({ unitPriceCents: 9147, priceLimitCents: 9883, amountCents: 18294 });
    expect(result.notices).toEqual([
      'A Saturday support: claimed as Assistance With Self-Care Activities - Standard - Saturday (01_013_0107_1_1)',
      'Your $65.00/h rate for 01_011_0107_1_1 is scaled to 01_013_0107_1_1 by their NDIS price limits',
    ]);
  });

  it("uses the tenant's own rate for the band's item when it has a code for it", () => {
    const result = priced(
      priceEntry(
        input({
          entry: { date: saturday },
          tenantTimeCodes: [{ code: selfCareSaturday.number, hourlyRateCents: 9000, isActive: true }],
        }),
      ),
    );
    expect(result.unitPriceCents).toBe(9000);
  });

  it("ignores an inactive code's rate for the band's item", () => {
    const result = priced(
      priceEntry(
        input({
          entry: { date: saturday },
          tenantTimeCodes: [{ code: selfCareSaturday.number, hourlyRateCents: 9000, isActive: false }],
        }),
      ),
    );
    expect(result.unitPriceCents).toBe(9147);
  });

  it('refuses a rate above the price limit, naming the rate, the limit, the item and the state', () => {
    const errors = refused(
      priceEntry(input({ timeCode: { code: '01_011_0107_1_1', hourlyRateCents: 7100 } })),
    );
    expect(errors).toEqual([
      {
        field: 'timeCodeId',
        message:
          'The rate $71.00/h is above the NDIS price limit of $70.23/h for Assistance With Self-Care Activities - Standard - Weekday Daytime (01_011_0107_1_1) in NSW',
      },
    ]);
  });

  it("refuses the tenant's own band rate when it is above that item's limit", () => {
    const errors = refused(
      priceEntry(
        input({
          entry: { date: saturday },
          tenantTimeCodes: [{ code: selfCareSaturday.number, hourlyRateCents: 9900 }],
        }),
      ),
    );
    expect(errors[0]?.message).toBe(
      'The rate $99.00/h is above the NDIS price limit of $98.83/h for Assistance With Self-Care Activities - Standard - Saturday (01_013_0107_1_1) in NSW',
    );
  });

  it('accepts a rate exactly at the limit', () => {
    const result = priced(
      priceEntry(input({ timeCode: { code: '01_011_0107_1_1', hourlyRateCents: 7023 } })),
    );
    expect(result.unitPriceCents).toBe(7023);
  });

  it('loads the price for remote (MMM 6) and very remote (MMM 7) participants, capped at those limits', () => {
    const remote = priced(priceEntry(input({ location: { state: 'NT', mmm: 6 } })));
    // 6500 × 9832 / 7023 = 9099.8 → 9100
    expect(remote).toMatchObject({ unitPriceCents: 9100, priceLimitCents: 9832, amountCents: 18200 });
    const veryRemote = priced(priceEntry(input({ location: { state: 'NT', mmm: 7 } })));
    // 6500 × 10535 / 7023 = 9750.1 → 9750
    expect(veryRemote).toMatchObject({ unitPriceCents: 9750, priceLimitCents: 10535 });
    const atLimit = priced(
      priceEntry(
        input({
          timeCode: { code: '01_011_0107_1_1', hourlyRateCents: 7023 },
          location: { state: 'WA', mmm: 7 },
        }),
      ),
    );
    expect(atLimit.unitPriceCents).toBe(10535);
  });

  it("uses the state's column in regional areas (MMM 2-5)", () => {
    const regional = priced(priceEntry(input({ location: { state: 'QLD', mmm: 5 } })));
    expect(regional).toMatchObject({ unitPriceCents: 6500, priceLimitCents: 7023 });
  });

  it('loads a remote Saturday on the Saturday item', () => {
    const result = priced(
      priceEntry(input({ entry: { date: saturday }, location: { state: 'SA', mmm: 6 } })),
    );
    // 9147 × 13836 / 9883 = 12805.6 → 12806
    expect(result).toMatchObject({
      supportItemNumber: '01_013_0107_1_1',
      unitPriceCents: 12806,
      priceLimitCents: 13836,
    });
  });

  it('neither scales nor caps where the catalogue gives no limit (a quotable item)', () => {
    const quotable: SupportItem = {
      ...otherTherapy,
      priceLimitsCents: { ...otherTherapy.priceLimitsCents, NSW: null, REMOTE: null },
    };
    const catalogue = [quotable];
    const metro = priced(
      priceEntry(input({ catalogue, timeCode: { code: otherTherapy.number, hourlyRateCents: 25000 } })),
    );
    expect(metro).toMatchObject({ unitPriceCents: 25000, priceLimitCents: null });
    const remote = priced(
      priceEntry(
        input({
          catalogue,
          timeCode: { code: otherTherapy.number, hourlyRateCents: 25000 },
          location: { state: 'NSW', mmm: 6 },
        }),
      ),
    );
    expect(remote).toMatchObject({ unitPriceCents: 25000, priceLimitCents: null });
  });

  it('rounds the amount half up to the cent', () => {
    // 6530 × 3 / 60 = 326.5 → 327
    const result = priced(
      priceEntry(
        input({
          timeCode: { code: '01_011_0107_1_1', hourlyRateCents: 6530 },
          entry: { startTime: '09:00', endTime: '09:03' },
        }),
      ),
    );
    expect(result.amountCents).toBe(327);
    expect(mulDivRoundHalfUp(6529, 3, 60)).toBe(326); // 326.45
  });
});

describe('provider travel', () => {
  const travel = { startTime: '09:00', endTime: '10:30', isTravel: true };

  it('caps the claim at 30 minutes in MMM 1-3 and 60 minutes in MMM 4-5; no cap in MMM 6-7', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((mmm) => providerTravelCap(mmm))).toEqual([
      30,
      30,
      30,
      60,
      60,
      null,
      null,
    ]);
    for (const [mmm, billable] of [
      [1, 30],
      [3, 30],
      [4, 60],
      [5, 60],
      [6, 90],
      [7, 90],
    ] as const) {
      const result = priced(priceEntry(input({ entry: travel, location: { state: 'NSW', mmm } })));
      expect(result.billableMinutes, `MMM ${mmm}`).toBe(billable);
    }
  });

  it('keeps the worked time, caps the claim and says so', () => {
    const result = priced(priceEntry(input({ entry: travel, location: { state: 'NSW', mmm: 2 } })));
    expect(result).toMatchObject({ billableMinutes: 30, amountCents: 3250 });
    expect(result.notices).toEqual([
      'Provider travel is claimable up to 30 minutes where the participant lives (MMM 2); 90 minutes recorded, 30 claimed',
    ]);
  });

  it('claims travel under the cap in full, without a notice', () => {
    const result = priced(priceEntry(input({ entry: { ...travel, endTime: '09:25' } })));
    expect(result).toMatchObject({ billableMinutes: 25, notices: [] });
  });

  it("refuses travel on an item whose catalogue flag doesn't allow it", () => {
    const noTravel: SupportItem = { ...otherTherapy, providerTravel: false };
    const errors = refused(
      priceEntry(
        input({
          catalogue: [noTravel],
          timeCode: { code: otherTherapy.number, hourlyRateCents: 19399 },
          entry: travel,
        }),
      ),
    );
    expect(errors).toEqual([
      {
        field: 'isTravel',
        message:
          'Assessment Recommendation Therapy or Training - Other Therapy (15_054_0128_6_1) does not allow provider travel to be claimed',
      },
    ]);
  });
});

describe('short-notice cancellations', () => {
  const therapy = { code: otherTherapy.number, hourlyRateCents: 19399 };
  // Wednesday 5 November 2025; Melbourne Cup Day (Tuesday 4th) is a holiday in Victoria only.
  const wednesday = '2025-11-05';

  it('takes 7 clear days for support-worker items and 2 clear business days for others', () => {
    expect(shortNoticeRule(selfCareWeekdayDaytime)).toEqual({ kind: 'clear-days', days: 7 });
    expect(shortNoticeRule(communityWeekdayDaytime)).toEqual({ kind: 'clear-days', days: 7 });
    expect(shortNoticeRule(otherTherapy)).toEqual({ kind: 'clear-business-days', days: 2 });
  });

  it('claims a support-worker shift cancelled with less than 7 clear days at 100%, marked as a cancellation', () => {
    // Notice on 5 August for 12 August: 6 clear days between.
    const result = priced(priceEntry(input({ entry: { cancellation: { noticeGivenOn: '2025-08-05' } } })));
    expect(result).toMatchObject({
      isCancellation: true,
      unitPriceCents: 6500,
      billableMinutes: 120,
      amountCents: 13000,
    });
    expect(result.notices).toContain('A short-notice cancellation, claimed at 100% of the agreed price');
  });

  it('refuses a support-worker shift cancelled with 7 clear days', () => {
    const errors = refused(priceEntry(input({ entry: { cancellation: { noticeGivenOn: '2025-08-04' } } })));
    expect(errors).toEqual([
      {
        field: 'cancellation.noticeGivenOn',
        message:
          "Notice was given 7 clear days before the support; a support worker's support cancelled with 7 or more clear days' notice is not a short-notice cancellation and cannot be claimed",
      },
    ]);
  });

  it("counts the clear business days of the participant's state for other supports", () => {
    const entry = { date: wednesday, cancellation: { noticeGivenOn: '2025-10-31' } };
    // Victoria: only Monday 3 November is a clear business day, so the notice was short.
    const vic = priced(priceEntry(input({ timeCode: therapy, entry, location: { state: 'VIC', mmm: 1 } })));
    expect(vic).toMatchObject({ isCancellation: true, amountCents: 38798 });
    // New South Wales: Monday and Tuesday, 2 clear business days: not short notice.
    const errors = refused(
      priceEntry(input({ timeCode: therapy, entry, location: { state: 'NSW', mmm: 1 } })),
    );
    expect(errors[0]).toEqual({
      field: 'cancellation.noticeGivenOn',
      message:
        "Notice was given 2 clear business days before the support; a support cancelled with 2 or more clear business days' notice is not a short-notice cancellation and cannot be claimed",
    });
  });

  it('claims a cancellation on the day (or a no-show)', () => {
    const result = priced(
      priceEntry(
        input({ timeCode: therapy, entry: { date: wednesday, cancellation: { noticeGivenOn: wednesday } } }),
      ),
    );
    expect(result.isCancellation).toBe(true);
  });

  it("refuses a cancellation of an item whose catalogue flag doesn't allow it", () => {
    const noCancellations: SupportItem = { ...otherTherapy, shortNoticeCancellations: false };
    const errors = refused(
      priceEntry(
        input({
          catalogue: [noCancellations],
          timeCode: therapy,
          entry: { date: wednesday, cancellation: { noticeGivenOn: '2025-11-04' } },
        }),
      ),
    );
    expect(errors).toEqual([
      {
        field: 'cancellation',
        message:
          'Assessment Recommendation Therapy or Training - Other Therapy (15_054_0128_6_1) cannot be claimed as a short-notice cancellation',
      },
    ]);
  });

  it('refuses notice dated after the support, and a cancellation claimed as travel', () => {
    const late = refused(priceEntry(input({ entry: { cancellation: { noticeGivenOn: '2025-08-13' } } })));
    expect(late[0]?.message).toBe(
      'Notice of a cancellation must be given on or before the day of the support',
    );
    const travel = refused(
      priceEntry(input({ entry: { isTravel: true, cancellation: { noticeGivenOn: '2025-08-11' } } })),
    );
    expect(travel[0]?.field).toBe('isTravel');
  });
});
