import type { CreateTemplateInput, FormTemplate } from '@wattle/domain/templates/schemas';
import { http } from '@/lib/http';

/**
 * `POST /api/templates`: a tenant owner's or admin's custom template. The list is read with
 * `templatesQueryOptions` (features/cards/api.ts) and refreshed by `templateKeys` after a create.
 */
export function createTemplate(tenantId: string, input: CreateTemplateInput): Promise<FormTemplate> {
  return http<FormTemplate>('/api/templates', { method: 'POST', body: input, tenantId });
}

/**
 * `PUT /api/templates/{id}`: an edit of a custom template saved as its next version, from the version
 * the edit started from (409 when someone saved another since). Cards made earlier keep theirs.
 */
export function saveTemplateVersion(
  tenantId: string,
  templateId: string,
  input: CreateTemplateInput,
  fromVersion: number,
): Promise<FormTemplate> {
  return http<FormTemplate>(`/api/templates/${encodeURIComponent(templateId)}`, {
    method: 'PUT',
    body: { ...input, fromVersion },
    tenantId,
  });
}

/** `POST /api/templates/{id}/copy`: a new custom template named "Copy of …". */
export function copyTemplate(tenantId: string, templateId: string): Promise<FormTemplate> {
  return http<FormTemplate>(`/api/templates/${encodeURIComponent(templateId)}/copy`, {
    method: 'POST',
    tenantId,
  });
}

/** `POST /api/templates/{id}/retire`: no new cards from it; existing cards keep it. */
export function retireTemplate(tenantId: string, templateId: string): Promise<FormTemplate> {
  return http<FormTemplate>(`/api/templates/${encodeURIComponent(templateId)}/retire`, {
    method: 'POST',
    tenantId,
  });
}
