import type { CreateTemplateInput, FormTemplate } from '@wattle/domain/templates/schemas';
import { http } from '@/lib/http';

/**
 * `POST /api/templates`: a tenant owner's or admin's custom template. The list is read with
 * `templatesQueryOptions` (features/cards/api.ts) and refreshed by `templateKeys` after a create.
 */
export function createTemplate(tenantId: string, input: CreateTemplateInput): Promise<FormTemplate> {
  return http<FormTemplate>('/api/templates', { method: 'POST', body: input, tenantId });
}
