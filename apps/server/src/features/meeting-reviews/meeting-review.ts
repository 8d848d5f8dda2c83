import { can } from '@wattle/domain/auth/permissions';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import {
  type MeetingReview,
  type MeetingReviewCard,
  type MeetingReviewGroup,
  noParticipantLabel,
} from '@wattle/domain/meeting-reviews/schemas';
import { aliasedTable, and, asc, between, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { cardComments } from '../../db/schema/comments';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { TenantContext } from '../../http/tenant-scope';
import { requireCardPermission } from '../cards/card-records';
import { addDays, todayIn } from '../cards/card-values';

/** More than any team's fortnight holds; a review past it says so by its total (the page shows all it got). */
const maxCards = 1000;

const assignee = aliasedTable(users, 'assignee');
const modifier = aliasedTable(users, 'modifier');
const cardParticipant = aliasedTable(participants, 'card_participant');
const teamParticipant = aliasedTable(participants, 'team_participant');

/**
 * `GET /api/teams/{id}/meeting-review`: the team's cards due from `days` days ago to `days` days
 * ahead, or changed in the last `days` days, grouped by participant (the card's, else its care team's),
 * each with its latest meeting-review note. For whoever may read cards on the team (read:cards in the
 * permissions table): 404 'Team not found' for a team the caller cannot see, 403 for one they see but
 * whose cards they may not read (a family guardian).
 */
export async function readMeetingReview(
  ctx: TenantContext,
  teamId: string,
  days: number,
  now = new Date(),
): Promise<MeetingReview> {
  const access = await requireCardPermission(ctx, teamId, 'read:cards');
  const [team] = await ctx.tx
    .select({
      id: teams.id,
      name: teams.name,
      participantId: teamParticipant.id,
      participantName: teamParticipant.name,
    })
    .from(teams)
    .leftJoin(
      teamParticipant,
      and(eq(teamParticipant.tenantId, teams.tenantId), eq(teamParticipant.teamId, teams.id)),
    )
    .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)))
    .limit(1);
  const today = todayIn(ctx.timeZone, now);
  const dueFrom = addDays(today, -days);
  const dueTo = addDays(today, days);
  const changedSince = new Date(now.getTime() - days * 86_400_000);

  const rows = await ctx.tx
    .select({
      id: cards.id,
      prefix: cards.workItemPrefix,
      number: cards.number,
      title: cards.title,
      type: cards.type,
      status: cards.status,
      state: cards.state,
      priority: cards.priority,
      dueDate: cards.dueDate,
      updatedAt: cards.updatedAt,
      participantId: cards.participantId,
      participantName: cardParticipant.name,
      assigneeName: assignee.name,
      lastModifiedByName: modifier.name,
    })
    .from(cards)
    .leftJoin(assignee, eq(assignee.id, cards.assigneeId))
    .leftJoin(modifier, eq(modifier.id, cards.lastModifiedBy))
    .leftJoin(
      cardParticipant,
      and(
        eq(cardParticipant.tenantId, cards.tenantId),
        sql`${cardParticipant.id}::text = ${cards.participantId}`,
      ),
    )
    .where(
      and(
        eq(cards.tenantId, ctx.tenantId),
        eq(cards.teamId, teamId),
        isNull(cards.deletedAt),
        or(between(cards.dueDate, dueFrom, dueTo), gte(cards.updatedAt, changedSince)),
      ),
    )
    .orderBy(asc(cards.dueDate), desc(cards.updatedAt), asc(cards.number))
    .limit(maxCards);

  const lastReviews = await latestMeetingNotes(
    ctx,
    rows.map((r) => r.id),
  );

  const groups = new Map<string, MeetingReviewGroup>();
  for (const row of rows) {
    const participantId = row.participantName ? row.participantId : (team?.participantId ?? null);
    const participantName = row.participantName ?? team?.participantName ?? noParticipantLabel;
    const key = participantId ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { participantId, participantName, cards: [] };
      groups.set(key, group);
    }
    const isDue = row.dueDate !== null && row.dueDate >= dueFrom && row.dueDate <= dueTo;
    const isChanged = row.updatedAt >= changedSince;
    const card: MeetingReviewCard = {
      id: row.id,
      workItemId: formatWorkItemId(row.prefix, row.number),
      title: row.title,
      type: row.type,
      status: row.status,
      state: row.state,
      priority: row.priority,
      dueDate: row.dueDate,
      isOverdue: row.dueDate !== null && row.dueDate < today && row.state !== 'done',
      updatedAt: row.updatedAt.toISOString(),
      lastModifiedByName: row.lastModifiedByName,
      assigneeName: row.assigneeName,
      reasons: [...(isDue ? (['due'] as const) : []), ...(isChanged ? (['changed'] as const) : [])],
      lastReview: lastReviews.get(row.id) ?? null,
    };
    group.cards.push(card);
  }
  // Participants by name, cards about nobody in particular last.
  const ordered = [...groups.values()].sort((a, b) => {
    if (!a.participantId !== !b.participantId) return a.participantId ? -1 : 1;
    return a.participantName.localeCompare(b.participantName, 'en-AU');
  });

  return {
    team: { id: teamId, name: team?.name ?? '' },
    days,
    today,
    timeZone: ctx.timeZone,
    dueFrom,
    dueTo,
    changedSince: changedSince.toISOString(),
    canWriteNotes: can(access.role, 'write:comments', access.isClinician),
    total: rows.length,
    groups: ordered,
  };
}

/**
 * The newest meeting-review note of each card (comments marked `meetingReview`, never internal ones:
 * the page saves them open to the team, and an internal one may not be for every reader).
 */
async function latestMeetingNotes(ctx: TenantContext, cardIds: string[]) {
  const notes = new Map<string, NonNullable<MeetingReviewCard['lastReview']>>();
  if (cardIds.length === 0) return notes;
  const rows = await ctx.tx
    .selectDistinctOn([cardComments.cardId], {
      cardId: cardComments.cardId,
      content: cardComments.content,
      userName: users.name,
      createdAt: cardComments.createdAt,
    })
    .from(cardComments)
    .leftJoin(users, eq(users.id, cardComments.userId))
    .where(
      and(
        eq(cardComments.tenantId, ctx.tenantId),
        inArray(cardComments.cardId, cardIds),
        isNull(cardComments.deletedAt),
        eq(cardComments.isInternal, false),
        sql`${cardComments.metadata}->>'meetingReview' = 'true'`,
      ),
    )
    .orderBy(cardComments.cardId, desc(cardComments.createdAt));
  for (const row of rows) {
    notes.set(row.cardId, {
      content: row.content,
      userName: row.userName ?? 'Former member',
      createdAt: row.createdAt.toISOString(),
    });
  }
  return notes;
}
