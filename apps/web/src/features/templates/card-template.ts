import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { templatesQueryOptions } from '@/features/cards/api';
import { http } from '@/lib/http';

/**
 * One saved version of a custom or published template: `GET /api/templates/{id}?version=n`. A saved
 * version never changes, so it is cached for as long as the page lives.
 */
export function templateVersionQueryOptions(tenantId: string, templateId: string, version: number) {
  return queryOptions({
    queryKey: ['templates', tenantId, templateId, 'version', version] as const,
    queryFn: ({ signal }) =>
      http<FormTemplate>(
        `/api/templates/${encodeURIComponent(templateId)}?version=${encodeURIComponent(String(version))}`,
        { tenantId, signal },
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The template of a card in the version it was made with: a card of a custom or published template
 * keeps its version (`templateVersion`) when the template gets newer ones or is retired, so that
 * version is read by itself; a built-in template (one version) comes from the template list.
 * undefined while loading, null when the card has none or it cannot be found.
 */
export function useCardTemplate(
  tenantId: string,
  card: Pick<Card, 'templateId' | 'templateVersion'> | null | undefined,
): FormTemplate | null | undefined {
  const templateId = card?.templateId ?? null;
  const version = card?.templateVersion ?? null;
  const versioned = useQuery({
    ...templateVersionQueryOptions(tenantId, templateId ?? '', version ?? 1),
    enabled: templateId !== null && version !== null,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
  const list = useQuery({
    ...templatesQueryOptions(tenantId),
    enabled: templateId !== null && version === null,
  });
  if (templateId === null) return null;
  if (version !== null) {
    if (versioned.isError) return null;
    return versioned.isPending ? undefined : versioned.data;
  }
  if (list.isError) return null;
  if (list.isPending) return undefined;
  return list.data.find((candidate) => candidate.id === templateId) ?? null;
}
