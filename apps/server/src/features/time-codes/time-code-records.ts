import type { AustralianState, SupportItem } from '@wattle/domain/time/catalogue';
import type { TimeCode } from '@wattle/domain/time/time-codes';
import { timeCodeMessages } from '@wattle/domain/time/time-codes';
import { and, eq } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { supportItemsInForceByNumber } from '../support-catalogue/catalogue-in-force';
import { tenantPriceState } from './tenant-price-state';

export type TimeCodeRow = typeof timeCodes.$inferSelect;

/** What a time code is shown against: the tenant's state and the items in force today. */
export interface PriceLimitView {
  state: AustralianState;
  items: Map<string, SupportItem>;
}

export async function priceLimitView(ctx: TenantContext, codes: readonly string[]): Promise<PriceLimitView> {
  const state = await tenantPriceState(ctx.tx, ctx.tenantId);
  const items = await supportItemsInForceByNumber(ctx.tx, ctx.tenantId, codes, await tenantToday(ctx));
  return { state, items };
}

export function toTimeCode(row: TimeCodeRow, view: PriceLimitView): TimeCode {
  const item = view.items.get(row.code);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    category: row.category,
    hourlyRateCents: row.hourlyRateCents,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    priceLimitState: view.state,
    priceLimitCents: item?.priceLimitsCents[view.state] ?? null,
    isInCatalogue: item !== undefined,
  };
}

/** A time code of the tenant, or 404 'Time code not found'. */
export async function loadTimeCode(ctx: TenantContext, id: string, options: { forUpdate?: boolean } = {}) {
  const query = ctx.tx
    .select()
    .from(timeCodes)
    .where(and(eq(timeCodes.tenantId, ctx.tenantId), eq(timeCodes.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', timeCodeMessages.notFound);
  return row;
}

/** The code as the API answers it, read back with the price limit in force today. */
export async function currentTimeCode(ctx: TenantContext, id: string): Promise<TimeCode> {
  const row = await loadTimeCode(ctx, id);
  return toTimeCode(row, await priceLimitView(ctx, [row.code]));
}
