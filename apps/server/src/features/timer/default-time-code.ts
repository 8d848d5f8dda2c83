import { and, eq } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import type { TenantContext } from '../../http/tenant-scope';

/** The spec's default time code for a new entry (work section 5). */
export const specDefaultTimeCode = '01_013_0107_1_1';

/**
 * The time code a timer stopped without one is saved under: the tenant's active code for the
 * spec's default item if it has one, else its only active code. Null when the choice is not
 * obvious (several codes and none the default): Stop & Save then asks which.
 */
export async function tenantDefaultTimeCode(ctx: TenantContext): Promise<string | null> {
  const active = await ctx.tx
    .select({ id: timeCodes.id, code: timeCodes.code })
    .from(timeCodes)
    .where(and(eq(timeCodes.tenantId, ctx.tenantId), eq(timeCodes.isActive, true)));
  const preferred = active.find((code) => code.code === specDefaultTimeCode);
  if (preferred) return preferred.id;
  return active.length === 1 ? active[0]!.id : null;
}
