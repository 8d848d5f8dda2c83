import { can } from '@wattle/domain/auth/permissions';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import type { TenantContext } from '../../http/tenant-scope';
import { teamAccessList } from '../cards/card-records';
import { assignee, searchResultColumns } from './search-result-columns';

/**
 * The teams where the caller reads only the plans shared with family (read:shared-plans without
 * read:cards: a family guardian, or a guest shared the team), so search finds those plans there
 * (issue 18 item 6) as the card page lets them open them (decisions 0010 and 0025).
 */
export async function sharedPlanTeamIds(ctx: TenantContext): Promise<string[]> {
  return (await teamAccessList(ctx))
    .filter(
      (access) =>
        !can(access.role, 'read:cards', access.isClinician) &&
        can(access.role, 'read:shared-plans', access.isClinician),
    )
    .map((access) => access.teamId);
}

/**
 * The working cards of the plans shared with family on `teamIds` whose search text holds every word,
 * newest change first, in the shape of the search's rows. A team shares a handful of plans, so the
 * words are tested on those cards alone (`position`, so no character of a word is a wildcard).
 */
export async function searchSharedPlans(
  ctx: TenantContext,
  words: readonly string[],
  teamIds: readonly string[],
  limit: number,
) {
  const matches: SQL[] = words.map((word) => sql`position(${word} in ${cards.searchText}) > 0`);
  return ctx.tx
    .select(searchResultColumns)
    .from(behaviourSupportPlans)
    .innerJoin(
      cards,
      and(eq(cards.tenantId, behaviourSupportPlans.tenantId), eq(cards.id, behaviourSupportPlans.cardId)),
    )
    .innerJoin(tenants, eq(tenants.id, cards.tenantId))
    .leftJoin(assignee, eq(assignee.id, cards.assigneeId))
    .where(
      and(
        eq(behaviourSupportPlans.tenantId, ctx.tenantId),
        eq(behaviourSupportPlans.sharedWithFamily, true),
        inArray(behaviourSupportPlans.teamId, [...teamIds]),
        eq(cards.teamId, behaviourSupportPlans.teamId),
        eq(cards.type, 'bsp'),
        isNull(cards.deletedAt),
        ...matches,
      ),
    )
    .orderBy(desc(cards.updatedAt), desc(cards.id))
    .limit(limit);
}
