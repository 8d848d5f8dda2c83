import type {
  FieldType,
  FieldValidation,
  FormTemplate,
  SignatureRule,
  TemplateCategory,
} from '@wattle/domain/templates/schemas';

/** The words the Templates settings page uses for a template's properties. Pure. */

export const categoryLabels = {
  plan: 'Plan',
  assessment: 'Assessment',
  training: 'Training',
  incident: 'Incident',
  risk: 'Risk',
} as const satisfies Record<TemplateCategory, string>;

export const fieldTypeLabels = {
  text: 'Text',
  textarea: 'Rich text',
  select: 'Select',
  date: 'Date',
  checkbox: 'Checkbox',
  'multi-select': 'Multi-select',
  signature: 'Signature',
} as const satisfies Record<FieldType, string>;

export const roleLabels = {
  clinician: 'Clinician',
  'support-worker': 'Support worker',
} as const satisfies Record<FormTemplate['requiredRoles'][number], string>;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function daysLabel(days: number): string {
  return plural(days, 'day', 'days');
}

/** 'No review cycle' for 0, otherwise 'Every N days'. */
export function reviewCycleLabel(days: number): string {
  if (days <= 0) return 'No review cycle';
  return days === 1 ? 'Every day' : `Every ${days} days`;
}

export function fieldCountLabel(count: number): string {
  return plural(count, 'field', 'fields');
}

export function requiredRolesLabel(roles: FormTemplate['requiredRoles']): string {
  return roles.length === 0 ? 'Any role' : roles.map((role) => roleLabels[role]).join(', ');
}

export function requiredDocumentsLabel(documents: FormTemplate['requiredDocuments']): string {
  return documents.length === 0 ? 'None' : documents.map((document) => document.name).join(', ');
}

export function witnessLabel(template: Pick<FormTemplate, 'complianceRules'>): string {
  return template.complianceRules.witnessRequired ? 'Witness required' : 'No witness';
}

/** A field's length bounds: '2–100 characters', 'At least 50 characters', 'At most 200 characters'. */
export function lengthBoundsLabel(validation: FieldValidation | undefined): string | null {
  const min = validation?.minLength;
  const max = validation?.maxLength;
  if (min !== undefined && min > 0 && max !== undefined) return `${min}–${max} characters`;
  if (min !== undefined && min > 0) return `At least ${plural(min, 'character', 'characters')}`;
  if (max !== undefined) return `At most ${plural(max, 'character', 'characters')}`;
  return null;
}

/** Bytes as the largest whole unit: 20971520 is '20 MB'. */
export function fileSizeLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${Math.round(kb)} KB`;
  return plural(bytes, 'byte', 'bytes');
}

/** The New template form's choices of who signs a signature field (decision 0021). */
export const signerChoiceLabels = {
  self: 'The person signed in (their own signature)',
  participant: 'The participant (captured)',
  guardian: 'A guardian (captured)',
  witness: 'A witness (captured)',
} as const satisfies Record<SignatureRule['signer'], string>;

/** Who signs a signature field, for the template's details: 'Signed by a clinician, in their own name'. */
export function signatureRuleLabel(rule: SignatureRule): string {
  if (rule.signer !== 'self') {
    const who = { participant: 'the participant', guardian: 'a guardian', witness: 'a witness' }[rule.signer];
    return `Signed by ${who}, captured by the person signed in${rule.requiredRole ? ' (a clinician)' : ''}`;
  }
  return rule.requiredRole
    ? 'Signed by a clinician, in their own name'
    : 'Signed by the person signed in, in their own name';
}
