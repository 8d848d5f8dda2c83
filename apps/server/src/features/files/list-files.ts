import { can } from '@wattle/domain/auth/permissions';
import { seesAllTeams } from '@wattle/domain/auth/roles';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import type { FileListQuery, StoredFile } from '@wattle/domain/files/file-list';
import { and, eq, getTableColumns, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { cardFiles } from '../../db/schema/comments';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { type TeamAccess, teamAccessList } from '../cards/card-records';
import { toCardFile } from './file-records';
import { firstFilePage } from './first-file-page';

/**
 * Which files the caller may see in file storage (decision 0029), as the card's own file list
 * decides (`canReadCard`): every file of the cards of teams where they read cards ('all' for a
 * tenant-wide reader), the files of plans shared with family on teams where they read only shared
 * plans, and confidential files only on teams where they also read internal comments.
 */
export interface FileReach {
  readsAll: boolean;
  cardTeamIds: string[];
  sharedPlanTeamIds: string[];
  confidentialAll: boolean;
  confidentialTeamIds: string[];
  /** The caller's standing per team, for who may delete each file. */
  access: Map<string, TeamAccess>;
}

export async function fileReach(ctx: TenantContext): Promise<FileReach> {
  const list = await teamAccessList(ctx);
  const readsCards = (a: TeamAccess) => can(a.role, 'read:cards', a.isClinician);
  const readsAll = seesAllTeams(ctx.access) && can(ctx.tenantRole, 'read:cards');
  return {
    readsAll,
    cardTeamIds: list.filter(readsCards).map((a) => a.teamId),
    sharedPlanTeamIds: list
      .filter((a) => !readsCards(a) && can(a.role, 'read:shared-plans', a.isClinician))
      .map((a) => a.teamId),
    confidentialAll: readsAll && can(ctx.tenantRole, 'read:internal-comments'),
    confidentialTeamIds: list
      .filter((a) => readsCards(a) && can(a.role, 'read:internal-comments', a.isClinician))
      .map((a) => a.teamId),
    access: new Map(list.map((a) => [a.teamId, a])),
  };
}

/** The conditions on files and their cards for what `reach` lets the caller see; null when nothing. */
function reachConditions(ctx: TenantContext, reach: FileReach): SQL[] | null {
  const where: SQL[] = [];
  if (!reach.readsAll) {
    const sharedPlan =
      reach.sharedPlanTeamIds.length > 0
        ? and(
            inArray(cards.teamId, reach.sharedPlanTeamIds),
            eq(cards.type, 'bsp'),
            sql`exists (select 1 from ${behaviourSupportPlans} where ${behaviourSupportPlans.tenantId} = ${ctx.tenantId}
              and ${behaviourSupportPlans.cardId} = ${cards.id} and ${behaviourSupportPlans.sharedWithFamily})`,
          )
        : undefined;
    const ofTeams = reach.cardTeamIds.length > 0 ? inArray(cards.teamId, reach.cardTeamIds) : undefined;
    if (!sharedPlan && !ofTeams) return null;
    where.push(or(ofTeams, sharedPlan)!);
  }
  if (!reach.confidentialAll) {
    where.push(
      reach.confidentialTeamIds.length > 0
        ? or(eq(cardFiles.isConfidential, false), inArray(cards.teamId, reach.confidentialTeamIds))!
        : eq(cardFiles.isConfidential, false),
    );
  }
  return where;
}

/** `%word%` for ILIKE, with the pattern characters of the word taken literally. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(query: FileListQuery, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.q) {
    for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean)) {
      where.push(ilike(cardFiles.name, containing(word)));
    }
  }
  if (query.category) where.push(eq(cardFiles.category, query.category));
  if (query.type) where.push(eq(cardFiles.format, query.type));
  if (query.teamId) where.push(eq(cards.teamId, query.teamId));
  if (query.participantId) where.push(eq(cards.participantId, query.participantId));
  if (query.uploadedBy) where.push(eq(cardFiles.uploadedBy, query.uploadedBy));
  if (query.confidential !== undefined) where.push(eq(cardFiles.isConfidential, query.confidential));
  if (query.scanStatus) where.push(eq(cardFiles.virusScanStatus, query.scanStatus));
  if (query.pastRetention !== undefined) {
    where.push(
      query.pastRetention
        ? sql`${cardFiles.deleteAfter} <= ${now.toISOString()}::timestamptz`
        : sql`${cardFiles.deleteAfter} > ${now.toISOString()}::timestamptz`,
    );
  }
  return where;
}

/**
 * The keyset cursor: the last row's upload time (to the microsecond, as Postgres keeps it: a
 * JavaScript Date would drop the last three digits and skip rows uploaded within that millisecond)
 * and id, base64url-encoded.
 */
export function encodeCursor(uploadedAt: string, id: string): string {
  return Buffer.from(JSON.stringify([uploadedAt, id])).toString('base64url');
}

const cursorMessage = 'The cursor is not one this list gave; start again from the first page';

export function decodeCursor(cursor: string): { uploadedAt: string; id: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value[1])
    ) {
      return { uploadedAt: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('VALIDATION_FAILED', cursorMessage, [{ path: ['cursor'], message: cursorMessage }]);
}

const microsecondText = sql<string>`to_char(${cardFiles.uploadedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * `GET /api/files`: a page of the files the caller may see, newest first, searched and filtered, with
 * how many match and the cursor of the next page. The page reads card_files_tenant_uploaded_idx (or
 * the name's trigram index when searching) and joins each of its rows to card, team, participant and
 * uploader; the count runs over the same conditions.
 */
export async function listFiles(
  ctx: TenantContext,
  query: FileListQuery,
  now: Date = new Date(),
): Promise<{ data: StoredFile[]; total: number; nextCursor: string | null }> {
  const reach = await fileReach(ctx);
  // Naming a team one cannot see answers as a missing one does, like the card list.
  if (query.teamId && !reach.access.get(query.teamId)?.role)
    throw new AppError('NOT_FOUND', 'Team not found');
  if (isUnfiltered(reach, query) && !query.cursor) {
    const first = await firstFilePage(ctx, query.limit);
    if (first) {
      const hasMore = first.rows.length > query.limit;
      const page = hasMore ? first.rows.slice(0, query.limit) : first.rows;
      const last = page.at(-1);
      return {
        data: page.map(({ cursorAt: _cursorAt, ...file }) => ({
          ...file,
          canDelete: mayDelete(ctx, reach, file.card.teamId, file.uploadedBy),
        })),
        total: first.total,
        nextCursor: hasMore && last ? encodeCursor(last.cursorAt, last.id) : null,
      };
    }
  }
  const scoped = reachConditions(ctx, reach);
  if (!scoped) return { data: [], total: 0, nextCursor: null };
  const where = [
    eq(cardFiles.tenantId, ctx.tenantId),
    isNull(cardFiles.deletedAt),
    isNull(cards.deletedAt),
    ...scoped,
    ...filterConditions(query, now),
  ];
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const pageWhere = after
    ? [
        ...where,
        sql`(${cardFiles.uploadedAt}, ${cardFiles.id}) < (${after.uploadedAt}::timestamptz, ${after.id}::uuid)`,
      ]
    : where;

  const rows = await ctx.tx
    .select({
      file: getTableColumns(cardFiles),
      uploadedAtText: microsecondText,
      uploadedByName: users.name,
      cardNumber: cards.number,
      workItemPrefix: cards.workItemPrefix,
      cardTitle: cards.title,
      teamId: cards.teamId,
      teamName: teams.name,
      participantId: participants.id,
      participantName: participants.name,
    })
    .from(cardFiles)
    .innerJoin(cards, and(eq(cards.tenantId, cardFiles.tenantId), eq(cards.id, cardFiles.cardId)))
    .innerJoin(teams, and(eq(teams.tenantId, cards.tenantId), eq(teams.id, cards.teamId)))
    .leftJoin(
      participants,
      and(eq(participants.tenantId, cards.tenantId), sql`${participants.id}::text = ${cards.participantId}`),
    )
    .leftJoin(users, eq(users.id, cardFiles.uploadedBy))
    .where(and(...pageWhere))
    // NULLS LAST, as card_files_tenant_uploaded_idx is written (DESC alone means NULLS FIRST, which
    // that index cannot give in order: the page would sort every file of the tenant instead).
    .orderBy(sql`${cardFiles.uploadedAt} desc nulls last`, sql`${cardFiles.id} desc nulls last`)
    .limit(query.limit + 1);

  const hasMore = rows.length > query.limit;
  const page = hasMore ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  const total = isUnfiltered(reach, query) ? await countAllFiles(ctx) : await countFiles(ctx, where);
  return {
    data: page.map((row) => toStoredFile(ctx, reach, row)),
    total,
    nextCursor: hasMore && last ? encodeCursor(last.uploadedAtText, last.file.id) : null,
  };
}

/** Whether the caller sees every live file of the tenant and asked for no filter: the usual first page. */
function isUnfiltered(reach: FileReach, query: FileListQuery): boolean {
  return (
    reach.readsAll &&
    reach.confidentialAll &&
    !query.q &&
    !query.category &&
    !query.type &&
    !query.teamId &&
    !query.participantId &&
    !query.uploadedBy &&
    query.confidential === undefined &&
    !query.scanStatus &&
    query.pastRetention === undefined
  );
}

/**
 * Every live file of the tenant, less those on deleted cards: the first from the tally the triggers
 * on card_files keep (migration 0033), the second through the few deleted cards (cards_deleted_idx)
 * and each one's files (card_files_card_idx), instead of joining every file to its card.
 */
async function countAllFiles(ctx: TenantContext): Promise<number> {
  // Written out with aliases: the query builder drops table names from columns inside sql``.
  const rows = await ctx.tx.execute(sql`select
      coalesce((select n from card_file_tallies where tenant_id = ${ctx.tenantId}), 0)
      - (select count(*) from cards c inner join card_files f on f.tenant_id = c.tenant_id and f.card_id = c.id
          where c.tenant_id = ${ctx.tenantId} and c.deleted_at is not null and f.deleted_at is null) as n`);
  const [row] = (rows as unknown as { rows: { n: number | string }[] }).rows;
  return Number(row?.n ?? 0);
}

/** How many files match: the participants and uploaders are not needed to count. */
async function countFiles(ctx: TenantContext, where: SQL[]): Promise<number> {
  const [row] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cardFiles)
    .innerJoin(cards, and(eq(cards.tenantId, cardFiles.tenantId), eq(cards.id, cardFiles.cardId)))
    .where(and(...where));
  return Number(row?.n ?? 0);
}

type PageRow = {
  file: typeof cardFiles.$inferSelect;
  uploadedByName: string | null;
  cardNumber: number;
  workItemPrefix: string;
  cardTitle: string;
  teamId: string;
  teamName: string;
  participantId: string | null;
  participantName: string | null;
};

/** The card's rule for deleting a file (file-access.ts): its uploader while they write cards there, or a team admin. */
function mayDelete(ctx: TenantContext, reach: FileReach, teamId: string, uploadedBy: string | null): boolean {
  const access = reach.access.get(teamId);
  if (!access) return false;
  const isUploader = uploadedBy === ctx.actor.id && can(access.role, 'write:cards', access.isClinician);
  return isUploader || can(access.role, 'manage:team', access.isClinician);
}

function toStoredFile(ctx: TenantContext, reach: FileReach, row: PageRow): StoredFile {
  const f = row.file;
  return {
    ...toCardFile({ file: f, uploadedByName: row.uploadedByName }),
    card: {
      id: f.cardId,
      workItemId: formatWorkItemId(row.workItemPrefix, row.cardNumber),
      title: row.cardTitle,
      teamId: row.teamId,
      teamName: row.teamName,
    },
    participant:
      row.participantId && row.participantName ? { id: row.participantId, name: row.participantName } : null,
    retention: {
      days: f.retentionDays,
      autoDelete: f.autoDelete,
      deleteAfter: f.deleteAfter.toISOString(),
    },
    canDelete: mayDelete(ctx, reach, row.teamId, f.uploadedBy),
  };
}
