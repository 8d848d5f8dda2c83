import { describe, expect, it } from 'vitest';
import { daysLeftText, formatDate } from './participant-format';
import { isFiltered, listFiltersOf, validateParticipantListSearch } from './participant-list-search';

describe('the list’s address', () => {
  it('keeps known search, filters and sort, and drops the rest', () => {
    expect(
      validateParticipantListSearch({
        q: 'lee',
        status: 'active',
        team: '0190a000-0000-7000-8000-000000000001',
        archived: 'true',
        sort: 'planEnd',
        order: 'desc',
        extra: 1,
      }),
    ).toEqual({
      q: 'lee',
      status: 'active',
      team: '0190a000-0000-7000-8000-000000000001',
      archived: true,
      sort: 'planEnd',
      order: 'desc',
    });
    expect(
      validateParticipantListSearch({ status: 'gone', sort: 'toString', order: 'up', team: 'x', q: '  ' }),
    ).toEqual({});
  });

  it('asks the server for current participants by name unless told otherwise', () => {
    expect(listFiltersOf({})).toEqual({
      q: undefined,
      status: undefined,
      teamId: undefined,
      archived: 'false',
      sort: 'name',
      order: 'asc',
    });
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ sort: 'alerts' })).toBe(false);
    expect(isFiltered({ archived: true })).toBe(true);
  });
});

describe('formats', () => {
  it('shows dates and days left as people read them', () => {
    expect(formatDate('2009-03-14')).toBe('14 Mar 2009');
    expect(formatDate(null)).toBe('');
    expect(daysLeftText(12)).toBe('12 days left');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('Ends today');
    expect(daysLeftText(-3)).toBe('Ended 3 days ago');
  });
});
