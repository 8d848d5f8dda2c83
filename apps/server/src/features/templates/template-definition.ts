import {
  type CreateTemplateInput,
  type FormTemplate,
  templateVersionLabel,
} from '@wattle/domain/templates/schemas';
import { groupFieldsBySection } from '@wattle/domain/templates/sections';
import type { StoredTemplateDefinition } from '../../db/schema/templates';

/**
 * The stored definition of a custom or published template from what an admin entered: fields in
 * their order, PDF sections following the form sections of its fields, version label from its number.
 * Shared by creating, editing (a new version), copying and publishing, so every version is built alike.
 */
export function buildTemplateDefinition(
  input: CreateTemplateInput,
  options: { id: string; tenantId: string | null; versionNumber: number },
): StoredTemplateDefinition {
  const fields = [...input.fields].sort((a, b) => a.order - b.order);
  return {
    id: options.id,
    tenantId: options.tenantId,
    name: input.name,
    description: input.description,
    category: input.category,
    ndisRequired: input.ndisRequired,
    ndisLineItems: [],
    version: templateVersionLabel(options.versionNumber),
    versionNumber: options.versionNumber,
    fields,
    requiredDocuments: [],
    requiredRoles: [],
    estimatedDuration: input.estimatedDuration,
    complianceRules: {
      mandatoryValidation: true,
      signatureRequired: input.signatureRequired,
      witnessRequired: input.witnessRequired,
      reviewCycle: input.reviewCycle,
    },
    pdfTemplate: {
      layout: 'portrait',
      sections: groupFieldsBySection(fields).map((group, order) => ({
        id: group.section.id,
        name: group.section.name,
        order,
        fields: group.fields.map((f) => f.id),
        layout: 'single-column' as const,
        pageBreak: false,
      })),
      headerFooter: true,
    },
    aiCompatible: { autoFillFields: [], suggestionsEnabled: false, validationPrompts: false },
    isActive: true,
    isBuiltIn: false,
  };
}

/**
 * What an admin can edit of a template, read back from any template (built-in, published or custom):
 * the starting point of an edit or a copy.
 */
export function editableTemplateInput(template: FormTemplate): CreateTemplateInput {
  return {
    name: template.name,
    description: template.description,
    category: template.category,
    ndisRequired: template.ndisRequired,
    estimatedDuration: Math.max(1, template.estimatedDuration),
    reviewCycle: template.complianceRules.reviewCycle,
    signatureRequired: template.complianceRules.signatureRequired,
    witnessRequired: template.complianceRules.witnessRequired,
    fields: template.fields,
  };
}

/** The field changes of a new version against the one before, for the audit entry. */
export function versionChanges(before: FormTemplate, after: StoredTemplateDefinition) {
  const changes: { field: string; oldValue: unknown; newValue: unknown }[] = [
    { field: 'version', oldValue: before.version, newValue: after.version },
  ];
  if (before.name !== after.name)
    changes.push({ field: 'name', oldValue: before.name, newValue: after.name });
  if (before.category !== after.category) {
    changes.push({ field: 'category', oldValue: before.category, newValue: after.category });
  }
  if (JSON.stringify(before.fields) !== JSON.stringify(after.fields)) {
    const ids = (fields: { id: string }[]) => fields.map((f) => f.id);
    changes.push({ field: 'fields', oldValue: ids(before.fields), newValue: ids(after.fields) });
  }
  return changes;
}
