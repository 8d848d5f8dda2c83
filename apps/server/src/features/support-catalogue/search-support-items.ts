import type { SupportItem } from '@wattle/domain/time/catalogue';
import type { SupportItemsQuery } from '@wattle/domain/time/catalogue-schemas';
import { and, asc, count, desc, or, type SQL, sql } from 'drizzle-orm';
import { supportItems } from '../../db/schema/catalogue';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { requireTimeCodeReader } from '../time-codes/time-code-access';
import { catalogueInForce, claimableOn } from './catalogue-in-force';
import { toSupportItem } from './support-item-records';

/**
 * One word of a search: the start of the support item number ("01_011", "15_") or a piece of the
 * name anywhere ("self-care", "sat"). strpos and starts_with match the text as typed, so an
 * underscore or a percent sign in it means itself.
 */
function wordMatches(word: string): SQL {
  return or(
    sql`starts_with(${supportItems.number}, ${word})`,
    sql`strpos(lower(${supportItems.name}), ${word.toLowerCase()}) > 0`,
  )!;
}

/**
 * `GET /api/support-items?q=&date=`: a page of the support items claimable on `date` (default today
 * in the tenant's time zone) in the catalogue in force then, by number; each word of q must match
 * the start of the number or be in the name. Whoever may read time codes may search (time-code-access).
 */
export async function searchSupportItems(
  ctx: TenantContext,
  query: SupportItemsQuery,
): Promise<{ data: SupportItem[]; total: number }> {
  await requireTimeCodeReader(ctx);
  const date = query.date ?? (await tenantToday(ctx));
  const catalogue = await catalogueInForce(ctx.tx, ctx.tenantId, date);
  if (!catalogue) return { data: [], total: 0 };
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const where = and(claimableOn(ctx.tenantId, catalogue.id, date), ...words.map(wordMatches));
  const rows = await ctx.tx
    .select()
    .from(supportItems)
    .where(where)
    .orderBy(asc(supportItems.number), desc(supportItems.startDate))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await ctx.tx.select({ n: count() }).from(supportItems).where(where);
  return { data: rows.map(toSupportItem), total: counted?.n ?? 0 };
}
