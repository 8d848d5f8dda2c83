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

const retryUnlessMissing = (count: number, error: unknown) =>
  (error as { status?: number }).status !== 404 && count < 3;

/**
 * The template a card's form is drawn from (`cardTemplateQueryOptions`): undefined while loading,
 * null when the card has none or its template cannot be found (not available to this organisation).
 */
export function useCardTemplate(
  tenantId: string,
  card: Pick<Card, 'templateId' | 'templateVersion'>,
): FormTemplate | null | undefined {
  const templateId = card.templateId;
  const query = useQuery({
    ...cardTemplateQueryOptions(tenantId, {
      templateId: templateId ?? '',
      templateVersion: card.templateVersion,
    }),
    enabled: templateId !== null,
    retry: retryUnlessMissing,
  });
  if (templateId === null || query.isError) return null;
  return query.isPending ? undefined : query.data;
}

/**
 * The saved version of a custom or published template a card was made with (`templateVersion`),
 * which it keeps when the template gets newer ones or is retired. undefined while loading or when the
 * card has no versioned template (built-in templates, one version, come from the template list), null
 * when it cannot be found.
 */
export function useCardTemplateVersion(
  tenantId: string,
  card: Pick<Card, 'templateId' | 'templateVersion'> | null | undefined,
): FormTemplate | null | undefined {
  const templateId = card?.templateId ?? null;
  const version = card?.templateVersion ?? null;
  const isVersioned = templateId !== null && version !== null;
  const versioned = useQuery({
    ...templateVersionQueryOptions(tenantId, templateId ?? '', version ?? 1),
    enabled: isVersioned,
    retry: retryUnlessMissing,
  });
  if (!isVersioned) return undefined;
  if (versioned.isError) return null;
  return versioned.isPending ? undefined : versioned.data;
}
