import { describe, expect, it } from 'vitest';
import {
  CreateTimeEntrySchema,
  durationMinutes,
  entrySavedMessage,
  formatDuration,
  RejectTimeEntrySchema,
  TimeEntryListQuerySchema,
  timeRangeIssue,
  UpdateTimeEntrySchema,
} from './entries';

const timeCodeId = '3f1c2b9e-6a7d-4e8f-9b0a-1c2d3e4f5a6b';
const valid = { date: '2025-08-12', startTime: '09:00', endTime: '10:30', timeCodeId };

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);
}

describe('CreateTimeEntrySchema', () => {
  it('reads an entry, with empty text as none and travel off by default', () => {
    const parsed = CreateTimeEntrySchema.parse({ ...valid, description: '  ', location: 'Home ' });
    expect(parsed).toMatchObject({ ...valid, description: null, location: 'Home', isTravel: false });
  });

  it("refuses an end before the start, or equal to it, with the spec's message", () => {
    for (const endTime of ['08:59', '09:00']) {
      const result = CreateTimeEntrySchema.safeParse({ ...valid, endTime });
      expect(messages(result)).toEqual([['endTime', 'End time must be after start time.']]);
    }
  });

  it('takes a shift past midnight with the day it ends', () => {
    const overnight = { ...valid, startTime: '22:00', endTime: '06:00', endDate: '2025-08-13' };
    expect(CreateTimeEntrySchema.safeParse(overnight).success).toBe(true);
    expect(durationMinutes(overnight)).toBe(480);
    const midnight = { ...valid, startTime: '23:59', endTime: '00:00', endDate: '2025-08-13' };
    expect(durationMinutes(midnight)).toBe(1);
  });

  it('allows 24 hours and no more', () => {
    const day = { ...valid, startTime: '09:00', endTime: '09:00', endDate: '2025-08-13' };
    expect(CreateTimeEntrySchema.safeParse(day).success).toBe(true);
    const longer = { ...day, endTime: '09:01' };
    expect(messages(CreateTimeEntrySchema.safeParse(longer))[0]?.[0]).toBe('endTime');
  });

  it('refuses an end date before the date', () => {
    const result = CreateTimeEntrySchema.safeParse({ ...valid, endDate: '2025-08-11' });
    expect(messages(result)).toEqual([['endTime', 'End time must be after start time.']]);
  });

  it('refuses times that are not HH:mm', () => {
    for (const startTime of ['9:00', '24:00', '09:60', '']) {
      expect(CreateTimeEntrySchema.safeParse({ ...valid, startTime }).success, startTime).toBe(false);
    }
  });

  it('refuses notice of a cancellation dated after the support, and a cancellation claimed as travel', () => {
    const late = CreateTimeEntrySchema.safeParse({ ...valid, cancellation: { noticeGivenOn: '2025-08-13' } });
    expect(messages(late)).toEqual([
      [
        'cancellation.noticeGivenOn',
        'Notice of a cancellation must be given on or before the day of the support',
      ],
    ]);
    const travel = CreateTimeEntrySchema.safeParse({
      ...valid,
      isTravel: true,
      cancellation: { noticeGivenOn: '2025-08-11' },
    });
    expect(messages(travel)).toEqual([
      ['isTravel', 'A cancelled support cannot also be claimed as travel time'],
    ]);
  });

  it('needs a time code', () => {
    const { timeCodeId: _, ...withoutCode } = valid;
    expect(messages(CreateTimeEntrySchema.safeParse(withoutCode))).toEqual([
      ['timeCodeId', 'Please choose a time code'],
    ]);
  });
});

describe('UpdateTimeEntrySchema', () => {
  it('needs the version and checks the times when all come together', () => {
    expect(UpdateTimeEntrySchema.safeParse({ description: 'x' }).success).toBe(false);
    expect(UpdateTimeEntrySchema.safeParse({ version: 2, endTime: '08:00' }).success).toBe(true);
    const backwards = UpdateTimeEntrySchema.safeParse({
      version: 2,
      date: '2025-08-12',
      startTime: '09:00',
      endTime: '08:00',
    });
    expect(messages(backwards)).toEqual([['endTime', 'End time must be after start time.']]);
  });

  it('clears text with an empty string and leaves out what is not sent', () => {
    expect(UpdateTimeEntrySchema.parse({ version: 1, location: '' })).toEqual({ version: 1, location: null });
  });
});

describe('timeRangeIssue', () => {
  it('checks a merged record', () => {
    expect(timeRangeIssue({ date: '2025-08-12', startTime: '09:00', endTime: '09:01' })).toBeNull();
    expect(timeRangeIssue({ date: '2025-08-12', startTime: '09:00', endTime: '09:00' })?.message).toBe(
      'End time must be after start time.',
    );
  });
});

describe('messages and formats', () => {
  it("formats the dialog's live duration", () => {
    expect(formatDuration(90)).toBe('Duration: 1h 30m');
    expect(formatDuration(0)).toBe('Duration: 0h 0m');
    expect(
      formatDuration(durationMinutes({ date: '2025-08-12', startTime: '10:00', endTime: '09:00' })),
    ).toBe('Duration: 0h 0m');
  });

  it("says the spec's saved toasts", () => {
    expect(entrySavedMessage(90)).toBe('Time entry for 1.5 hours saved successfully.');
    expect(entrySavedMessage(120, true)).toBe('Time entry for 2 hours saved.');
    expect(entrySavedMessage(20)).toBe('Time entry for 0.33 hours saved successfully.');
  });
});

describe('other schemas', () => {
  it('needs a reason to reject', () => {
    expect(messages(RejectTimeEntrySchema.safeParse({ reason: '   ' }))).toEqual([
      ['reason', 'Please give a reason for rejecting this entry'],
    ]);
    expect(RejectTimeEntrySchema.parse({ reason: ' Wrong participant ' })).toEqual({
      reason: 'Wrong participant',
    });
  });

  it('reads the list query and refuses a period that ends before it starts', () => {
    expect(
      TimeEntryListQuerySchema.parse({ from: '2025-08-11', to: '2025-08-17', userId: 'me' }),
    ).toMatchObject({
      from: '2025-08-11',
      to: '2025-08-17',
      userId: 'me',
      limit: 1000,
      offset: 0,
    });
    expect(TimeEntryListQuerySchema.safeParse({ from: '2025-08-18', to: '2025-08-17' }).success).toBe(false);
    expect(TimeEntryListQuerySchema.safeParse({ status: 'invoiced' }).success).toBe(false);
  });
});
