import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { http } from '@/lib/http';

/**
 * The key of one template as a card reads it: a saved version, or 'current' (the template as it is
 * now). Under ['templates', tenantId], so invalidating the tenant's templates reaches it.
 */
const cardTemplateKey = (tenantId: string, templateId: string, version: number | 'current') =>
  ['templates', tenantId, templateId, 'version', version] as const;

/**
 * One saved version of a custom or published template: `GET /api/templates/{id}?version=n`. A saved
 * version never changes, so it is cached for as long as the page lives.
 */
export function templateVersionQueryOptions(tenantId: string, templateId: string, version: number) {
  return queryOptions({
    queryKey: cardTemplateKey(tenantId, templateId, version),
    queryFn: ({ signal }) =>
      http<FormTemplate>(
        `/api/templates/${encodeURIComponent(templateId)}?version=${encodeURIComponent(String(version))}`,
        { tenantId, signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What a card's form is drawn from: the saved version of its custom or published template
 * (`templateVersionQueryOptions`), or, with no saved version (built-in templates have one), the
 * template as it is now: `GET /api/templates/{id}`. One template, not the whole list: the list holds
 * every template's every field, and the card page read it all to show one (issue 19).
 */
export function cardTemplateQueryOptions(
  tenantId: string,
  card: Pick<Card, 'templateVersion'> & { templateId: string },
) {
  if (card.templateVersion != null) {
    return templateVersionQueryOptions(tenantId, card.templateId, card.templateVersion);
  }
  return queryOptions({
    queryKey: cardTemplateKey(tenantId, card.templateId, 'current'),
    queryFn: ({ signal }) =>
      http<FormTemplate>(`/api/templates/${encodeURIComponent(card.templateId)}`, { tenantId, signal }),
    // Templates change rarely; a tenant admin's change arrives on the next visit (as the list's).
    staleTime: 5 * 60_000,
  });
}

/**
 * The read of the template a card's form is drawn from (`cardTemplateQueryOptions`); disabled when
 * there is no card or the card has no template.
 */
export function useCardTemplateQuery(
  tenantId: string,
  card: Pick<Card, 'templateId' | 'templateVersion'> | null | undefined,
) {
  const templateId = card?.templateId ?? null;
  return useQuery({
    ...cardTemplateQueryOptions(tenantId, {
      templateId: templateId ?? '',
      templateVersion: card?.templateVersion ?? null,
    }),
    enabled: templateId !== null,
    // A missing template will not appear by asking again.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
}

/**
 * The template a card's form is drawn from (`cardTemplateQueryOptions`): undefined while loading,
 * null when there is no card, the card has no template, or its template cannot be found (not
 * available to this organisation).
 */
export function useCardTemplate(
  tenantId: string,
  card: Pick<Card, 'templateId' | 'templateVersion'> | null | undefined,
): FormTemplate | null | undefined {
  const query = useCardTemplateQuery(tenantId, card);
  if (!card?.templateId || query.isError) return null;
  return query.isPending ? undefined : query.data;
}
