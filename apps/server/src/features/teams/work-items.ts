import { can } from '@wattle/domain/auth/permissions';
import { type WorkItemsQuerySchema, workItemsMax } from '@wattle/domain/cards/schemas';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../db/raw-rows';
import { cards } from '../../db/schema/cards';
import { preparedOnce } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { teamAccessList } from '../cards/card-records';

/** The team's workflow state ids in board order: a card's column is its state's place here. */
function columnOrder(states: readonly WorkflowState[]): string[] {
  return [...states].sort((a, b) => a.order - b.order).map((state) => state.id);
}

/**
 * A team's live cards as the views show them, each row one card already written as the JSON of a
 * `WorkItem` by the database (row_to_json: the keys are the column aliases), column by column in the
 * team's workflow order (cards in no known column last), each column by board position.
 *
 * Issue 19: at 10,000 cards reading them as rows took most of the request on PGlite (each of 23
 * columns of each row parsed in JavaScript, a Date made and written back for each time, the whole
 * answer then serialised again): about 530 ms for the query and 300 ms more, against 200 ms for the
 * same cards as 10,000 JSON texts joined as they come. Only what a team view shows is read; the
 * compliance verdict and completion come out of the stored compliance jsonb, so the issue lists
 * (long for a 44-field plan) never leave the database. Times are written as JavaScript's
 * toISOString() writes them (milliseconds, UTC, 'Z'); work item ids as formatWorkItemId does.
 */
function selectWorkItemsJson(
  ctx: TenantContext,
  teamId: string,
  assigneeId: string | undefined,
  order: string[],
) {
  // Written out with aliases: the query builder drops table names from columns inside sql``.
  return ctx.tx.execute(sql`select row_to_json(w)::text as j from (
      select c.id, c.team_id as "teamId",
        c.work_item_prefix || '-' || lpad(c.number::text, greatest(5, length(c.number::text)), '0') as "workItemId",
        c.type, c.template_name as "templateName", c.title, c.participant_id as "participantId",
        c.assignee_id as "assigneeId", case when c.assignee_id is null then null else a.name end as "assigneeName",
        c.status, c.state, c.workflow_state_id as "workflowStateId", c.board_position as "boardPosition",
        c.priority, c.start_date as "startDate", c.due_date as "dueDate", c.tags, c.version,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
        coalesce((c.compliance ->> 'isCompliant')::boolean, false) as "isCompliant",
        coalesce((c.compliance ->> 'completion')::int, 0) as completion
      from cards c left join users a on a.id = c.assignee_id
      where c.tenant_id = ${ctx.tenantId} and c.team_id = ${teamId} and c.deleted_at is null
        ${assigneeId ? sql`and c.assignee_id = ${assigneeId}` : sql``}
      order by coalesce(array_position(array(select jsonb_array_elements_text(${JSON.stringify(order)}::jsonb)), c.workflow_state_id), ${order.length + 1}),
        c.board_position, c.number
      limit ${workItemsMax}
    ) w`);
}

const teamCards = (assigned: boolean) =>
  and(
    eq(cards.tenantId, sql.placeholder('tenantId')),
    eq(cards.teamId, sql.placeholder('teamId')),
    isNull(cards.deletedAt),
    ...(assigned ? [eq(cards.assigneeId, sql.placeholder('assigneeId'))] : []),
  ) as SQL;

/**
 * `GET /api/teams/{teamId}/work-items`: every live card of a team as the board, list, calendar and
 * roadmap show it, column by column (the team's workflow order; cards in no known column last), each
 * column by board position. At most `workItemsMax`; `total` counts them all. Needs read:cards on
 * the team; a team the caller cannot see, or whose cards they may not read, answers 404
 * 'Team not found' so the team's work is not revealed either way.
 *
 * The views load this all day and a team may hold 10,000 cards: the cards come out of the database
 * as JSON text (selectWorkItemsJson) and `dataJson` is the answer's `data` array as it is sent, not
 * read into objects and serialised again; the count, needed only past the cap, is prepared once per
 * connection.
 */
export async function listWorkItems(
  ctx: TenantContext,
  teamId: string,
  query: z.infer<typeof WorkItemsQuerySchema>,
): Promise<{ dataJson: string; total: number }> {
  const [access] = await teamAccessList(ctx, teamId);
  if (!access?.role || !can(access.role, 'read:cards', access.isClinician)) {
    throw new AppError('NOT_FOUND', 'Team not found');
  }
  const assigneeId = query.assigneeId === 'me' ? ctx.actor.id : query.assigneeId;
  const params = { tenantId: ctx.tenantId, teamId, assigneeId };
  const rows = rowsOf<{ j: string }>(
    await selectWorkItemsJson(ctx, teamId, assigneeId, columnOrder(access.workflowStates)),
  );

  // Most teams hold fewer than the cap: then the count is known without a second query.
  let total = rows.length;
  if (rows.length >= workItemsMax) {
    const name = assigneeId ? 'wattle_work_items_assigned_count' : 'wattle_work_items_count';
    const [counted] = await preparedOnce(ctx.tx, name, (tx) =>
      tx
        .select({ n: count() })
        .from(cards)
        .where(teamCards(Boolean(assigneeId)))
        .prepare(name),
    ).execute(params);
    total = counted?.n ?? rows.length;
  }

  return { dataJson: `[${rows.map((row) => row.j).join(',')}]`, total };
}
