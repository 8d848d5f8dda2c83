import { can } from '@wattle/domain/auth/permissions';
import { effectiveTenantRole } from '@wattle/domain/auth/roles';
import type { Card } from '@wattle/domain/cards/schemas';
import type { MentionableUser } from '@wattle/domain/comments/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { canReadCard, cardSharedWithFamily, loadReadableCard } from '../cards/card-records';
import { type TeamMemberStanding, teamMemberStandings } from './comment-records';

/** Whether a member of the card's team may read a comment on it (internal or not). */
function readsComment(
  member: Pick<TeamMemberStanding, 'role'>,
  card: Pick<Card, 'type'>,
  sharedWithFamily: boolean,
  isInternal: boolean,
): boolean {
  if (!canReadCard(member.role, { isClinician: false }, card, sharedWithFamily)) return false;
  return !isInternal || can(member.role, 'read:internal-comments');
}

/**
 * `GET /api/cards/{id}/mentionable`: the members of the card's team who can read its comments (or,
 * with `internal`, its internal comments), for the composer's @ picker. The caller is left out.
 */
export async function listMentionableUsers(
  ctx: TenantContext,
  cardId: string,
  options: { internal: boolean },
): Promise<MentionableUser[]> {
  const { card } = await loadReadableCard(ctx, cardId);
  const members = await teamMemberStandings(ctx, card.teamId);
  const shared = await cardSharedWithFamily(ctx, card);
  return members
    .filter((m) => m.userId !== ctx.actor.id && readsComment(m, card, shared, options.internal))
    .map((m) => ({ userId: m.userId, name: m.name, role: m.teamRole }));
}

/**
 * The people a comment mentions, each checked: a member of the card's team who can read the comment.
 * Anyone else is refused with 400 naming the problem, so nobody is told of a comment they could not
 * open. Ids in `alreadyMentioned` (an edited comment's earlier mentions, checked when they were added
 * and told nothing new) pass unchecked. Returns the ids without repeats, in the order given.
 */
export async function checkMentions(
  ctx: TenantContext,
  options: {
    card: Pick<Card, 'id' | 'teamId' | 'type'>;
    userIds: readonly string[];
    isInternal: boolean;
    alreadyMentioned?: readonly string[];
  },
): Promise<string[]> {
  const wanted = [...new Set(options.userIds)];
  const known = new Set(options.alreadyMentioned ?? []);
  if (wanted.every((userId) => known.has(userId))) return wanted;
  const members = new Map((await teamMemberStandings(ctx, options.card.teamId)).map((m) => [m.userId, m]));
  const shared = await cardSharedWithFamily(ctx, options.card);
  for (const [index, userId] of wanted.entries()) {
    if (known.has(userId)) continue;
    const member = members.get(userId);
    let problem: string | null = null;
    if (!member) problem = "Mentioned people must be members of this card's team";
    else if (!canReadCard(member.role, { isClinician: false }, options.card, shared))
      problem = `${member.name} cannot open this card, so cannot be mentioned on it`;
    else if (!readsComment(member, options.card, shared, options.isInternal))
      problem = `${member.name} cannot read internal comments, so cannot be mentioned in one`;
    if (problem) {
      throw new AppError('VALIDATION_FAILED', problem, [{ path: ['mentions', index], message: problem }]);
    }
  }
  return wanted;
}

/**
 * Which of `userIds` can read a comment on the card: members of its team with the right to open it,
 * and the tenant-wide roles (owners, admins, auditors), who see every team without being members.
 * `teamMembers`: the card team's standings when the caller has read them already.
 */
export async function commentReaders(
  ctx: TenantContext,
  options: {
    card: Pick<Card, 'id' | 'teamId' | 'type'>;
    userIds: readonly string[];
    isInternal: boolean;
    teamMembers?: TeamMemberStanding[];
  },
): Promise<Set<string>> {
  if (options.userIds.length === 0) return new Set();
  const shared = await cardSharedWithFamily(ctx, options.card);
  const standings = options.teamMembers ?? (await teamMemberStandings(ctx, options.card.teamId));
  const members = new Map(standings.map((m) => [m.userId, m]));
  const outside = options.userIds.filter((id) => !members.has(id));
  const tenantWide =
    outside.length === 0
      ? []
      : await ctx.tx
          .select({ userId: users.id, platformRole: users.platformRole, membershipRole: memberships.role })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(memberships.tenantId, ctx.tenantId),
              inArray(memberships.userId, outside),
              eq(users.isActive, true),
            ),
          );
  const readers = new Set<string>();
  for (const userId of options.userIds) {
    const member = members.get(userId);
    if (member) {
      if (readsComment(member, options.card, shared, options.isInternal)) readers.add(userId);
      continue;
    }
    const row = tenantWide.find((r) => r.userId === userId);
    const role = row
      ? effectiveTenantRole({
          platformRole: row.platformRole,
          membershipRole: row.membershipRole,
          hasApprovedAccessRequest: false,
        })
      : null;
    if (role && readsComment({ role }, options.card, shared, options.isInternal)) {
      readers.add(userId);
    }
  }
  return readers;
}
