import { instantOnClock } from '@wattle/domain/restrictive-practices/rules';
import type { PracticeType } from '@wattle/domain/restrictive-practices/schemas';
import { addDays } from '@wattle/domain/time/clock';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { behaviourSupportPlans } from '../db/schema/behaviour-support';
import { participants } from '../db/schema/participants';
import type { Actor } from '../db/with-tenant';
import { tenantTimeZone, tenantToday } from '../features/cards/card-values';
import { createAuthorisation } from '../features/restrictive-practices/authorisations';
import { listReports, reviewReport, submitReport } from '../features/restrictive-practices/monthly-reports';
import { logUse } from '../features/restrictive-practices/practice-uses';
import { runInTenant, type TenantContext } from '../http/tenant-scope';

/**
 * Demo restrictive practices (issue 16 item 3): Mia Thompson's register at Sunrise, in her approved
 * interim behaviour support plan (demo-behaviour-support.ts, so this runs after it): padded arm
 * splints during personal care (a mechanical restraint, authorised for a year) and the locked
 * medication and cleaning cupboard (environmental, whose authorisation expires in three weeks), each
 * with the State's authorisation reference. Gus, her support worker, has logged five authorised uses
 * of the splints over the last eight weeks, through the same services as the API, so each month has
 * its report and Commission deadline; Priya has reviewed and submitted every past month's report,
 * and this month's is a draft that follows the log. No use is unauthorised: the browser tests log one
 * and expect the incident it raises.
 */
const practitioner = 'priya.practitioner@sunrise.example';
const supportWorker = 'gus.guest@sunrise.example';

const register: {
  practiceType: PracticeType;
  description: string;
  authorisationReference: string;
  authorisedDaysAgo: number;
  expiresInDays: number;
}[] = [
  {
    practiceType: 'mechanical',
    description:
      'Soft padded arm splints for up to 20 minutes during personal care, only when Mia bites her hand and a break offered on her AAC device has not helped',
    authorisationReference: 'NSW-RPA-2026-0342',
    authorisedDaysAgo: 70,
    expiresInDays: 295,
  },
  {
    practiceType: 'environmental',
    description: 'Medication and cleaning products kept in a locked cupboard in the kitchen',
    authorisationReference: 'NSW-RPA-2026-0343',
    authorisedDaysAgo: 70,
    expiresInDays: 21,
  },
];

const uses = [
  {
    daysAgo: 52,
    time: '07:40',
    minutes: 15,
    antecedent: 'Shower started before Mia had answered on her AAC device',
  },
  { daysAgo: 38, time: '20:10', minutes: 10, antecedent: 'Unfamiliar relief worker for the evening routine' },
  { daysAgo: 20, time: '07:55', minutes: 20, antecedent: 'Morning routine rushed for an early appointment' },
  { daysAgo: 6, time: '08:05', minutes: 12, antecedent: 'Hair washing without the usual warning' },
  { daysAgo: 1, time: '19:45', minutes: 8, antecedent: 'Tired after a long day program; care started late' },
];

export async function seedDemoRestrictivePractices(
  db: Database,
  options: { tenantKey: string; tenantId: string; actorFor: (email: string) => Actor },
): Promise<void> {
  const { tenantKey, tenantId, actorFor } = options;
  if (tenantKey !== 'sunrise') return;
  // Both are verified demo people (participant records need a verified account).
  const as =
    (email: string) =>
    <T>(fn: (ctx: TenantContext) => Promise<T>) =>
      runInTenant(db, tenantId, { ...actorFor(email), isVerified: true }, fn);
  const asPriya = as(practitioner);
  const asGus = as(supportWorker);

  const { mia, planId, today, timeZone } = await asPriya(async (ctx) => {
    const [participant] = await ctx.tx
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.tenantId, tenantId), eq(participants.name, 'Mia Thompson')));
    const [plan] = participant
      ? await ctx.tx
          .select({ id: behaviourSupportPlans.id })
          .from(behaviourSupportPlans)
          .where(
            and(
              eq(behaviourSupportPlans.tenantId, tenantId),
              eq(behaviourSupportPlans.participantId, participant.id),
            ),
          )
          .orderBy(asc(behaviourSupportPlans.createdAt))
          .limit(1)
      : [];
    return {
      mia: participant?.id ?? null,
      planId: plan?.id ?? null,
      today: await tenantToday(ctx),
      timeZone: await tenantTimeZone(ctx),
    };
  });
  if (!mia) return;

  await asPriya(async (ctx) => {
    for (const entry of register) {
      await createAuthorisation(ctx, {
        participantId: mia,
        planId,
        practiceType: entry.practiceType,
        description: entry.description,
        authorisationReference: entry.authorisationReference,
        authorisedOn: addDays(today, -entry.authorisedDaysAgo),
        expiresOn: addDays(today, entry.expiresInDays),
      });
    }
  });

  // One transaction for the log: each use refreshes its month's draft report and deadline.
  await asGus(async (ctx) => {
    for (const use of uses) {
      await logUse(ctx, {
        participantId: mia,
        practiceType: 'mechanical',
        startedAt: instantOnClock(addDays(today, -use.daysAgo), use.time, timeZone),
        durationMinutes: use.minutes,
        usedBy: null,
        reason: 'Biting her hand during personal care; the AAC break was offered first, as the plan sets out',
        behaviour: 'Self-injury (hand biting)',
        antecedent: use.antecedent,
      });
    }
  });

  // Every month before this one has been reviewed and submitted to the Commission.
  const thisMonth = today.slice(0, 7);
  await asPriya(async (ctx) => {
    const { data: reports } = await listReports(ctx, { participantId: mia, limit: 50, offset: 0 });
    for (const report of reports) {
      if (report.month >= thisMonth || report.status === 'submitted') continue;
      const reviewed = await reviewReport(ctx, report.id, report.version);
      await submitReport(ctx, report.id, {
        version: reviewed.version,
        commissionReference: `NQSC-RP-${report.month.replace('-', '')}-0427`,
      });
    }
  });
}
