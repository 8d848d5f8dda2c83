import type { TimeCode } from '@wattle/domain/time/time-codes';
import { asc, eq } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import type { TenantContext } from '../../http/tenant-scope';
import { requireTimeCodeReader } from './time-code-access';
import { priceLimitView, toTimeCode } from './time-code-records';

/**
 * `GET /api/time-codes`: every time code of the tenant by code, inactive ones included (the spec
 * shows them disabled), each with its price limit in the catalogue in force today. A tenant keeps a
 * few dozen, so there is no paging.
 */
export async function listTimeCodes(ctx: TenantContext): Promise<TimeCode[]> {
  await requireTimeCodeReader(ctx);
  const rows = await ctx.tx
    .select()
    .from(timeCodes)
    .where(eq(timeCodes.tenantId, ctx.tenantId))
    .orderBy(asc(timeCodes.code));
  const view = await priceLimitView(
    ctx,
    rows.map((row) => row.code),
  );
  return rows.map((row) => toTimeCode(row, view));
}
