import { instantAt } from '@wattle/domain/incidents/occurred-at';
import { addDays } from '@wattle/domain/time/clock';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { incidentActions, incidents } from '../db/schema/incidents';
import { participants } from '../db/schema/participants';
import { users } from '../db/schema/users';
import type { Actor } from '../db/with-tenant';
import { tenantTimeZone, tenantToday } from '../features/cards/card-values';
import { createCard } from '../features/cards/create-card';
import { keepIncidentClocks } from '../features/incidents/incident-clocks';
import { runInTenant } from '../http/tenant-scope';
import { jordanHistory, miaHistory, seedIncidentHistory } from './demo-incident-history';

/**
 * Demo incidents (issue 16 item 4) for Jordan Lee at Sunrise, reported by Sophie (support worker)
 * through the same card service as Quick Add's New Incident, so each has its register entry: a fall
 * three days ago, reportable as a serious injury, the Commission notified the same day and the 5-day
 * report still to send (its deadline days away), with a follow-up action for Lee; and yesterday's
 * behaviour incident, open and not reportable. The register fields are then written as a team
 * would have recorded them, without notifying anyone again. Before those, six months of closed
 * behaviour incidents for Jordan and Mia (demo-incident-history.ts) feed Behaviour Analytics.
 */
const reporter = 'sophie.support@sunrise.example';
const miaReporter = 'priya.practitioner@sunrise.example';
const teamLead = 'lee.lead@sunrise.example';

export async function seedDemoIncidents(
  db: Database,
  options: { tenantKey: string; tenantId: string; actorFor: (email: string) => Actor },
): Promise<void> {
  const { tenantKey, tenantId, actorFor } = options;
  if (tenantKey !== 'sunrise') return;
  await runInTenant(db, tenantId, { ...actorFor(reporter), isVerified: true }, async (ctx) => {
    const [jordan] = await ctx.tx
      .select({ id: participants.id, teamId: participants.teamId })
      .from(participants)
      .where(and(eq(participants.tenantId, tenantId), eq(participants.name, 'Jordan Lee')));
    if (!jordan?.teamId) return;
    const [lee] = await ctx.tx.select({ id: users.id }).from(users).where(eq(users.email, teamLead));
    const today = await tenantToday(ctx);
    const timeZone = await tenantTimeZone(ctx);
    await seedIncidentHistory(ctx, {
      participant: { id: jordan.id, teamId: jordan.teamId, firstName: 'Jordan' },
      history: jordanHistory,
      today,
      timeZone,
    });

    const report = async (title: string, date: string, time: string, description: string) => {
      const card = await createCard(ctx, {
        teamId: jordan.teamId!,
        title,
        description,
        templateId: 'incident-report',
        participantId: jordan.id,
        fieldValues: { 'incident-date': date, 'incident-time': time, 'incident-description': description },
      });
      const [row] = await ctx.tx
        .select()
        .from(incidents)
        .where(and(eq(incidents.tenantId, tenantId), eq(incidents.cardId, card.id)));
      return row!;
    };

    const fallDay = addDays(today, -3);
    const fall = await report(
      'Incident: Jordan hit his head in a fall',
      fallDay,
      '10:15',
      'Jordan slipped on the wet bathroom floor after his shower and hit his head on the vanity. He was conscious and talking; ambulance called as a precaution.',
    );
    const awareAt = instantAt(fallDay, '10:30', timeZone);
    const [reportable] = await ctx.tx
      .update(incidents)
      .set({
        category: 'injury',
        severity: 'high',
        reportable: true,
        reportableCategory: 'serious-injury',
        awareAt,
        awareBy: ctx.actor.id,
        notifiedAt: instantAt(fallDay, '16:40', timeZone),
        notificationReference: 'NDIS-NOT-2026-0415',
        version: 2,
      })
      .where(and(eq(incidents.tenantId, tenantId), eq(incidents.id, fall.id)))
      .returning();
    await keepIncidentClocks(ctx, reportable!);
    await ctx.tx.insert(incidentActions).values({
      tenantId,
      incidentId: fall.id,
      description: 'Fit a non-slip mat and check the bathroom grab rails',
      assigneeId: lee?.id ?? null,
      dueOn: addDays(today, 4),
      createdBy: ctx.actor.id,
    });

    const upset = await report(
      'Incident: Jordan upset at the day program',
      addDays(today, -1),
      '14:30',
      'Jordan shouted and threw a cup when the music room was changed without notice; he settled in the quiet room after twenty minutes.',
    );
    await ctx.tx
      .update(incidents)
      .set({
        category: 'behaviour',
        severity: 'medium',
        behaviour: 'Shouting, throwing objects',
        antecedent: 'Unexpected change of room',
        version: 2,
      })
      .where(and(eq(incidents.tenantId, tenantId), eq(incidents.id, upset.id)));
  });
  await runInTenant(db, tenantId, { ...actorFor(miaReporter), isVerified: true }, async (ctx) => {
    const [mia] = await ctx.tx
      .select({ id: participants.id, teamId: participants.teamId })
      .from(participants)
      .where(and(eq(participants.tenantId, tenantId), eq(participants.name, 'Mia Thompson')));
    if (!mia?.teamId) return;
    await seedIncidentHistory(ctx, {
      participant: { id: mia.id, teamId: mia.teamId, firstName: 'Mia' },
      history: miaHistory,
      today: await tenantToday(ctx),
      timeZone: await tenantTimeZone(ctx),
    });
  });
}
