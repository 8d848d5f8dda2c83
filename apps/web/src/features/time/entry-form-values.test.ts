import type { TimeCode } from '@wattle/domain/time/time-codes';
import { describe, expect, it } from 'vitest';
import {
  addToStart,
  defaultEntryValues,
  defaultTimeCodeId,
  durationOf,
  type EntryFormValues,
  endNow,
  saveAndNewValues,
  startNow,
  timesIssue,
  toCreateInput,
  toUpdateInput,
} from './entry-form-values';
import { localNow } from './local-now';

const code = (id: string, number: string, isActive = true) =>
  ({ id, code: number, isActive }) as Pick<TimeCode, 'id' | 'code' | 'isActive'>;

const base: EntryFormValues = {
  ...defaultEntryValues('2026-11-14', 'tc1'),
  participantId: 'p1',
  participantName: 'Alex',
  cardId: 'c1',
  description: 'Shopping and lunch',
  location: 'Parramatta',
  isTravel: true,
};

describe('defaults (spec work section 5)', () => {
  it('starts today, 09:00-10:00, one hour', () => {
    const values = defaultEntryValues('2026-11-14', 'tc1');
    expect(values).toMatchObject({
      date: '2026-11-14',
      startTime: '09:00',
      endTime: '10:00',
      timeCodeId: 'tc1',
    });
    expect(durationOf(values)).toBe(60);
  });

  it('picks 01_013_0107_1_1 when active, else the first active code, else none', () => {
    expect(defaultTimeCodeId([code('a', '01_011_0107_1_1'), code('b', '01_013_0107_1_1')])).toBe('b');
    expect(
      defaultTimeCodeId([
        code('a', '01_011_0107_1_1', false),
        code('b', '01_013_0107_1_1', false),
        code('c', '15_054_0128_6_1'),
      ]),
    ).toBe('c');
    expect(defaultTimeCodeId([code('a', '01_013_0107_1_1', false)])).toBe('');
    expect(defaultTimeCodeId([])).toBe('');
  });
});

describe('duration and the time range', () => {
  it('is end minus start, never negative, 0 while a time is missing', () => {
    expect(durationOf({ ...base, startTime: '09:15', endTime: '11:00' })).toBe(105);
    expect(durationOf({ ...base, startTime: '11:00', endTime: '09:00' })).toBe(0);
    expect(durationOf({ ...base, endTime: '' })).toBe(0);
    expect(durationOf({ ...base, date: '' })).toBe(0);
  });

  it('says the spec’s message for an end not after the start; a shift past midnight needs Ends next day', () => {
    expect(timesIssue({ ...base, startTime: '11:00', endTime: '09:00' })).toBe(
      'End time must be after start time.',
    );
    expect(timesIssue({ ...base, startTime: '09:00', endTime: '09:00' })).toBe(
      'End time must be after start time.',
    );
    expect(timesIssue({ ...base, startTime: '22:00', endTime: '06:00', endsNextDay: true })).toBeNull();
    expect(durationOf({ ...base, startTime: '22:00', endTime: '06:00', endsNextDay: true })).toBe(480);
    expect(timesIssue({ ...base, startTime: '09:00', endTime: '10:00', endsNextDay: true })).toMatch(
      /24 hours/,
    );
    expect(timesIssue({ ...base, endTime: '' })).toBeNull();
  });
});

describe('quick buttons', () => {
  it('+30m, +1h and +2h set the end after the start, past midnight onto the next day', () => {
    expect(addToStart(base, 30)).toMatchObject({ startTime: '09:00', endTime: '09:30', endsNextDay: false });
    expect(addToStart(base, 60).endTime).toBe('10:00');
    expect(addToStart({ ...base, startTime: '23:15' }, 120)).toMatchObject({
      endTime: '01:15',
      endsNextDay: true,
    });
    expect(durationOf(addToStart({ ...base, startTime: '23:15' }, 120))).toBe(120);
  });

  it('Start Now starts today this minute, keeping an end still after it, else moving it along', () => {
    expect(
      startNow({ ...base, date: '2026-11-13', endTime: '17:00' }, { date: '2026-11-14', time: '14:20' }),
    ).toMatchObject({
      date: '2026-11-14',
      startTime: '14:20',
      endTime: '17:00',
    });
    // 09:00-10:00 and it is 14:20: the hour moves with the start.
    expect(startNow(base, { date: '2026-11-14', time: '14:20' })).toMatchObject({
      startTime: '14:20',
      endTime: '15:20',
      endsNextDay: false,
    });
    expect(startNow({ ...base, endTime: '' }, { date: '2026-11-14', time: '23:30' })).toMatchObject({
      endTime: '00:30',
      endsNextDay: true,
    });
  });

  it('End Now ends this minute, on the next day for a shift that started last night', () => {
    expect(endNow(base, { date: '2026-11-14', time: '11:42' })).toMatchObject({
      endTime: '11:42',
      endsNextDay: false,
    });
    expect(endNow({ ...base, startTime: '22:00' }, { date: '2026-11-15', time: '02:10' })).toMatchObject({
      endTime: '02:10',
      endsNextDay: true,
    });
    // Earlier than the start: left for the dialog's 'Invalid Time Range' toast.
    expect(timesIssue(endNow(base, { date: '2026-11-14', time: '08:00' }))).toBe(
      'End time must be after start time.',
    );
  });

  it('reads now in the tenant’s time zone', () => {
    const at = new Date('2026-11-14T13:05:40Z');
    expect(localNow('Australia/Sydney', at)).toEqual({ date: '2026-11-15', time: '00:05' });
    expect(localNow('Australia/Perth', at)).toEqual({ date: '2026-11-14', time: '21:05' });
  });
});

describe('Save & New', () => {
  it('keeps date, code, participant, card, location and travel; starts at the old end; clears the description', () => {
    const next = saveAndNewValues({ ...base, startTime: '09:00', endTime: '10:30' });
    expect(next).toEqual({
      ...base,
      startTime: '10:30',
      endTime: '12:00',
      endsNextDay: false,
      description: '',
    });
  });

  it('after a shift past midnight, starts on the day it ended', () => {
    const next = saveAndNewValues({ ...base, startTime: '22:00', endTime: '02:00', endsNextDay: true });
    expect(next).toMatchObject({
      date: '2026-11-15',
      startTime: '02:00',
      endTime: '06:00',
      endsNextDay: false,
    });
  });
});

describe('API bodies', () => {
  it('sends the create body with an end date only for a shift past midnight, empty text as null', () => {
    expect(toCreateInput({ ...base, description: '  ', location: '' })).toEqual({
      date: '2026-11-14',
      startTime: '09:00',
      endTime: '10:00',
      timeCodeId: 'tc1',
      participantId: 'p1',
      cardId: 'c1',
      description: null,
      location: null,
      isTravel: true,
    });
    expect(toCreateInput({ ...base, startTime: '22:00', endTime: '02:00', endsNextDay: true }).endDate).toBe(
      '2026-11-15',
    );
  });

  it('sends every field with the version on edit, clearing the end date of a same-day entry', () => {
    expect(toUpdateInput(base, 3)).toMatchObject({
      version: 3,
      endDate: null,
      description: 'Shopping and lunch',
    });
  });
});
