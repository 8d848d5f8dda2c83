import { PlanInputSchema } from '@wattle/domain/participants/plans';
import { CreateParticipantSchema } from '@wattle/domain/participants/schemas';
import { internalBillingConfig, planLimits } from '@wattle/domain/tenants/constants';
import { count, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Tx } from '../db/client';
import { teamMembers } from '../db/schema/teams';
import { tenants } from '../db/schema/tenants';
import { users } from '../db/schema/users';
import { type Actor, withTenant } from '../db/with-tenant';
import { writeAudit } from '../features/audit/write-audit';
import { addDays, tenantTimeZone, todayIn } from '../features/cards/card-values';
import { insertParticipant } from '../features/participants/insert-participant';
import { insertPlan } from '../features/participants/plan-writes';
import { insertTeam } from '../features/teams/create-team';
import { addMembership } from '../features/tenants/add-membership';
import { insertTenant } from '../features/tenants/insert-tenant';
import { seedDemoBehaviourSupport } from './demo-behaviour-support';
import { demoCards, seedDemoCards } from './demo-cards';
import { type DemoParticipant, type DemoTenant, demoPeople, demoTenants } from './demo-data';
import { seedDemoIncidents } from './demo-incidents';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoRestrictivePractices } from './demo-restrictive-practices';
import { seedDemoTime } from './demo-time';
import { seedDemoTimeCodes } from './demo-time-codes';

/**
 * Seeds the demo organisations and people when the database has no users yet. Idempotent: a
 * database that has anyone in it is left alone, so a restart never duplicates or overwrites.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;

  const now = new Date();
  const people = await db
    .insert(users)
    .values(
      demoPeople.map((p) => ({
        email: p.email,
        name: p.name,
        platformRole: p.platformRole ?? null,
        verifiedAt: p.verified ? now : null,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const actorFor = (email: string): Actor => {
    const person = byEmail.get(email)!;
    return { ...person, ip: null, userAgent: 'wattle-seed' };
  };

  for (const tenant of demoTenants) {
    const owner = tenant.members.find((m) => m.role === 'owner')!;
    const { tenantId, teamIds } = await seedTenant(
      db,
      tenant,
      actorFor(owner.email),
      (email) => byEmail.get(email)!.id,
    );
    await seedDemoCards(db, { tenantId, teamIds, cards: demoCards[tenant.key] ?? [], actorFor });
    await seedDemoTimeCodes(db, tenantId, actorFor(owner.email));
    await seedDemoTime(db, { tenantKey: tenant.key, tenantId, teamIds, actorFor });
    await seedDemoInvoices(db, { tenantKey: tenant.key, tenantId, actorFor });
    await seedDemoIncidents(db, { tenantKey: tenant.key, tenantId, actorFor });
    await seedDemoBehaviourSupport(db, { tenantKey: tenant.key, tenantId, teamIds, actorFor });
    // After the plans (the register names Mia's) and the incidents.
    await seedDemoRestrictivePractices(db, { tenantKey: tenant.key, tenantId, actorFor });
  }
  return true;
}

async function seedTenant(
  db: Database,
  spec: DemoTenant,
  actor: Actor,
  userId: (email: string) => string,
): Promise<{ tenantId: string; teamIds: Map<string, string> }> {
  const tenantId = uuidv7();
  const teamIds = new Map<string, string>();
  await withTenant(db, tenantId, actor, async (tx) => {
    await insertTenant(tx, {
      id: tenantId,
      name: spec.name,
      actor,
      isInternal: spec.isInternal ?? false,
      settings: spec.settings ?? {},
      profile: spec.profile ?? {},
      billingConfig: spec.isInternal ? { ...internalBillingConfig } : undefined,
    });
    if (spec.isInternal) {
      // The platform's own tenant is not on a trial.
      await tx
        .update(tenants)
        .set({
          subscription: {
            plan: 'enterprise',
            status: 'active',
            startDate: new Date().toISOString().slice(0, 10),
            endDate: null,
            trialEndsAt: null,
            features: ['*'],
            limits: { ...planLimits.enterprise },
          },
        })
        .where(eq(tenants.id, tenantId));
    } else {
      // The demo providers are trying the Professional plan: its limits leave room for the teams and
      // people a demo (and the browser tests) add, where a plain trial's five teams would not.
      await tx
        .update(tenants)
        .set({
          subscription: sql`${tenants.subscription} || ${JSON.stringify({
            plan: 'professional',
            limits: planLimits.professional,
          })}::jsonb`,
        })
        .where(eq(tenants.id, tenantId));
    }
    // Plan dates are days from today in the tenant's time zone, so the demo plan is always under way.
    const today = todayIn(await tenantTimeZone({ tx, tenantId }));
    for (const team of spec.teams) {
      const id = await insertTeam(tx, {
        tenantId,
        actor,
        input: { name: team.name },
      });
      teamIds.set(team.key, id);
      if (team.participant) {
        await seedParticipant({ tx, tenantId, actor }, team.participant, id, today);
      }
      for (const member of team.members) {
        await tx
          .insert(teamMembers)
          .values({ tenantId, teamId: id, userId: userId(member.email), role: member.role });
        await writeAudit(tx, {
          tenantId,
          actor,
          entity: 'team-member',
          entityId: `${id}:${userId(member.email)}`,
          action: 'created',
          changes: [{ field: 'role', oldValue: null, newValue: member.role }],
        });
      }
    }
    for (const participant of spec.unassignedParticipants ?? []) {
      await seedParticipant({ tx, tenantId, actor }, participant, null, today);
    }
    for (const member of spec.members) {
      await addMembership(tx, {
        tenantId,
        userId: userId(member.email),
        role: member.role,
        actor,
        sharedTeamIds: (member.sharedTeams ?? []).map((key) => teamIds.get(key)!),
      });
    }
  });
  return { tenantId, teamIds };
}

/** A demo participant through the same path as the form (audited), then their current plan. */
async function seedParticipant(
  ctx: { tx: Tx; tenantId: string; actor: Actor },
  participant: DemoParticipant,
  teamId: string | null,
  today: string,
): Promise<void> {
  const row = await insertParticipant(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    input: CreateParticipantSchema.parse(participant),
    teamId,
    status: participant.status ?? 'active',
  });
  const { plan } = participant;
  if (!plan) return;
  await insertPlan(
    ctx,
    row.id,
    PlanInputSchema.parse({
      startDate: addDays(today, plan.startsInDays),
      endDate: addDays(today, plan.endsInDays),
      managementType: plan.managementType,
      planManager: plan.planManager ?? null,
      budgets: plan.budgets,
    }),
  );
}
