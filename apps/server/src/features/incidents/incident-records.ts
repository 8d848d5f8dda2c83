import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import type { DeadlineSummary } from '@wattle/domain/deadlines/schemas';
import {
  type Incident,
  type IncidentAction,
  type IncidentCategory,
  type IncidentSummary,
  incidentCategories,
  incidentMessages,
} from '@wattle/domain/incidents/schemas';
import { aliasedTable, and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { incidentActions, incidents } from '../../db/schema/incidents';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { deadlinesOf } from '../deadlines/keep-deadlines';
import { requireIncidentAccess } from './incident-access';

export type IncidentRow = typeof incidents.$inferSelect;

const awareUser = aliasedTable(users, 'aware_user');

/** Follow-up actions not yet done, per incident. */
const openActionCount = sql<number>`(select count(*)::int from ${incidentActions}
  where ${incidentActions.tenantId} = ${incidents.tenantId}
    and ${incidentActions.incidentId} = ${incidents.id}
    and ${incidentActions.doneAt} is null)`;

/**
 * Register rows with what the register shows beside them (the card's number and title, the
 * participant, team and aware person's names, open actions), for live cards only: an incident whose
 * card was deleted leaves the register with it.
 */
export function selectIncidentRows(tx: Tx) {
  return tx
    .select({
      incident: incidents,
      cardTitle: cards.title,
      cardNumber: cards.number,
      cardPrefix: cards.workItemPrefix,
      participantName: participants.name,
      teamName: teams.name,
      teamSlug: teams.slug,
      awareByName: awareUser.name,
      openActionCount,
    })
    .from(incidents)
    .innerJoin(
      cards,
      and(eq(cards.tenantId, incidents.tenantId), eq(cards.id, incidents.cardId), isNull(cards.deletedAt)),
    )
    .innerJoin(teams, and(eq(teams.tenantId, incidents.tenantId), eq(teams.id, incidents.teamId)))
    .leftJoin(
      participants,
      and(eq(participants.tenantId, incidents.tenantId), eq(participants.id, incidents.participantId)),
    )
    .leftJoin(awareUser, eq(awareUser.id, incidents.awareBy))
    .$dynamic();
}

export type IncidentJoinedRow = Awaited<ReturnType<typeof selectIncidentRows>>[number];

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

/** The stored category, read as one of the register's (a value written outside them reads as 'other'). */
function categoryOf(value: string): IncidentCategory {
  return (incidentCategories as readonly string[]).includes(value) ? (value as IncidentCategory) : 'other';
}

export function toIncidentSummary(row: IncidentJoinedRow, deadlines: DeadlineSummary[]): IncidentSummary {
  const i = row.incident;
  return {
    id: i.id,
    cardId: i.cardId,
    workItemId: formatWorkItemId(row.cardPrefix, row.cardNumber),
    title: row.cardTitle,
    participant:
      i.participantId && row.participantName ? { id: i.participantId, name: row.participantName } : null,
    team: { id: i.teamId, name: row.teamName, slug: row.teamSlug },
    category: categoryOf(i.category),
    severity: i.severity,
    occurredAt: i.occurredAt.toISOString(),
    reportable: i.reportable,
    reportableCategory: i.reportableCategory,
    awareAt: iso(i.awareAt),
    awareBy: i.awareBy && row.awareByName ? { id: i.awareBy, name: row.awareByName } : null,
    notifiedAt: iso(i.notifiedAt),
    notificationReference: i.notificationReference,
    fiveDayReportAt: iso(i.fiveDayReportAt),
    fiveDayReportReference: i.fiveDayReportReference,
    status: i.status,
    closedAt: iso(i.closedAt),
    debriefCardId: i.debriefCardId,
    restrictivePracticeUseId: i.restrictivePracticeUseId,
    deadlines,
    openActionCount: row.openActionCount,
    version: i.version,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

/** The deadlines of each incident, by incident id (only a reportable incident has any). */
export async function deadlinesByIncident(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  incidentIds: string[],
): Promise<Map<string, DeadlineSummary[]>> {
  const byId = new Map<string, DeadlineSummary[]>();
  for (const d of await deadlinesOf(ctx.tx, ctx.tenantId, incidentIds)) {
    const list = byId.get(d.subjectId) ?? [];
    list.push({ kind: d.kind, dueAt: d.dueAt, metAt: d.metAt, status: d.status });
    byId.set(d.subjectId, list);
  }
  return byId;
}

/** One register row, whatever the caller may see (callers check access on its team). */
export async function findIncidentRow(ctx: TenantContext, id: string, where: SQL[] = []) {
  const [row] = await selectIncidentRows(ctx.tx).where(
    and(eq(incidents.tenantId, ctx.tenantId), eq(incidents.id, id), ...where),
  );
  return row ?? null;
}

/**
 * The incident the caller may read (404 'Incident not found' otherwise, as for a missing one), or
 * may change with write:incidents (403 when they only read).
 */
export async function requireIncident(
  ctx: TenantContext,
  id: string,
  permission: 'read:incidents' | 'write:incidents',
): Promise<IncidentJoinedRow> {
  const row = await findIncidentRow(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', incidentMessages.notFound);
  await requireIncidentAccess(ctx, row.incident.teamId, permission);
  return row;
}

const assignee = aliasedTable(users, 'action_assignee');

export async function actionsOf(ctx: TenantContext, incidentId: string): Promise<IncidentAction[]> {
  const rows = await ctx.tx
    .select({ action: incidentActions, assigneeName: assignee.name })
    .from(incidentActions)
    .leftJoin(assignee, eq(assignee.id, incidentActions.assigneeId))
    .where(and(eq(incidentActions.tenantId, ctx.tenantId), eq(incidentActions.incidentId, incidentId)))
    .orderBy(asc(incidentActions.createdAt), asc(incidentActions.id));
  return rows.map(({ action, assigneeName }) => ({
    id: action.id,
    incidentId: action.incidentId,
    description: action.description,
    assignee: action.assigneeId && assigneeName ? { id: action.assigneeId, name: assigneeName } : null,
    dueOn: action.dueOn,
    doneAt: iso(action.doneAt),
    createdAt: action.createdAt.toISOString(),
  }));
}

/** The whole incident as `GET /api/incidents/{id}` answers it. */
export async function readIncident(ctx: TenantContext, id: string): Promise<Incident> {
  const row = await requireIncident(ctx, id, 'read:incidents');
  return toIncident(ctx, row);
}

export async function toIncident(ctx: TenantContext, row: IncidentJoinedRow): Promise<Incident> {
  const deadlines = (await deadlinesByIncident(ctx, [row.incident.id])).get(row.incident.id) ?? [];
  return {
    ...toIncidentSummary(row, deadlines),
    behaviour: row.incident.behaviour,
    antecedent: row.incident.antecedent,
    actions: await actionsOf(ctx, row.incident.id),
    debrief: row.incident.debriefCardId ? await debriefOf(ctx, row.incident.debriefCardId) : null,
  };
}

/** The linked debrief log's number and title; null once that card is deleted. */
async function debriefOf(ctx: TenantContext, cardId: string): Promise<Incident['debrief']> {
  const [card] = await ctx.tx
    .select({ id: cards.id, number: cards.number, prefix: cards.workItemPrefix, title: cards.title })
    .from(cards)
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, cardId), isNull(cards.deletedAt)));
  return card
    ? { id: card.id, workItemId: formatWorkItemId(card.prefix, card.number), title: card.title }
    : null;
}
