import type { Card } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { findTemplate } from '../templates/template-records';

/**
 * The template a card's form is drawn from, as `GET /api/templates/{id}` reads it: the saved version
 * of a custom or published template when the card has one (retired or not), else the template as it
 * is now. Null when the card has no template or it cannot be found in this tenant.
 */
export function findCardTemplate(
  ctx: TenantContext,
  card: Pick<Card, 'templateId' | 'templateVersion'>,
): Promise<FormTemplate | null> {
  if (card.templateId === null) return Promise.resolve(null);
  return findTemplate(
    ctx,
    card.templateId,
    card.templateVersion == null ? {} : { version: card.templateVersion, includeInactive: true },
  );
}
