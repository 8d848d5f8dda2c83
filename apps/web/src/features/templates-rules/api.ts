import { queryOptions } from '@tanstack/react-query';
import type {
  CardBillingRule,
  CreateCardBillingRuleInput,
  UpdateCardBillingRuleInput,
} from '@wattle/domain/invoices/card-billing-rules';
import type { PublishedTemplateSummary } from '@wattle/domain/templates/published-templates';
import type { CreateTemplateInput, FormTemplate } from '@wattle/domain/templates/schemas';
import { http, httpList } from '@/lib/http';

/** /templates-rules reads and writes platform routes: no organisation header, system admins only. */
export const templatesRulesKeys = {
  published: ['published-templates'] as const,
  directory: ['tenant-directory'] as const,
  rules: (tenantId: string) => ['card-billing-rules', tenantId] as const,
};

export function publishedTemplatesQueryOptions() {
  return queryOptions({
    queryKey: templatesRulesKeys.published,
    queryFn: async ({ signal }) =>
      (await httpList<PublishedTemplateSummary>('/api/published-templates', { signal })).data,
  });
}

export function publishNewTemplate(input: CreateTemplateInput): Promise<FormTemplate> {
  return http<FormTemplate>('/api/published-templates', { method: 'POST', body: input });
}

export function publishTemplateVersion(
  templateId: string,
  input: CreateTemplateInput,
  fromVersion: number,
): Promise<FormTemplate> {
  return http<FormTemplate>(`/api/published-templates/${encodeURIComponent(templateId)}/versions`, {
    method: 'POST',
    body: { ...input, fromVersion },
  });
}

export function retirePublishedTemplate(templateId: string): Promise<FormTemplate> {
  return http<FormTemplate>(`/api/published-templates/${encodeURIComponent(templateId)}/retire`, {
    method: 'POST',
  });
}

/** Every organisation, for choosing whose billing rules to keep. */
export function tenantDirectoryQueryOptions() {
  return queryOptions({
    queryKey: templatesRulesKeys.directory,
    queryFn: async ({ signal }) =>
      (await httpList<{ id: string; name: string; slug: string }>('/api/tenants/directory', { signal })).data,
    staleTime: 60_000,
  });
}

const rulesPath = (tenantId: string) =>
  `/api/platform/tenants/${encodeURIComponent(tenantId)}/card-billing-rules`;

export function cardBillingRulesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: templatesRulesKeys.rules(tenantId),
    queryFn: async ({ signal }) => (await httpList<CardBillingRule>(rulesPath(tenantId), { signal })).data,
  });
}

export function createCardBillingRule(
  tenantId: string,
  input: CreateCardBillingRuleInput,
): Promise<CardBillingRule> {
  return http<CardBillingRule>(rulesPath(tenantId), { method: 'POST', body: input });
}

export function updateCardBillingRule(
  tenantId: string,
  ruleId: string,
  input: UpdateCardBillingRuleInput,
): Promise<CardBillingRule> {
  return http<CardBillingRule>(`${rulesPath(tenantId)}/${encodeURIComponent(ruleId)}`, {
    method: 'PATCH',
    body: input,
  });
}

export function deleteCardBillingRule(tenantId: string, ruleId: string): Promise<void> {
  return http<void>(`${rulesPath(tenantId)}/${encodeURIComponent(ruleId)}`, { method: 'DELETE' });
}
