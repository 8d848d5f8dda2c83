import type { FieldChange } from '@wattle/domain/audit/schemas';
import { authorisationStatus } from '@wattle/domain/restrictive-practices/rules';
import {
  type Authorisation,
  type CreateAuthorisation,
  restrictivePracticeMessages,
  type UpdateAuthorisation,
} from '@wattle/domain/restrictive-practices/schemas';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import {
  restrictivePracticeAuthorisations as authorisations,
  restrictivePracticeUses as uses,
} from '../../db/schema/restrictive-practices';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { requirePracticePermission } from './practice-access';
import { publishPracticeChange } from './practice-events';

/**
 * The register (issue 16 item 3): each regulated practice in a participant's plan with its
 * authorisation (reference, the day it was authorised and its expiry). Kept by the team's
 * clinicians and leads and the organisation's admins; read by support workers and auditors.
 * An entry stays once a use refers to it, so the log always says what authorised each use.
 */

type AuthorisationRow = typeof authorisations.$inferSelect;
const entity = 'restrictive-practice-authorisation';

async function toAuthorisations(ctx: TenantContext, rows: AuthorisationRow[]): Promise<Authorisation[]> {
  if (rows.length === 0) return [];
  const today = await tenantToday(ctx);
  const ids = rows.map((r) => r.id);
  const useCounts = await ctx.tx
    .select({ authorisationId: uses.authorisationId, n: count() })
    .from(uses)
    .where(and(eq(uses.tenantId, ctx.tenantId), inArray(uses.authorisationId, ids)))
    .groupBy(uses.authorisationId);
  const countOf = new Map(useCounts.map((c) => [c.authorisationId, c.n]));
  const creatorIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
  const names =
    creatorIds.length > 0
      ? await ctx.tx
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, creatorIds))
      : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return rows.map((row) => ({
    id: row.id,
    participantId: row.participantId,
    planId: row.planId,
    practiceType: row.practiceType,
    description: row.description,
    authorisationReference: row.authorisationReference,
    authorisedOn: row.authorisedOn,
    expiresOn: row.expiresOn,
    status: authorisationStatus(row, today),
    useCount: countOf.get(row.id) ?? 0,
    createdBy: row.createdBy ? { id: row.createdBy, name: nameOf.get(row.createdBy) ?? 'Unknown' } : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The participant's register, by practice then the day authorised. */
export async function listAuthorisations(
  ctx: TenantContext,
  participantId: string,
): Promise<Authorisation[]> {
  await requirePracticePermission(ctx, participantId, 'read:restrictive-practices');
  const rows = await ctx.tx
    .select()
    .from(authorisations)
    .where(and(eq(authorisations.tenantId, ctx.tenantId), eq(authorisations.participantId, participantId)))
    .orderBy(asc(authorisations.practiceType), asc(authorisations.authorisedOn), asc(authorisations.id));
  return toAuthorisations(ctx, rows);
}

async function loadRow(ctx: TenantContext, id: string, lock = false): Promise<AuthorisationRow> {
  const query = ctx.tx
    .select()
    .from(authorisations)
    .where(and(eq(authorisations.tenantId, ctx.tenantId), eq(authorisations.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', restrictivePracticeMessages.notFound);
  return row;
}

async function readOne(ctx: TenantContext, id: string): Promise<Authorisation> {
  const [one] = await toAuthorisations(ctx, [await loadRow(ctx, id)]);
  return one!;
}

/** A plan named on an entry must be one of the participant's behaviour support plans. */
async function checkPlan(ctx: TenantContext, participantId: string, planId: string | null | undefined) {
  if (!planId) return;
  const [plan] = await ctx.tx
    .select({ id: behaviourSupportPlans.id })
    .from(behaviourSupportPlans)
    .where(
      and(
        eq(behaviourSupportPlans.tenantId, ctx.tenantId),
        eq(behaviourSupportPlans.id, planId),
        eq(behaviourSupportPlans.participantId, participantId),
      ),
    );
  if (!plan) {
    const message = "Choose one of the participant's behaviour support plans";
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['planId'], message }]);
  }
}

export async function createAuthorisation(
  ctx: TenantContext,
  input: CreateAuthorisation,
): Promise<Authorisation> {
  await requirePracticePermission(ctx, input.participantId, 'manage:restrictive-practices');
  await checkPlan(ctx, input.participantId, input.planId);
  const [row] = await ctx.tx
    .insert(authorisations)
    .values({
      tenantId: ctx.tenantId,
      participantId: input.participantId,
      planId: input.planId ?? null,
      practiceType: input.practiceType,
      description: input.description,
      authorisationReference: input.authorisationReference,
      authorisedOn: input.authorisedOn ?? null,
      expiresOn: input.expiresOn ?? null,
      createdBy: ctx.actor.id,
    })
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity,
    entityId: row!.id,
    action: 'created',
    changes: (['practiceType', 'authorisationReference', 'authorisedOn', 'expiresOn'] as const).map(
      (field) => ({
        field,
        oldValue: null,
        newValue: row![field],
      }),
    ),
    metadata: { participantId: input.participantId, version: 1 },
  });
  await publishPracticeChange(ctx, 'created', entity, row!.id, 1);
  return readOne(ctx, row!.id);
}

const editable = [
  'planId',
  'practiceType',
  'description',
  'authorisationReference',
  'authorisedOn',
  'expiresOn',
] as const;

/** Changes an entry from its version (stale: 409 with the current entry). */
export async function updateAuthorisation(
  ctx: TenantContext,
  id: string,
  input: UpdateAuthorisation,
): Promise<Authorisation> {
  const row = await loadRow(ctx, id, true);
  await requirePracticePermission(
    ctx,
    row.participantId,
    'manage:restrictive-practices',
    restrictivePracticeMessages.notFound,
  );
  if (input.version !== row.version) {
    throw new AppError('CONFLICT', restrictivePracticeMessages.conflict, { current: await readOne(ctx, id) });
  }
  const next = {
    planId: input.planId === undefined ? row.planId : input.planId,
    practiceType: input.practiceType ?? row.practiceType,
    description: input.description ?? row.description,
    authorisationReference:
      input.authorisationReference === undefined
        ? row.authorisationReference
        : input.authorisationReference || null,
    authorisedOn: input.authorisedOn === undefined ? row.authorisedOn : input.authorisedOn,
    expiresOn: input.expiresOn === undefined ? row.expiresOn : input.expiresOn,
  };
  if (next.authorisedOn && next.expiresOn && next.expiresOn < next.authorisedOn) {
    const message = restrictivePracticeMessages.expiryBeforeAuthorised;
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['expiresOn'], message }]);
  }
  if (next.planId !== row.planId) await checkPlan(ctx, row.participantId, next.planId);
  const changes: FieldChange[] = editable
    .filter((field) => next[field] !== row[field])
    .map((field) => ({ field, oldValue: row[field], newValue: next[field] }));
  if (changes.length === 0) return readOne(ctx, id);
  const version = row.version + 1;
  await ctx.tx
    .update(authorisations)
    .set({ ...next, version, updatedAt: new Date() })
    .where(and(eq(authorisations.tenantId, ctx.tenantId), eq(authorisations.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity,
    entityId: id,
    action: 'updated',
    changes,
    metadata: { participantId: row.participantId, version },
  });
  await publishPracticeChange(ctx, 'updated', entity, id, version);
  return readOne(ctx, id);
}

/** Removes an entry made in error; one a use refers to stays (422). */
export async function deleteAuthorisation(ctx: TenantContext, id: string): Promise<void> {
  const row = await loadRow(ctx, id, true);
  await requirePracticePermission(
    ctx,
    row.participantId,
    'manage:restrictive-practices',
    restrictivePracticeMessages.notFound,
  );
  const [used] = await ctx.tx
    .select({ id: uses.id })
    .from(uses)
    .where(and(eq(uses.tenantId, ctx.tenantId), eq(uses.authorisationId, id)))
    .limit(1);
  if (used) throw new AppError('WORKFLOW_REFUSED', restrictivePracticeMessages.inUse);
  await ctx.tx
    .delete(authorisations)
    .where(and(eq(authorisations.tenantId, ctx.tenantId), eq(authorisations.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity,
    entityId: id,
    action: 'deleted',
    changes: editable.map((field) => ({ field, oldValue: row[field], newValue: null })),
    metadata: { participantId: row.participantId, version: row.version },
  });
  await publishPracticeChange(ctx, 'deleted', entity, id, null);
}
