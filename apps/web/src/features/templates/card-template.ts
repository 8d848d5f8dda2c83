import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
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
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
  if (!isVersioned) return undefined;
  if (versioned.isError) return null;
  return versioned.isPending ? undefined : versioned.data;
}
