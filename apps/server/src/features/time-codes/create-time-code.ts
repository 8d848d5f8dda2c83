import { type CreateTimeCodeParsed, type TimeCode, timeCodeMessages } from '@wattle/domain/time/time-codes';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { isUniqueViolation } from '../../db/errors';
import { timeCodes } from '../../db/schema/catalogue';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { checkTimeCodeItem } from './check-time-code-item';
import { requireRatesManager } from './time-code-access';
import { publishTimeCodeChange } from './time-code-events';
import { currentTimeCode } from './time-code-records';

function duplicate(code: string): AppError {
  return new AppError('CONFLICT', timeCodeMessages.duplicate(code));
}

/**
 * `POST /api/time-codes` (manage:rates): a new time code for a support item of the catalogue in
 * force, at a rate within its price limit (check-time-code-item.ts). The category comes from the
 * item; the description defaults to its name. One code per support item: a second is 409.
 */
export async function createTimeCode(ctx: TenantContext, input: CreateTimeCodeParsed): Promise<TimeCode> {
  requireRatesManager(ctx);
  const { item, category } = await checkTimeCodeItem(ctx, input.code, input.hourlyRateCents);
  const [taken] = await ctx.tx
    .select({ id: timeCodes.id })
    .from(timeCodes)
    .where(and(eq(timeCodes.tenantId, ctx.tenantId), eq(timeCodes.code, input.code)));
  if (taken) throw duplicate(input.code);

  const id = uuidv7();
  const values = {
    code: input.code,
    description: input.description ?? item.name,
    category,
    hourlyRateCents: input.hourlyRateCents,
    isActive: input.isActive,
  };
  try {
    await ctx.tx.insert(timeCodes).values({ tenantId: ctx.tenantId, id, createdBy: ctx.actor.id, ...values });
  } catch (error) {
    // Only a code created between the check above and this insert gets here.
    if (isUniqueViolation(error, 'time_codes_code_key')) throw duplicate(input.code);
    throw error;
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'time-code',
    entityId: id,
    action: 'created',
    changes: Object.entries(values).map(([field, newValue]) => ({ field, oldValue: null, newValue })),
  });
  await publishTimeCodeChange(ctx, { type: 'created', id, version: 1 });
  return currentTimeCode(ctx, id);
}
