import type { EntryTimes } from '@wattle/domain/time/clock';
import type { Cancellation } from '@wattle/domain/time/entries';
import { type PricedEntry, priceEntry } from '@wattle/domain/time/pricing';
import { eq } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { supportItemsInForce } from '../support-catalogue/catalogue-in-force';
import { entryLocation } from './entry-location';

export type TimeCodeRow = typeof timeCodes.$inferSelect;

export const timeCodeNotFoundMessage = 'Time code not found';

export function inactiveCodeMessage(code: Pick<TimeCodeRow, 'code' | 'description'>): string {
  return `The time code ${code.code} (${code.description}) is inactive; choose an active time code`;
}

/**
 * The time code an entry or timer names: 400 when the tenant has no such code, 422 PRICING_REFUSED
 * when it is inactive (unless it is the code the entry already had).
 */
export function requireChosenTimeCode(code: TimeCodeRow | undefined, keptTimeCodeId?: string): TimeCodeRow {
  if (!code) {
    throw new AppError('VALIDATION_FAILED', timeCodeNotFoundMessage, [
      { path: ['timeCodeId'], message: timeCodeNotFoundMessage },
    ]);
  }
  if (!code.isActive && code.id !== keptTimeCodeId) {
    const message = inactiveCodeMessage(code);
    throw new AppError('PRICING_REFUSED', message, [{ path: ['timeCodeId'], message }]);
  }
  return code;
}

export interface PricingInput {
  entry: EntryTimes & { isTravel: boolean; cancellation: Cancellation | null };
  timeCodeId: string;
  participantId: string | null;
  /**
   * The code the entry already had: kept when it has since been made inactive (a description can
   * still be fixed), while choosing an inactive code is refused.
   */
  keptTimeCodeId?: string;
}

/**
 * Prices an entry by the one pricing module (domain time/pricing.ts): the catalogue year in force on
 * the entry's date, the tenant's time codes, and where the participant lives. Whatever the rules
 * refuse is a 422 PRICING_REFUSED carrying their message (and every issue, by field, as details),
 * thrown before anything is written.
 */
export async function priceTimeEntry(
  ctx: TenantContext,
  input: PricingInput,
): Promise<{ priced: PricedEntry; timeCode: TimeCodeRow }> {
  const codes = await ctx.tx.select().from(timeCodes).where(eq(timeCodes.tenantId, ctx.tenantId));
  const timeCode = requireChosenTimeCode(
    codes.find((code) => code.id === input.timeCodeId),
    input.keptTimeCodeId,
  );
  const [catalogue, location] = await Promise.all([
    supportItemsInForce(ctx.tx, ctx.tenantId, input.entry.date),
    entryLocation(ctx, input.participantId),
  ]);
  const result = priceEntry({
    entry: input.entry,
    timeCode: { code: timeCode.code, hourlyRateCents: timeCode.hourlyRateCents, isActive: true },
    catalogue,
    tenantTimeCodes: codes.map((code) => ({
      code: code.code,
      hourlyRateCents: code.hourlyRateCents,
      isActive: code.isActive,
    })),
    location,
  });
  if (!result.ok) {
    const [first] = result.errors;
    throw new AppError(
      'PRICING_REFUSED',
      first?.message ?? 'The NDIS pricing rules refuse this entry',
      result.errors.map((issue) => ({ path: issue.field.split('.'), message: issue.message })),
    );
  }
  return { priced: result, timeCode };
}

/** The entry's columns that hold what the rules chose: written alike by a create and an edit. */
export function pricedColumns(priced: PricedEntry) {
  return {
    supportItemNumber: priced.supportItemNumber,
    supportItemName: priced.supportItemName,
    band: priced.band,
    unitPriceCents: priced.unitPriceCents,
    priceLimitCents: priced.priceLimitCents,
    billableMinutes: priced.billableMinutes,
    amountCents: priced.amountCents,
    isCancellation: priced.isCancellation,
    notices: priced.notices,
  };
}
