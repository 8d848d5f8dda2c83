import { describe, expect, it } from 'vitest';
import type { Subscription } from './schemas';
import { trialStateOf } from './trial';

const subscription = (overrides: Partial<Subscription>): Subscription => ({
  plan: 'trial',
  status: 'trialing',
  startDate: '2026-11-20',
  endDate: null,
  trialEndsAt: '2026-12-04T00:00:00.000Z',
  features: [],
  limits: { maxTeams: 5, maxUsers: 25, storageGB: 10 },
  ...overrides,
});

describe('trialStateOf', () => {
  it('counts whole days left, rounding a part day up', () => {
    expect(trialStateOf(subscription({}), new Date('2026-11-20T00:00:00Z'))).toEqual({
      daysLeft: 14,
      hasEnded: false,
      isEndingSoon: false,
      endsAt: '2026-12-04T00:00:00.000Z',
    });
    expect(trialStateOf(subscription({}), new Date('2026-12-03T22:00:00Z'))?.daysLeft).toBe(1);
  });

  it('is ending soon within the last 7 days, and ended after', () => {
    expect(trialStateOf(subscription({}), new Date('2026-11-27T00:00:00Z'))).toMatchObject({
      daysLeft: 7,
      isEndingSoon: true,
    });
    expect(trialStateOf(subscription({}), new Date('2026-11-26T23:59:00Z'))?.isEndingSoon).toBe(false);
    expect(trialStateOf(subscription({}), new Date('2026-12-05T00:00:00Z'))).toMatchObject({
      daysLeft: 0,
      hasEnded: true,
      isEndingSoon: false,
    });
  });

  it('is null for a paid subscription', () => {
    expect(trialStateOf(subscription({ status: 'active', plan: 'starter', trialEndsAt: null }))).toBeNull();
  });
});
