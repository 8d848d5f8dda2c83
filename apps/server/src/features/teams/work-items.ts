import { can } from '@wattle/domain/auth/permissions';
import { byBoardPosition } from '@wattle/domain/cards/board';
import { type WorkItem, type WorkItemsQuerySchema, workItemsMax } from '@wattle/domain/cards/schemas';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import { aliasedTable, and, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { users } from '../../db/schema/users';
import { preparedOnce } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { teamAccessList } from '../cards/card-records';

const assignee = aliasedTable(users, 'assignee');

/**
 * Only what a team view shows of a card. The compliance verdict and completion are read out of the
 * stored compliance jsonb in the database, so the issue lists (long for a 44-field plan) never
 * leave it; field values and search text are not read at all.
 */
function selectWorkItemRows(tx: Tx, where: SQL) {
  return tx
    .select({
      id: cards.id,
      teamId: cards.teamId,
      number: cards.number,
      workItemPrefix: cards.workItemPrefix,
      type: cards.type,
      templateName: cards.templateName,
      title: cards.title,
      participantId: cards.participantId,
      assigneeId: cards.assigneeId,
      assigneeName: assignee.name,
      status: cards.status,
      state: cards.state,
      workflowStateId: cards.workflowStateId,
      boardPosition: cards.boardPosition,
      priority: cards.priority,
      startDate: cards.startDate,
      dueDate: cards.dueDate,
      tags: cards.tags,
      version: cards.version,
      createdAt: cards.createdAt,
      updatedAt: cards.updatedAt,
      isCompliant: sql<boolean>`coalesce((${cards.compliance} ->> 'isCompliant')::boolean, false)`,
      completion: sql<number>`coalesce((${cards.compliance} ->> 'completion')::int, 0)`,
    })
    .from(cards)
    .leftJoin(assignee, eq(assignee.id, cards.assigneeId))
    .where(where)
    .orderBy(cards.boardPosition, cards.number)
    .limit(workItemsMax);
}

type WorkItemRow = Awaited<ReturnType<ReturnType<typeof selectWorkItemRows>['execute']>>[number];

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
 * The views load this all day and a team may hold thousands of cards: the statements are prepared
 * once per connection, and the columns are picked so a 2,000-card team is one short query.
 */
export async function listWorkItems(
  ctx: TenantContext,
  teamId: string,
  query: z.infer<typeof WorkItemsQuerySchema>,
): Promise<{ data: WorkItem[]; total: number }> {
  const [access] = await teamAccessList(ctx, teamId);
  if (!access?.role || !can(access.role, 'read:cards', access.isClinician)) {
    throw new AppError('NOT_FOUND', 'Team not found');
  }
  const assigneeId = query.assigneeId === 'me' ? ctx.actor.id : query.assigneeId;
  const params = { tenantId: ctx.tenantId, teamId, assigneeId };
  const name = assigneeId ? 'wattle_work_items_assigned' : 'wattle_work_items';
  const rows = await preparedOnce(ctx.tx, name, (tx) =>
    selectWorkItemRows(tx, teamCards(Boolean(assigneeId))).prepare(name),
  ).execute(params);

  // Most teams hold fewer than the cap: then the count is known without a second query.
  let total = rows.length;
  if (rows.length >= workItemsMax) {
    const countName = `${name}_count`;
    const [counted] = await preparedOnce(ctx.tx, countName, (tx) =>
      tx
        .select({ n: count() })
        .from(cards)
        .where(teamCards(Boolean(assigneeId)))
        .prepare(countName),
    ).execute(params);
    total = counted?.n ?? rows.length;
  }

  const items = rows.map(toWorkItem);
  return { data: inColumnOrder(items, access.workflowStates), total };
}

/** Column by column in the team's workflow order (unplaced cards last), each column by position. */
function inColumnOrder(items: WorkItem[], states: readonly WorkflowState[]): WorkItem[] {
  const columnIndex = new Map(
    [...states].sort((a, b) => a.order - b.order).map((s, i) => [s.id, i] as const),
  );
  const column = (item: WorkItem) =>
    (item.workflowStateId !== null ? columnIndex.get(item.workflowStateId) : undefined) ?? states.length;
  return items.sort((a, b) => column(a) - column(b) || byBoardPosition(a, b));
}

function toWorkItem(row: WorkItemRow): WorkItem {
  return {
    id: row.id,
    teamId: row.teamId,
    workItemId: formatWorkItemId(row.workItemPrefix, row.number),
    type: row.type,
    templateName: row.templateName,
    title: row.title,
    participantId: row.participantId,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? row.assigneeName : null,
    status: row.status,
    state: row.state,
    workflowStateId: row.workflowStateId,
    boardPosition: row.boardPosition,
    priority: row.priority,
    startDate: row.startDate,
    dueDate: row.dueDate,
    tags: row.tags,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isCompliant: row.isCompliant,
    completion: row.completion,
  };
}
