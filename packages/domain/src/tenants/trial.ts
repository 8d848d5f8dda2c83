import { trialReminderDays } from './constants';
import type { Subscription } from './schemas';

export interface TrialState {
  /** Whole days left, rounded up (a trial ending in 2 hours has 1 day left); 0 once it has ended. */
  daysLeft: number;
  hasEnded: boolean;
  /** Within the last 7 days (spec shell section 4: the reminder shows 7 days before the end). */
  isEndingSoon: boolean;
  endsAt: string;
}

/** The trial's state at `now`, or null for a subscription that is not on trial. */
export function trialStateOf(subscription: Subscription, now: Date = new Date()): TrialState | null {
  if (subscription.status !== 'trialing' || !subscription.trialEndsAt) return null;
  const msLeft = Date.parse(subscription.trialEndsAt) - now.getTime();
  const daysLeft = Math.max(0, Math.ceil(msLeft / 86_400_000));
  return {
    daysLeft,
    hasEnded: msLeft <= 0,
    isEndingSoon: msLeft > 0 && daysLeft <= trialReminderDays,
    endsAt: subscription.trialEndsAt,
  };
}
