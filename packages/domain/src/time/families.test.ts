import { describe, expect, it } from 'vitest';
import {
  communitySaturday,
  communityWeekdayDaytime,
  otherTherapy,
  selfCareSaturday,
  selfCareWeekdayDaytime,
  selfCareWeekdayDaytime2024,
  testCatalogue,
} from './catalogue.fixture';
import {
  familyItemForBand,
  isSupportItemInForce,
  supportItemBand,
  supportItemFamilyKey,
  supportItemFamilyName,
} from './families';

describe('support item families', () => {
  it("reads an item's band from its name, or null for an item without band variants", () => {
    expect(supportItemBand(selfCareWeekdayDaytime)).toBe('weekday-daytime');
    expect(supportItemBand(selfCareSaturday)).toBe('saturday');
    expect(supportItemBand(otherTherapy)).toBeNull();
    expect(
      supportItemBand({ name: 'Assistance With Self-Care Activities - Night-Time Sleepover' }),
    ).toBeNull();
  });

  it('gives the items of one family the same key, and other families other keys', () => {
    expect(supportItemFamilyKey(selfCareSaturday)).toBe(supportItemFamilyKey(selfCareWeekdayDaytime));
    expect(supportItemFamilyKey(communitySaturday)).toBe(supportItemFamilyKey(communityWeekdayDaytime));
    expect(supportItemFamilyKey(communitySaturday)).not.toBe(supportItemFamilyKey(selfCareSaturday));
    expect(supportItemFamilyName(selfCareSaturday)).toBe('Assistance With Self-Care Activities - Standard');
  });

  it('finds the band part anywhere in the name, ignoring case and spacing', () => {
    const ttp = {
      ...selfCareSaturday,
      name: 'Assistance With Self-Care Activities - Standard -  saturday - TTP',
    };
    const ttpDaytime = {
      ...selfCareWeekdayDaytime,
      name: 'Assistance With Self-Care Activities - Standard - Weekday Daytime - TTP',
    };
    expect(supportItemBand(ttp)).toBe('saturday');
    expect(supportItemFamilyKey(ttp)).toBe(supportItemFamilyKey(ttpDaytime));
    expect(supportItemFamilyKey(ttp)).not.toBe(supportItemFamilyKey(selfCareWeekdayDaytime));
  });

  it('keeps families apart by registration group', () => {
    const otherGroup = { ...selfCareSaturday, registrationGroupNumber: '0104' };
    expect(supportItemFamilyKey(otherGroup)).not.toBe(supportItemFamilyKey(selfCareWeekdayDaytime));
  });

  it('finds the family item of a band in force on the date', () => {
    expect(familyItemForBand(testCatalogue, selfCareSaturday, 'weekday-daytime', '2025-08-12')).toBe(
      selfCareWeekdayDaytime,
    );
    expect(familyItemForBand(testCatalogue, selfCareSaturday, 'weekday-daytime', '2025-06-30')).toBe(
      selfCareWeekdayDaytime2024,
    );
    expect(
      familyItemForBand(testCatalogue, communityWeekdayDaytime, 'weekday-night', '2025-08-12'),
    ).toBeNull();
  });

  it('is in force from its start date to its end date, both included', () => {
    expect(isSupportItemInForce(selfCareWeekdayDaytime2024, '2024-07-01')).toBe(true);
    expect(isSupportItemInForce(selfCareWeekdayDaytime2024, '2025-06-30')).toBe(true);
    expect(isSupportItemInForce(selfCareWeekdayDaytime2024, '2025-07-01')).toBe(false);
    expect(isSupportItemInForce(selfCareWeekdayDaytime, '2025-06-30')).toBe(false);
    expect(isSupportItemInForce(selfCareWeekdayDaytime, '2030-01-01')).toBe(true);
  });
});
