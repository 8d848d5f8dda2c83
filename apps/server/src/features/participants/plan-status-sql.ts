import { and, eq, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { participantPlans } from '../../db/schema/participants';

/**
 * The domain's plan rules (`planOn`, `mainPlan`, `planStatusOf` in participants/plans.ts) as
 * conditions on a `participant_plans` row, for queries that join or scan plans in bulk: nothing about
 * which plan is current is stored, so it is worked out from the dates and the tenant's `today` here
 * exactly as the domain does in memory. Plans are ordered by start date, then id (uuid v7: made
 * later), so two plans starting on one day (older data) still give one answer.
 */
const other = alias(participantPlans, 'other_plan');

/** No other plan of the same participant matching `condition`. */
function noOtherPlan(tx: Queryable, condition: SQL): SQL {
  return notExists(
    tx
      .select({ one: sql`1` })
      .from(other)
      .where(
        and(
          eq(other.tenantId, participantPlans.tenantId),
          eq(other.participantId, participantPlans.participantId),
          condition,
        ),
      ),
  );
}

const otherIsLater = sql`(${other.startDate}, ${other.id}) > (${participantPlans.startDate}, ${participantPlans.id})`;
const otherIsSooner = sql`(${other.startDate}, ${other.id}) < (${participantPlans.startDate}, ${participantPlans.id})`;

/**
 * The participant's plan (`mainPlan`): the current one (the latest to have started by today) or,
 * before the first starts, the first upcoming one. At most one row per participant.
 */
export function isMainPlan(tx: Queryable, today: string): SQL {
  return noOtherPlan(
    tx,
    sql`((${otherIsLater} and ${other.startDate} <= ${today}) or (${participantPlans.startDate} > ${today} and ${otherIsSooner}))`,
  );
}

/** Current or upcoming (not an earlier plan): no later plan has started by today. */
export function isCurrentOrUpcomingPlan(tx: Queryable, today: string): SQL {
  return noOtherPlan(tx, sql`(${otherIsLater} and ${other.startDate} <= ${today})`);
}

/** The participant's last plan (`lastPlan`): no plan after it, started or not. */
export function isLastPlan(tx: Queryable): SQL {
  return noOtherPlan(tx, otherIsLater);
}
