import { describe, expect, it } from 'vitest';
import { planLimits } from './constants';
import { bytesPerGB, hasRoomFor, limitOf, limitReachedMessage } from './limits';

const trial = { plan: 'trial' as const, limits: { ...planLimits.trial } };
const enterprise = { plan: 'enterprise' as const, limits: { ...planLimits.enterprise } };

describe('subscription limits', () => {
  it('reads each limit, storage in bytes, -1 as unlimited', () => {
    expect(limitOf(trial, 'teams')).toBe(5);
    expect(limitOf(trial, 'users')).toBe(25);
    expect(limitOf(trial, 'storage')).toBe(10 * bytesPerGB);
    expect(limitOf(enterprise, 'teams')).toBeNull();
    expect(limitOf(enterprise, 'users')).toBeNull();
  });

  it('has room up to the limit and none past it', () => {
    expect(hasRoomFor(trial, 'teams', 4)).toBe(true);
    expect(hasRoomFor(trial, 'teams', 5)).toBe(false);
    expect(hasRoomFor(trial, 'storage', 10 * bytesPerGB - 100, 100)).toBe(true);
    expect(hasRoomFor(trial, 'storage', 10 * bytesPerGB - 100, 101)).toBe(false);
    expect(hasRoomFor(enterprise, 'teams', 10_000)).toBe(true);
  });

  it('names the limit, the plan and how to raise it', () => {
    expect(limitReachedMessage(trial, 'teams')).toBe(
      "Your organisation's trial plan allows 5 teams, and all are in use. Archive a team you no longer need, or raise the limit. To raise it, the organisation's owner can ask Wattle to move it to a larger plan.",
    );
    expect(limitReachedMessage({ plan: 'starter', limits: { ...planLimits.starter } }, 'users')).toContain(
      'Starter plan allows 50 people',
    );
    expect(limitReachedMessage(trial, 'storage')).toContain('past the 10 GB of file storage');
  });
});
