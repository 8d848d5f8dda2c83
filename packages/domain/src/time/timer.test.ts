import { describe, expect, it } from 'vitest';
import {
  formatTimerElapsed,
  isLongTimer,
  StartTimerSchema,
  StopTimerSchema,
  timerElapsedSeconds,
  timerEntryTimes,
  timerMessages,
} from './timer';

describe('the timer chip', () => {
  it('shows mm:ss, and h:mm:ss from an hour on', () => {
    expect(formatTimerElapsed(0)).toBe('00:00');
    expect(formatTimerElapsed(65)).toBe('01:05');
    expect(formatTimerElapsed(3599)).toBe('59:59');
    expect(formatTimerElapsed(3600)).toBe('1:00:00');
    expect(formatTimerElapsed(3723)).toBe('1:02:03');
    expect(formatTimerElapsed(13 * 3600)).toBe('13:00:00');
  });

  it('counts whole seconds and never below zero', () => {
    expect(timerElapsedSeconds('2025-08-12T09:00:00Z', '2025-08-12T09:01:05.900Z')).toBe(65);
    expect(timerElapsedSeconds('2025-08-12T09:00:00Z', new Date('2025-08-12T08:59:59Z'))).toBe(0);
  });
});

describe('a long timer', () => {
  it('asks before saving past 12 hours, not at 12 hours', () => {
    expect(isLongTimer('2025-08-12T08:00:00Z', '2025-08-12T20:00:00Z')).toBe(false);
    expect(isLongTimer('2025-08-12T08:00:00Z', '2025-08-12T20:00:01Z')).toBe(true);
    expect(timerMessages.longTimer(13 * 3600 + 30 * 60)).toBe(
      'This timer has been running for 13.5 hours, more than 12. Save it as a time entry?',
    );
  });
});

describe('the entry a stopped timer makes', () => {
  it('takes the local wall-clock times of the tenant, rounded to the minute', () => {
    // 23:00:40 UTC on 11 August is 09:00:40 on 12 August in Sydney (AEST, +10).
    expect(timerEntryTimes('2025-08-11T23:00:40Z', '2025-08-12T00:30:20Z', 'Australia/Sydney')).toEqual({
      date: '2025-08-12',
      startTime: '09:01',
      endDate: '2025-08-12',
      endTime: '10:30',
    });
  });

  it('ends on the next day for a timer running past midnight', () => {
    expect(timerEntryTimes('2025-08-12T13:00:00Z', '2025-08-12T15:00:00Z', 'Australia/Perth')).toEqual({
      date: '2025-08-12',
      startTime: '21:00',
      endDate: '2025-08-12',
      endTime: '23:00',
    });
    expect(timerEntryTimes('2025-08-12T12:00:00Z', '2025-08-12T15:00:00Z', 'Australia/Sydney')).toEqual({
      date: '2025-08-12',
      startTime: '22:00',
      endDate: '2025-08-13',
      endTime: '01:00',
    });
  });

  it('is at least one minute long', () => {
    expect(timerEntryTimes('2025-08-12T00:00:00Z', '2025-08-12T00:00:10Z', 'Australia/Brisbane')).toEqual({
      date: '2025-08-12',
      startTime: '10:00',
      endDate: '2025-08-12',
      endTime: '10:01',
    });
  });
});

describe('timer schemas', () => {
  it('starts with an optional participant, card and time code', () => {
    expect(StartTimerSchema.parse({})).toEqual({});
    expect(StartTimerSchema.safeParse({ participantId: 'not-a-uuid' }).success).toBe(false);
  });

  it('stops only to save, unconfirmed unless said', () => {
    expect(StopTimerSchema.parse({ save: true })).toEqual({ save: true, isLongTimerConfirmed: false });
    expect(StopTimerSchema.safeParse({ save: false }).success).toBe(false);
  });
});
