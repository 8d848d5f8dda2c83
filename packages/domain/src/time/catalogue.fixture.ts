import type { AustralianState, PriceLimitsCents, SupportItem } from './catalogue';

/**
 * A small catalogue for the pricing tests: real support item numbers and names with price limits
 * like the NDIS 2025-26 guide's (cents; every state the same limit, Remote and Very Remote loaded).
 * Test data only — the importer reads the NDIA's own file.
 */

const states: AustralianState[] = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];

function limits(national: number, remote: number, veryRemote: number): PriceLimitsCents {
  const byState = Object.fromEntries(states.map((state) => [state, national])) as Record<
    AustralianState,
    number
  >;
  return { ...byState, REMOTE: remote, VERY_REMOTE: veryRemote };
}

function item(fields: Partial<SupportItem> & Pick<SupportItem, 'number' | 'name'>): SupportItem {
  return {
    registrationGroupNumber: '0107',
    registrationGroupName: 'Daily Personal Activities',
    categoryNumber: '01',
    categoryName: 'Assistance with Daily Life',
    unit: 'H',
    quoteRequired: false,
    startDate: '2025-07-01',
    endDate: null,
    priceLimitsCents: limits(7023, 9832, 10535),
    nonFaceToFace: false,
    providerTravel: true,
    shortNoticeCancellations: true,
    ndiaRequestedReports: false,
    irregularSil: false,
    ...fields,
  };
}

const selfCare = 'Assistance With Self-Care Activities - Standard';
export const selfCareWeekdayDaytime = item({
  number: '01_011_0107_1_1',
  name: `${selfCare} - Weekday Daytime`,
});
export const selfCareWeekdayEvening = item({
  number: '01_015_0107_1_1',
  name: `${selfCare} - Weekday Evening`,
  priceLimitsCents: limits(7738, 10833, 11607),
});
export const selfCareWeekdayNight = item({
  number: '01_002_0107_1_1',
  name: `${selfCare} - Weekday Night`,
  priceLimitsCents: limits(7881, 11033, 11822),
});
export const selfCareSaturday = item({
  number: '01_013_0107_1_1',
  name: `${selfCare} - Saturday`,
  priceLimitsCents: limits(9883, 13836, 14825),
});
export const selfCareSunday = item({
  number: '01_014_0107_1_1',
  name: `${selfCare} - Sunday`,
  priceLimitsCents: limits(12743, 17840, 19115),
});
export const selfCarePublicHoliday = item({
  number: '01_012_0107_1_1',
  name: `${selfCare} - Public Holiday`,
  priceLimitsCents: limits(15603, 21844, 23405),
});
/** The 2024-25 daytime item, which stopped at the end of June 2025. */
export const selfCareWeekdayDaytime2024 = item({
  number: '01_011_0107_1_1',
  name: `${selfCare} - Weekday Daytime`,
  startDate: '2024-07-01',
  endDate: '2025-06-30',
  priceLimitsCents: limits(6756, 9458, 10134),
});
/** Sleepover: claimed per night (unit E), never by the hour. */
export const selfCareSleepover = item({
  number: '01_010_0107_1_1',
  name: 'Assistance With Self-Care Activities - Night-Time Sleepover',
  unit: 'E',
  priceLimitsCents: limits(29738, 41633, 44607),
});

const community = 'Access Community Social and Rec Activities - Standard';
const communityGroup = {
  registrationGroupNumber: '0125',
  registrationGroupName: 'Participation in Community, Social and Civic Activities',
  categoryNumber: '04',
  categoryName: 'Assistance with Social, Economic and Community Participation',
} as const;
/** A family with no Weekday Night item, as in the real catalogue. */
export const communityWeekdayDaytime = item({
  ...communityGroup,
  number: '04_104_0125_6_1',
  name: `${community} - Weekday Daytime`,
});
export const communitySaturday = item({
  ...communityGroup,
  number: '04_105_0125_6_1',
  name: `${community} - Saturday`,
  priceLimitsCents: limits(9883, 13836, 14825),
});

/** A therapy item with no band variants; the same price at any time of day. */
export const otherTherapy = item({
  number: '15_054_0128_6_1',
  name: 'Assessment Recommendation Therapy or Training - Other Therapy',
  registrationGroupNumber: '0128',
  registrationGroupName: 'Therapeutic Supports',
  categoryNumber: '15',
  categoryName: 'Improved Daily Living Skills',
  priceLimitsCents: limits(19399, 27159, 29099),
  nonFaceToFace: true,
});

export const testCatalogue: SupportItem[] = [
  selfCareWeekdayDaytime2024,
  selfCareWeekdayDaytime,
  selfCareWeekdayEvening,
  selfCareWeekdayNight,
  selfCareSaturday,
  selfCareSunday,
  selfCarePublicHoliday,
  selfCareSleepover,
  communityWeekdayDaytime,
  communitySaturday,
  otherTherapy,
];
