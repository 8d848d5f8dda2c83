import type { FieldChange } from '@wattle/domain/audit/schemas';
import { type TimeCode, timeCodeMessages, type UpdateTimeCodeParsed } from '@wattle/domain/time/time-codes';
import { and, eq } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { checkTimeCodeItem } from './check-time-code-item';
import { requireRatesManager } from './time-code-access';
import { publishTimeCodeChange } from './time-code-events';
import { currentTimeCode, loadTimeCode, priceLimitView, toTimeCode } from './time-code-records';

const editableFields = ['description', 'hourlyRateCents', 'isActive'] as const;

/**
 * `PATCH /api/time-codes/{id}` (manage:rates): the description, hourly rate or active flag, from the
 * version the edit started from; stale is 409 with the code as it is now. An active code's new rate,
 * or a code made active again, is checked against the catalogue in force as a new one is; making a
 * code inactive or renaming it needs no check. The support item itself never changes: a code for
 * another item is a new code. Audited with each field's old and new value.
 */
export async function updateTimeCode(
  ctx: TenantContext,
  id: string,
  input: UpdateTimeCodeParsed,
): Promise<TimeCode> {
  requireRatesManager(ctx);
  const row = await loadTimeCode(ctx, id, { forUpdate: true });
  if (input.version !== row.version) {
    const current = toTimeCode(row, await priceLimitView(ctx, [row.code]));
    throw new AppError('CONFLICT', timeCodeMessages.conflict, { current });
  }
  const changes: FieldChange[] = [];
  for (const field of editableFields) {
    const next = input[field];
    if (next !== undefined && next !== row[field])
      changes.push({ field, oldValue: row[field], newValue: next });
  }
  if (changes.length === 0) return currentTimeCode(ctx, id);

  const next = {
    description: input.description ?? row.description,
    hourlyRateCents: input.hourlyRateCents ?? row.hourlyRateCents,
    isActive: input.isActive ?? row.isActive,
  };
  const changed = new Set(changes.map((c) => c.field));
  if (next.isActive && (changed.has('hourlyRateCents') || changed.has('isActive'))) {
    await checkTimeCodeItem(ctx, row.code, next.hourlyRateCents);
  }
  const version = row.version + 1;
  await ctx.tx
    .update(timeCodes)
    .set({ ...next, version, updatedAt: new Date() })
    .where(and(eq(timeCodes.tenantId, ctx.tenantId), eq(timeCodes.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'time-code',
    entityId: id,
    action: 'updated',
    changes,
    metadata: { code: row.code, version, fromVersion: input.version },
  });
  await publishTimeCodeChange(ctx, { type: 'updated', id, version });
  return currentTimeCode(ctx, id);
}
