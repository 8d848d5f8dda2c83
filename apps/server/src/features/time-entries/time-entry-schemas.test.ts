import { describe, expect, it } from 'vitest';
import {
  maxPeriodDays,
  RejectStepSchema,
  SubmitPeriodSchema,
  TimesheetQuerySchema,
} from './time-entry-schemas';

describe('period limits', () => {
  it('takes a quarter of 92 days, counting both ends, and refuses a day more', () => {
    expect(maxPeriodDays).toBe(92);
    expect(TimesheetQuerySchema.safeParse({ from: '2026-07-01', to: '2026-09-30' }).success).toBe(true);
    const tooLong = SubmitPeriodSchema.safeParse({ from: '2026-07-01', to: '2026-10-01' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]).toMatchObject({
      path: ['to'],
      message: 'A period can be at most 92 days',
    });
  });

  it('refuses a period that ends before it starts', () => {
    const backwards = TimesheetQuerySchema.safeParse({ from: '2026-07-02', to: '2026-07-01' });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(['from']);
  });
});

describe('RejectStepSchema', () => {
  it('needs a reason, trimmed, and takes the version read', () => {
    expect(RejectStepSchema.parse({ reason: ' Wrong participant ', version: 3 })).toEqual({
      reason: 'Wrong participant',
      version: 3,
    });
    const blank = RejectStepSchema.safeParse({ reason: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Please give a reason for rejecting this entry');
  });
});
