import type { NotificationPriority } from '@wattle/domain/notifications/rules';
import { daysBetween, formatCents, usedPercent } from '@wattle/domain/participants/plans';
import { type Check, checkState, type Registration } from '@wattle/domain/staff/schemas';

/**
 * What the deadline jobs say, and when: pure date arithmetic and wording, so the jobs only gather
 * rows and recipients. Dates are calendar dates (yyyy-mm-dd); "today" is the tenant's.
 */

/** A deadline this close (or past) is high priority. */
export const urgentDays = 7;

const longDate = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' });

/** 2027-01-14 → "14 January 2027". */
export function formatLongDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** How far off a date is, as the notices put it in brackets: "today", "1 day", "21 days". */
export function daysPhrase(days: number): string {
  if (days === 0) return 'today';
  return days === 1 ? '1 day' : `${days} days`;
}

export interface Notice {
  message: string;
  priority: NotificationPriority;
}

/** "Jordan Lee's NDIS plan ends on 14 January 2027 (21 days)"; high priority within a week. */
export function planEndingNotice(participantName: string, endDate: string, today: string): Notice {
  const days = daysBetween(today, endDate);
  return {
    message: `${participantName}'s NDIS plan ends on ${formatLongDate(endDate)} (${daysPhrase(days)})`,
    priority: days <= urgentDays ? 'high' : 'normal',
  };
}

/** "Jordan Lee's Transport budget is 85% used ($850.00 of $1,000.00)"; high priority once all used. */
export function budgetNotice(
  participantName: string,
  categoryName: string,
  amountCents: number,
  usedCents: number,
): Notice {
  return {
    message:
      `${participantName}'s ${categoryName} budget is ${usedPercent(amountCents, usedCents)}% used ` +
      `(${formatCents(usedCents)} of ${formatCents(amountCents)})`,
    priority: usedCents >= amountCents ? 'high' : 'normal',
  };
}

/** A screening check or registration of a staff profile that is expiring or has expired. */
export interface ExpiringCheck {
  /** Part of the dedupe key: which check of the person this is. */
  kind: string;
  label: string;
  expiryDate: string;
  state: 'expiring' | 'expired';
  days: number;
}

/**
 * The checks of a profile that expire within `expiryWarningDays` of `today` or have expired: the
 * NDIS Worker Screening, the Working with Children Check and each registration with an expiry date.
 */
export function expiringChecks(
  today: string,
  profile: {
    workerScreening: Check | null;
    workingWithChildrenCheck: Check | null;
    registrations: Registration[];
  },
): ExpiringCheck[] {
  const candidates = [
    {
      kind: 'worker-screening',
      label: 'NDIS Worker Screening',
      expiryDate: profile.workerScreening?.expiryDate,
    },
    {
      kind: 'children-check',
      label: 'Working with Children Check',
      expiryDate: profile.workingWithChildrenCheck?.expiryDate,
    },
    ...profile.registrations.map((r) => ({
      kind: `registration-${r.number}`,
      label: registrationLabel(r),
      expiryDate: r.expiryDate,
    })),
  ];
  const found: ExpiringCheck[] = [];
  for (const c of candidates) {
    if (!c.expiryDate) continue;
    const state = checkState(today, { expiryDate: c.expiryDate });
    if (state !== 'expiring' && state !== 'expired') continue;
    found.push({
      kind: c.kind,
      label: c.label,
      expiryDate: c.expiryDate,
      state,
      days: daysBetween(today, c.expiryDate),
    });
  }
  return found;
}

/** "AHPRA registration (PSY0001234)"; a type that already says registration is not repeated. */
function registrationLabel(r: Registration): string {
  const type = /registration/i.test(r.type) ? r.type : `${r.type} registration`;
  return `${type} (${r.number})`;
}

/**
 * To the person: "Your NDIS Worker Screening expires on 3 March 2026 (12 days)"; to their admins:
 * "Sophie Support's NDIS Worker Screening expired on 1 March 2026". High priority when expired or
 * within a week.
 */
export function checkNotice(check: ExpiringCheck, personName: string, isToThePerson: boolean): Notice {
  const whose = isToThePerson ? 'Your' : `${personName}'s`;
  const when =
    check.state === 'expired'
      ? `expired on ${formatLongDate(check.expiryDate)}`
      : `expires on ${formatLongDate(check.expiryDate)} (${daysPhrase(check.days)})`;
  return {
    message: `${whose} ${check.label} ${when}`,
    priority: check.state === 'expired' || check.days <= urgentDays ? 'high' : 'normal',
  };
}
