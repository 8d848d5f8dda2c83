import { instantOnClock } from '@wattle/domain/restrictive-practices/rules';
import { addDays } from '@wattle/domain/time/clock';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { participants } from '../db/schema/participants';
import type { Actor } from '../db/with-tenant';
import { tenantTimeZone, tenantToday } from '../features/cards/card-values';
import { createAuthorisation } from '../features/restrictive-practices/authorisations';
import {
  generateReport,
  reviewReport,
  submitReport,
} from '../features/restrictive-practices/monthly-reports';
import { logUse } from '../features/restrictive-practices/practice-uses';
import { runInTenant, type TenantContext } from '../http/tenant-scope';

/**
 * Demo restrictive practices (issue 16 item 3): Jordan Lee's register at Sunrise (a chemical
 * restraint in force, an environmental restraint whose authorisation has expired) and four
 * authorised uses over the last six weeks, logged through the same services as the API, so each
 * month has its report and Commission deadline; the earliest past month's report is submitted.
 * No use is unauthorised: the browser test logs one and expects the incident it raises.
 */
const sunrisePractitioner = 'priya.practitioner@sunrise.example';
const sunriseSupportWorker = 'sophie.support@sunrise.example';

export async function seedDemoRestrictivePractices(
  db: Database,
  options: { tenantKey: string; tenantId: string; actorFor: (email: string) => Actor },
): Promise<void> {
  const { tenantKey, tenantId, actorFor } = options;
  if (tenantKey !== 'sunrise') return;
  // Both are verified demo people (participant records need a verified account).
  const asPriya = <T>(fn: (ctx: TenantContext) => Promise<T>) =>
    runInTenant(db, tenantId, { ...actorFor(sunrisePractitioner), isVerified: true }, fn);
  const asSophie = <T>(fn: (ctx: TenantContext) => Promise<T>) =>
    runInTenant(db, tenantId, { ...actorFor(sunriseSupportWorker), isVerified: true }, fn);

  const { jordan, today, timeZone } = await asPriya(async (ctx) => {
    const [participant] = await ctx.tx
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.tenantId, tenantId), eq(participants.name, 'Jordan Lee')));
    return { jordan: participant!.id, today: await tenantToday(ctx), timeZone: await tenantTimeZone(ctx) };
  });

  await asPriya(async (ctx) => {
    await createAuthorisation(ctx, {
      participantId: jordan,
      practiceType: 'chemical',
      description:
        'Risperidone 0.5 mg PRN when escalating aggression does not respond to the calming strategies',
      authorisationReference: 'NSW-RPA-2026-0118',
      authorisedOn: addDays(today, -120),
      expiresOn: addDays(today, 245),
    });
    await createAuthorisation(ctx, {
      participantId: jordan,
      practiceType: 'environmental',
      description: 'Kitchen knife drawer and cleaning cupboard kept locked',
      authorisationReference: 'NSW-RPA-2025-0967',
      authorisedOn: addDays(today, -400),
      expiresOn: addDays(today, -35),
    });
  });

  const uses = [
    { daysAgo: 40, time: '16:20', minutes: 240, antecedent: 'Change of support worker at short notice' },
    { daysAgo: 25, time: '19:05', minutes: 180, antecedent: 'Outing to the shops cancelled (rain)' },
    { daysAgo: 9, time: '15:40', minutes: 240, antecedent: 'Noise from building works next door' },
    { daysAgo: 2, time: '18:30', minutes: 200, antecedent: 'Argument with a housemate over the television' },
  ];
  const months = new Set<string>();
  for (const use of uses) {
    const day = addDays(today, -use.daysAgo);
    months.add(day.slice(0, 7));
    await asSophie((ctx) =>
      logUse(ctx, {
        participantId: jordan,
        practiceType: 'chemical',
        startedAt: instantOnClock(day, use.time, timeZone),
        durationMinutes: use.minutes,
        usedBy: null,
        reason: 'Escalating verbal and physical aggression towards staff; PRN given as the plan sets out',
        behaviour: 'Physical aggression',
        antecedent: use.antecedent,
      }),
    );
  }

  // The earliest month before this one has been reviewed and submitted to the Commission.
  const earliest = [...months].sort()[0];
  if (earliest && earliest < today.slice(0, 7)) {
    await asPriya(async (ctx) => {
      const report = await generateReport(ctx, { participantId: jordan, month: earliest });
      const reviewed = await reviewReport(ctx, report.id, report.version);
      await submitReport(ctx, report.id, {
        version: reviewed.version,
        commissionReference: `NQSC-RP-${earliest.replace('-', '')}-0311`,
      });
    });
  }
}
