import type { AuditPackScope } from '@wattle/domain/audit-packs/schemas';
import { stringify } from 'csv-stringify/sync';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { neutraliseFormula } from '../time-entries/export-time-entries';
import type { PackWriter } from './pack-writer';

/**
 * What one pack gathers: the tenant, the period (calendar dates in the tenant's time zone, both
 * included) and the scope as sets of teams and participants (null: all of the tenant's).
 */
export interface EvidenceScope {
  tenantId: string;
  tenantName: string;
  timeZone: string;
  scope: AuditPackScope;
  scopeId: string | null;
  scopeName: string;
  periodFrom: string;
  periodTo: string;
  /** The teams in scope; null for the whole organisation. */
  teamIds: string[] | null;
  /** The participants in scope; null for the whole organisation. */
  participantIds: string[] | null;
}

/** What a source of evidence gets: the scope, reads inside the tenant, a stop signal and a progress report. */
export interface EvidenceContext {
  scope: EvidenceScope;
  /** Runs `fn` in a short transaction inside the tenant (row-level security confines it there). */
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  signal: AbortSignal;
  /** How far this source is: `done` of `total` steps. */
  progress(done: number, total: number): void;
}

/**
 * One kind of evidence in the ZIP (plan PDFs, a register …). Each is a module of its own, listed in
 * evidence-sources.ts, so a new kind is one more module. `weight` is its rough share of the build
 * time, for the progress bar.
 */
export interface EvidenceSource {
  name: string;
  weight: number;
  collect(ctx: EvidenceContext, out: PackWriter): Promise<void>;
}

/** The teams and participants a scope covers, read inside the tenant. */
export async function scopeMembers(
  tx: Tx,
  tenantId: string,
  scope: AuditPackScope,
  scopeId: string | null,
): Promise<Pick<EvidenceScope, 'teamIds' | 'participantIds'>> {
  if (scope === 'organisation' || !scopeId) return { teamIds: null, participantIds: null };
  if (scope === 'team') {
    const rows = await tx
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.tenantId, tenantId), eq(participants.teamId, scopeId)));
    return { teamIds: [scopeId], participantIds: rows.map((r) => r.id) };
  }
  const [row] = await tx
    .select({ teamId: participants.teamId })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.id, scopeId)));
  return { teamIds: row?.teamId ? [row.teamId] : [], participantIds: [scopeId] };
}

/**
 * The name a scope shows: the team's or participant's, read when the pack is asked for. An archived
 * participant counts: the evidence of someone who has left is still audited.
 */
export async function scopeTargetName(
  tx: Tx,
  tenantId: string,
  scope: 'team' | 'participant',
  id: string,
): Promise<string | null> {
  if (scope === 'team') {
    const [team] = await tx
      .select({ name: teams.name })
      .from(teams)
      .where(and(eq(teams.tenantId, tenantId), eq(teams.id, id)));
    return team?.name ?? null;
  }
  const [participant] = await tx
    .select({ name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.id, id)));
  return participant?.name ?? null;
}

/** An instant column within the period: from the first day's midnight to the day after the last, in the tenant's zone. */
export function instantInPeriod(column: PgColumn | SQL, scope: EvidenceScope): SQL {
  return sql`(${column} >= (${scope.periodFrom}::date::timestamp at time zone ${scope.timeZone}) and ${column} < ((${scope.periodTo}::date + 1)::timestamp at time zone ${scope.timeZone}))`;
}

/** An instant column before the period ends (the record existed during or before it). */
export function instantBeforePeriodEnd(column: PgColumn | SQL, scope: EvidenceScope): SQL {
  return sql`${column} < ((${scope.periodTo}::date + 1)::timestamp at time zone ${scope.timeZone})`;
}

/** An instant column on or after the period's first day (the record was still live during it). */
export function instantFromPeriodStart(column: PgColumn | SQL, scope: EvidenceScope): SQL {
  return sql`${column} >= (${scope.periodFrom}::date::timestamp at time zone ${scope.timeZone})`;
}

/** `column in ids`, or no condition when the scope is the whole organisation (ids null). */
export function inScope(column: PgColumn, ids: string[] | null): SQL | undefined {
  if (ids === null) return undefined;
  if (ids.length === 0) return sql`false`;
  return inArray(column, ids);
}

/** An instant as the tenant reads it: `yyyy-mm-dd hh:mm` in its time zone; '' for none. */
export function localDateTime(instant: Date | null, timeZone: string): string {
  if (!instant) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * A CSV file produced page by page: the header, then each page of rows as the pages come, never the
 * whole file in memory. Cells people typed are neutralised so no spreadsheet runs them as formulas.
 */
export async function* csvChunks(
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly string[])[]>,
): AsyncIterable<string> {
  const encode = (rows: readonly (readonly string[])[]) =>
    stringify(
      rows.map((row) => row.map(neutraliseFormula)),
      { record_delimiter: 'windows' },
    );
  // A byte-order mark, so spreadsheet programs read names with accents as UTF-8.
  yield `\ufeff${encode([header])}`;
  for await (const rows of pages) if (rows.length > 0) yield encode(rows);
}

/** Rows read a page at a time, each page in its own short transaction, keyed on a sortable id. */
export async function* pagedRows<T extends { id: string }>(
  ctx: EvidenceContext,
  fetchPage: (tx: Tx, afterId: string | null, limit: number) => Promise<T[]>,
  pageSize = 500,
): AsyncIterable<T[]> {
  let after: string | null = null;
  for (;;) {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('stopped');
    const page: T[] = await ctx.read((tx) => fetchPage(tx, after, pageSize));
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
  }
}
