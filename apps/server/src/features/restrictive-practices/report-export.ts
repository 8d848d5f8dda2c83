import { reportCsvRows } from '@wattle/domain/restrictive-practices/rules';
import type { Report } from '@wattle/domain/restrictive-practices/schemas';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantTimeZone } from '../cards/card-values';
import { loadReport, readReport, reportUses } from './monthly-reports';
import { toUses } from './practice-uses';

/**
 * What the CSV and PDF of a report hold: the report, one row per use it counts (on the tenant's
 * clock) and the provider's name. Read in the request's transaction; the files are made after it.
 */
export async function reportForExport(
  ctx: TenantContext,
  id: string,
): Promise<{ report: Report; rows: string[][]; providerName: string; timeZone: string }> {
  const { row, access } = await loadReport(ctx, id);
  const timeZone = await tenantTimeZone(ctx);
  const uses = await toUses(ctx, await reportUses(ctx, row, timeZone));
  const rows = reportCsvRows(
    access.participant,
    uses.map((use) => ({
      ...use,
      usedByName: use.usedBy?.name ?? null,
    })),
    timeZone,
  );
  const [tenant] = await ctx.tx
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  return { report: await readReport(ctx, id), rows, providerName: tenant?.name ?? '', timeZone };
}
