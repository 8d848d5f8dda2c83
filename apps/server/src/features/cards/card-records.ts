import { can, type Permission } from '@wattle/domain/auth/permissions';
import {
  clinicianTeamRoles,
  effectiveTeamRole,
  type Role,
  seesAllTeams,
  type TeamRole,
} from '@wattle/domain/auth/roles';
import type { Card, CardSummary } from '@wattle/domain/cards/schemas';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { aliasedTable, and, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { participants } from '../../db/schema/participants';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { preparedOnce } from '../../db/with-tenant';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { findTemplate } from '../templates/template-records';

/** The caller's standing on one team, as card permissions need it. */
export interface TeamAccess {
  teamId: string;
  /** The caller's effective role on the team; null when they cannot see it at all. */
  role: Role | null;
  /** The caller's own role on the team (Team Lead, Practitioner…), null when they hold none there. */
  teamRole: TeamRole | null;
  /** A Practitioner or Therapist on the team, or a tenant-wide role holding approve:plans. */
  isClinician: boolean;
  workflowStates: WorkflowState[];
  /** The participant the team centres on (their record's id and name), for new cards and PDFs. */
  participant: { id: string; name: string } | null;
}

/** Teams with the caller's own role on each joined in. */
function selectTeamAccess(tx: Tx, userId: unknown, where: SQL[]) {
  return tx
    .select({
      teamId: teams.id,
      workflowStates: teams.workflowStates,
      participantId: participants.id,
      participantName: participants.name,
      teamRole: teamMembers.role,
    })
    .from(teams)
    .leftJoin(participants, and(eq(participants.tenantId, teams.tenantId), eq(participants.teamId, teams.id)))
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.tenantId, teams.tenantId),
        eq(teamMembers.teamId, teams.id),
        eq(teamMembers.userId, userId as string),
      ),
    )
    .where(and(...where));
}

/**
 * The caller's standing on every team of the tenant (or one team): one query, the caller's own team
 * role joined in, folded into a role with the tenant-wide role and guest sharing.
 */
export async function teamAccessList(ctx: TenantContext, teamId?: string): Promise<TeamAccess[]> {
  // One team is asked for on every card read and save, every team on every card list and search:
  // both forms are built once per connection.
  const rows = teamId
    ? await preparedOnce(ctx.tx, 'wattle_team_access', (tx) =>
        selectTeamAccess(tx, sql.placeholder('userId'), [
          eq(teams.tenantId, sql.placeholder('tenantId')),
          eq(teams.id, sql.placeholder('teamId')),
        ]).prepare('wattle_team_access'),
      ).execute({ tenantId: ctx.tenantId, teamId, userId: ctx.actor.id })
    : await preparedOnce(ctx.tx, 'wattle_team_access_all', (tx) =>
        selectTeamAccess(tx, sql.placeholder('userId'), [
          eq(teams.tenantId, sql.placeholder('tenantId')),
        ]).prepare('wattle_team_access_all'),
      ).execute({ tenantId: ctx.tenantId, userId: ctx.actor.id });
  const approvesTenantWide = can(ctx.tenantRole, 'approve:plans');
  return rows.map((row) => {
    const teamRole = (row.teamRole as TeamRole | null) ?? null;
    const role = effectiveTeamRole(ctx.access, {
      teamRole,
      isSharedWithGuest: ctx.sharedTeamIds.includes(row.teamId),
    });
    return {
      teamId: row.teamId,
      role,
      teamRole,
      isClinician:
        role !== null && (approvesTenantWide || (!!teamRole && clinicianTeamRoles.includes(teamRole))),
      workflowStates: row.workflowStates,
      participant:
        row.participantId && row.participantName
          ? { id: row.participantId, name: row.participantName }
          : null,
    };
  });
}

/**
 * Checks a card permission on a card's team (or a team, by id) and returns the caller's standing
 * there. A card the caller may not read answers 404 'Card not found', exactly like a missing one; a
 * team they cannot see answers 404 'Team not found'; a permission beyond their role answers 403.
 */
export async function requireCardPermission(
  ctx: TenantContext,
  target: Pick<Card, 'teamId'> | string,
  permission: Permission,
): Promise<TeamAccess & { role: Role }> {
  const isTeam = typeof target === 'string';
  const [access] = await teamAccessList(ctx, isTeam ? target : target.teamId);
  const role = access?.role ?? null;
  if (!access || !role) throw new AppError('NOT_FOUND', isTeam ? 'Team not found' : 'Card not found');
  if (!isTeam && !can(role, 'read:cards', access.isClinician))
    throw new AppError('NOT_FOUND', 'Card not found');
  if (!can(role, permission, access.isClinician)) throw forbidden();
  return { ...access, role };
}

/**
 * The teams whose cards the caller may read: `teamId` alone (404 / 403 when the caller cannot read
 * cards there), or, without one, every team where they hold read:cards ('all' when that is every
 * team of the tenant by their tenant-wide role). null when there is no such team.
 */
export async function readableCardTeams(
  ctx: TenantContext,
  teamId?: string,
): Promise<'all' | string[] | null> {
  if (teamId) {
    await requireCardPermission(ctx, teamId, 'read:cards');
    return [teamId];
  }
  if (seesAllTeams(ctx.access) && can(ctx.tenantRole, 'read:cards')) return 'all';
  const readable = (await teamAccessList(ctx))
    .filter((access) => can(access.role, 'read:cards', access.isClinician))
    .map((access) => access.teamId);
  return readable.length > 0 ? readable : null;
}

/**
 * Which live cards of the tenant the caller may read, as conditions on `cards`: those of
 * `readableCardTeams`, or null when the caller can read no card at all. The card list and the
 * search both scope their queries this way.
 */
export async function readableCardConditions(ctx: TenantContext, teamId?: string): Promise<SQL[] | null> {
  const teamIds = await readableCardTeams(ctx, teamId);
  return teamIds ? cardConditionsFor(ctx, teamIds) : null;
}

/** The conditions on `cards` for the live cards of the tenant on `teamIds` ('all': any team). */
function cardConditionsFor(ctx: TenantContext, teamIds: 'all' | string[]): SQL[] {
  const where: SQL[] = [eq(cards.tenantId, ctx.tenantId), isNull(cards.deletedAt)];
  if (teamIds !== 'all') {
    where.push(teamIds.length === 1 ? eq(cards.teamId, teamIds[0]!) : inArray(cards.teamId, teamIds));
  }
  return where;
}

const assignee = aliasedTable(users, 'assignee');
const creator = aliasedTable(users, 'creator');
const modifier = aliasedTable(users, 'modifier');

const { searchText: _searchText, ...cardColumns } = getTableColumns(cards);
const { fieldValues: _fieldValues, ...cardSummaryColumns } = cardColumns;

/** Rows of `card` columns with the names of their assignee, creator and last editor, in one query. */
function selectWithNames<TColumns extends typeof cardSummaryColumns>(tx: Tx, card: TColumns) {
  return tx
    .select({
      card,
      assigneeName: assignee.name,
      createdByName: creator.name,
      lastModifiedByName: modifier.name,
    })
    .from(cards)
    .leftJoin(assignee, eq(assignee.id, cards.assigneeId))
    .leftJoin(creator, eq(creator.id, cards.createdBy))
    .leftJoin(modifier, eq(modifier.id, cards.lastModifiedBy))
    .$dynamic();
}

/** Whole card rows (a card read or write). */
export const selectCardRows = (tx: Tx) => selectWithNames(tx, cardColumns);

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCardRows>['execute']>>[number];

/** Card rows for lists: the same, without the field values (see CardSummarySchema). */
export const selectCardSummaryRows = (tx: Tx) => selectWithNames(tx, cardSummaryColumns);

export type CardSummaryRow = Awaited<ReturnType<ReturnType<typeof selectCardSummaryRows>['execute']>>[number];

export function toCard(row: CardRow): Card {
  const c = row.card;
  return {
    ...cardBasics(row),
    fieldValues: c.fieldValues,
    completedRequirements: c.completedRequirements,
    compliance: c.compliance,
  };
}

export function toCardSummary(row: CardSummaryRow): CardSummary {
  const { issues, ...compliance } = row.card.compliance;
  return { ...cardBasics(row), compliance: { ...compliance, issueCount: issues.length } };
}

/** What a card and its list summary share. */
function cardBasics(row: CardSummaryRow): Omit<Card, 'fieldValues' | 'completedRequirements' | 'compliance'> {
  const c = row.card;
  return {
    id: c.id,
    tenantId: c.tenantId,
    teamId: c.teamId,
    workItemId: formatWorkItemId(c.workItemPrefix, c.number),
    type: c.type,
    templateId: c.templateId,
    templateName: c.templateName,
    templateVersion: c.templateVersion,
    title: c.title,
    description: c.description,
    participantId: c.participantId,
    assigneeId: c.assigneeId,
    assigneeName: c.assigneeId ? row.assigneeName : null,
    status: c.status,
    state: c.state,
    ndisStatus: c.ndisStatus,
    workflowStateId: c.workflowStateId,
    boardPosition: c.boardPosition,
    priority: c.priority,
    category: c.category,
    startDate: c.startDate,
    dueDate: c.dueDate,
    tags: c.tags,
    billable: c.billable,
    estimatedAmountCents: c.estimatedAmountCents,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    createdBy: c.createdBy,
    createdByName: c.createdBy ? row.createdByName : null,
    lastModifiedBy: c.lastModifiedBy,
    lastModifiedByName: c.lastModifiedBy ? row.lastModifiedByName : null,
  };
}

/**
 * A live (not deleted) card row by id, optionally locked for an update. Every card read and save
 * runs this, so both forms are built once per connection (building a Drizzle query costs more than
 * running this one).
 */
export async function selectCardRow(
  ctx: TenantContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CardRow | undefined> {
  const name = options.forUpdate ? 'wattle_card_for_update' : 'wattle_card';
  const statement = preparedOnce(ctx.tx, name, (tx) => {
    const query = selectCardRows(tx).where(
      and(
        eq(cards.tenantId, sql.placeholder('tenantId')),
        eq(cards.id, sql.placeholder('id')),
        isNull(cards.deletedAt),
      ),
    );
    return (options.forUpdate ? query.for('update', { of: cards }) : query).prepare(name);
  });
  const [row] = await statement.execute({ tenantId: ctx.tenantId, id });
  return row;
}

/**
 * Locks the team of a card for a board move and answers its workflow states as they are now (null
 * when the card does not exist). A PATCH that places a card on the board takes this before locking
 * the card, and it makes the team's board moves and workflow edits take turns:
 * - a workflow edit locks the team FOR UPDATE, so a card is never put into a column the edit is
 *   removing;
 * - two moves may each spread the same column (`spreadColumnIfCrowded`), renumbering the card the
 *   other one holds: side by side they would deadlock. FOR NO KEY UPDATE conflicts with itself but
 *   not with the FOR KEY SHARE a new card's foreign key takes, so creating cards does not wait.
 * Team before card, in every path, so they cannot deadlock.
 */
export async function lockTeamForBoardMove(
  ctx: TenantContext,
  cardId: string,
): Promise<WorkflowState[] | null> {
  const [team] = await ctx.tx
    .select({ workflowStates: teams.workflowStates })
    .from(teams)
    .where(
      and(
        eq(teams.tenantId, ctx.tenantId),
        eq(
          teams.id,
          sql`(select ${cards.teamId} from ${cards} where ${cards.tenantId} = ${ctx.tenantId} and ${cards.id} = ${cardId})`,
        ),
      ),
    )
    .for('no key update');
  return team?.workflowStates ?? null;
}

/**
 * A card the caller may read, with their standing on its team and the permission asked. Missing,
 * deleted and unreadable cards all answer 404 'Card not found'.
 */
export async function loadCard(
  ctx: TenantContext,
  id: string,
  permission: Permission = 'read:cards',
  options: { forUpdate?: boolean } = {},
): Promise<{ card: Card; row: CardRow; access: TeamAccess & { role: Role } }> {
  const row = await selectCardRow(ctx, id, options);
  if (!row) throw new AppError('NOT_FOUND', 'Card not found');
  const card = toCard(row);
  const access = await requireCardPermission(ctx, card, permission);
  return { card, row, access };
}

/**
 * Whether a role on a card's team may open the card: `read:cards`, or, for family guardians
 * (viewers, `read:shared-plans` alone), the working card of a behaviour support plan shared with
 * family (decisions 0010 and 0025). A plan not shared, and any other card, stays closed to them.
 * Reading is all a guardian gets: every write still asks its own permission.
 */
export function canReadCard(
  role: Role | null,
  access: Pick<TeamAccess, 'isClinician'>,
  card: Pick<Card, 'type'>,
  sharedWithFamily: boolean,
): boolean {
  if (!role) return false;
  if (can(role, 'read:cards', access.isClinician)) return true;
  return card.type === 'bsp' && sharedWithFamily && can(role, 'read:shared-plans', access.isClinician);
}

/**
 * Whether a card is the working card of a behaviour support plan shared with family. Asked only for
 * readers without `read:cards`, so staff reads pay nothing for it.
 */
export async function cardSharedWithFamily(
  ctx: TenantContext,
  card: Pick<Card, 'id' | 'type'>,
): Promise<boolean> {
  if (card.type !== 'bsp') return false;
  const [plan] = await ctx.tx
    .select({ id: behaviourSupportPlans.id })
    .from(behaviourSupportPlans)
    .where(
      and(
        eq(behaviourSupportPlans.tenantId, ctx.tenantId),
        eq(behaviourSupportPlans.cardId, card.id),
        eq(behaviourSupportPlans.sharedWithFamily, true),
      ),
    )
    .limit(1);
  return plan !== undefined;
}

/**
 * A card the caller may open (see `canReadCard`), with their standing on its team: what answers
 * GET /api/cards/{id} and what the comment thread and attachments of a card build on. Missing,
 * deleted and unreadable cards all answer 404 'Card not found'.
 */
export async function loadReadableCard(
  ctx: TenantContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ card: Card; row: CardRow; access: TeamAccess & { role: Role } }> {
  const row = await selectCardRow(ctx, id, options);
  if (!row) throw new AppError('NOT_FOUND', 'Card not found');
  const card = toCard(row);
  const [access] = await teamAccessList(ctx, card.teamId);
  const role = access?.role ?? null;
  const readsAll = role !== null && can(role, 'read:cards', access?.isClinician);
  const shared = !readsAll && role !== null && (await cardSharedWithFamily(ctx, card));
  if (!access || !role || !canReadCard(role, access, card, shared)) {
    throw new AppError('NOT_FOUND', 'Card not found');
  }
  return { card, row, access: { ...access, role } };
}

/**
 * A card as a reader without read:cards (a family guardian on a plan shared with family) is sent it:
 * without its tags and finance (billable, estimated amount), the team's working detail the
 * permissions table does not give them (issue 18 item 6). Empty and zero, so the card keeps its shape.
 */
export function withoutStaffDetails(card: Card): Card {
  return { ...card, tags: [], billable: false, estimatedAmountCents: 0 };
}

/** A card the caller may open (see `canReadCard`); 404 'Card not found' otherwise. */
export async function findCard(ctx: TenantContext, id: string): Promise<Card> {
  const { card, access } = await loadReadableCard(ctx, id);
  return can(access.role, 'read:cards', access.isClinician) ? card : withoutStaffDetails(card);
}

/**
 * The template a card was made from, in the version it was made with: built-in, published or the
 * tenant's custom one (even if since retired or given newer versions).
 */
export async function templateForCard(
  ctx: TenantContext,
  card: Pick<Card, 'templateId' | 'templateVersion'>,
): Promise<FormTemplate | null> {
  if (!card.templateId) return null;
  return findTemplate(ctx, card.templateId, {
    includeInactive: true,
    version: card.templateVersion ?? undefined,
  });
}
