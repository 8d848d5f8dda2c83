import { addDays } from '@wattle/domain/time/clock';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cards } from '../db/schema/cards';
import type { Actor } from '../db/with-tenant';
import { createPlan } from '../features/behaviour-support/create-plan';
import { createEngagement } from '../features/behaviour-support/engagements';
import { approvePlan, sharePlan, submitPlan } from '../features/behaviour-support/plan-workflow';
import { tenantToday } from '../features/cards/card-values';
import { updateCard } from '../features/cards/update-card';
import { runInTenant } from '../http/tenant-scope';

/**
 * Demo behaviour support (issue 16 item 1): Mia Thompson's specialist behaviour support started three
 * weeks ago and her interim plan is written, approved and shared with family, through the same
 * services the API uses, so her comprehensive plan deadline runs and her interim one is met. Jordan
 * is left with none, for the walk-through of recording his engagement and writing his first plan.
 */
export async function seedDemoBehaviourSupport(
  db: Database,
  input: {
    tenantKey: string;
    tenantId: string;
    teamIds: Map<string, string>;
    actorFor: (email: string) => Actor;
  },
): Promise<void> {
  if (input.tenantKey !== 'sunrise') return;
  const teamId = input.teamIds.get('mia');
  if (!teamId) return;
  const priya = input.actorFor('priya.practitioner@sunrise.example');
  await runInTenant(db, input.tenantId, priya, async (ctx) => {
    const today = await tenantToday(ctx);
    // The demo's interim plan card of Mia (demo-cards.ts) becomes the plan's working card.
    const [existing] = await ctx.tx
      .select({ id: cards.id, title: cards.title })
      .from(cards)
      .where(
        and(eq(cards.tenantId, ctx.tenantId), eq(cards.teamId, teamId), eq(cards.templateId, 'interim-bsp')),
      )
      .limit(1);
    const plan = await createPlan(
      ctx,
      { teamId, kind: 'interim', ...(existing ? { title: existing.title } : {}) },
      existing ? { adoptCardId: existing.id } : {},
    );
    await createEngagement(ctx, {
      participantId: plan.participantId,
      engagedOn: addDays(today, -21),
      note: 'Referred by her support coordinator after distress during personal care.',
    });
    const [current] = await ctx.tx
      .select({ version: cards.version })
      .from(cards)
      .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, plan.cardId!)));
    await updateCard(ctx, plan.cardId!, {
      version: current!.version,
      fieldValues: {
        'participant-name': 'Mia Thompson',
        'participant-dob': '1998-11-02',
        'participant-ndis': '431987788',
        'participant-address': '<p>Unit 3, 27 Wattle Avenue, Newtown NSW 2042</p>',
        'participant-emergency-contact': 'Grace Thompson (sister), 0423 118 299',
        'practitioner-name': 'Priya Practitioner',
        'practitioner-registration': 'BSP-40512',
        'practitioner-contact': '<p>priya.practitioner@sunrise.example, 02 9555 0150</p>',
        'target-behaviors':
          '<p>Mia pushes staff away and bites her hand when personal care starts without warning, about twice a day.</p>',
        'behavior-frequency': 'Daily',
        'behavior-intensity': 'Moderate',
        antecedents: '<p>Personal care started without a warning on her AAC device; unfamiliar staff.</p>',
        'replacement-behaviors':
          '<p>Mia asks for a break with the “stop” button on her AAC device, and chooses the order of care tasks.</p>',
        'teaching-strategies':
          '<p>Announce each care step on her AAC device and wait for her reply; offer two choices of order.</p>',
        'data-collection-methods': '<p>ABC chart after each episode; daily tally in the care notes.</p>',
        'review-frequency': 'Monthly',
        'practitioner-signature': {
          kind: 'typed',
          typed: 'Priya Practitioner',
          signerName: 'Priya Practitioner',
        },
        'participant-consent': { kind: 'typed', typed: 'Mia Thompson', signerName: 'Mia Thompson' },
        'plan-date': today,
        'start-date': today,
        'review-date': addDays(today, 90),
        'compliance-declaration': true,
      },
    });
    await submitPlan(ctx, plan.id);
    await approvePlan(ctx, plan.id);
    await sharePlan(ctx, plan.id, { sharedWithFamily: true });
  });
}
