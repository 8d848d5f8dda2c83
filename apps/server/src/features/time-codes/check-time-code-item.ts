import type { SupportItem } from '@wattle/domain/time/catalogue';
import {
  hourlyUnit,
  type TimeCodeCategory,
  timeCodeCategoryOf,
  timeCodeMessages,
} from '@wattle/domain/time/time-codes';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { supportItemInForce } from '../support-catalogue/catalogue-in-force';
import { tenantPriceState } from './tenant-price-state';

function refused(field: 'code' | 'hourlyRateCents', message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: [field], message }]);
}

/**
 * Checks that a time code may bill `code` at `hourlyRateCents` (issue 14 part 2): the code is a
 * support item of the catalogue in force today, core or capacity building (not capital), priced by
 * the hour, and the rate is at most the item's price limit for the tenant's state (no limit for an
 * item the catalogue leaves without one there). Each refusal is 400 naming the problem, the limit
 * included.
 */
export async function checkTimeCodeItem(
  ctx: TenantContext,
  code: string,
  hourlyRateCents: number,
): Promise<{ item: SupportItem; category: TimeCodeCategory }> {
  const { item, catalogue } = await supportItemInForce(ctx.tx, ctx.tenantId, code, await tenantToday(ctx));
  if (!catalogue) throw refused('code', timeCodeMessages.noCatalogue);
  if (!item) throw refused('code', timeCodeMessages.notInCatalogue(code, catalogue.yearLabel));
  const category = timeCodeCategoryOf(item.categoryNumber);
  if (!category) throw refused('code', timeCodeMessages.capital(code, item.categoryName));
  if (item.unit !== hourlyUnit) throw refused('code', timeCodeMessages.notHourly(code, item.unit));
  const state = await tenantPriceState(ctx.tx, ctx.tenantId);
  const limit = item.priceLimitsCents[state];
  if (limit !== null && hourlyRateCents > limit) {
    throw refused('hourlyRateCents', timeCodeMessages.overLimit(code, hourlyRateCents, limit, state));
  }
  return { item, category };
}
