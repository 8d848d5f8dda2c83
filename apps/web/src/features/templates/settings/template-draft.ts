import { slugifyName } from '@wattle/domain/shared/ids';
import {
  type CreateTemplateInput,
  CreateTemplateSchema,
  type FieldType,
  type FormField,
  type FormTemplate,
  type SignatureRule,
  type TemplateCategory,
} from '@wattle/domain/templates/schemas';
import type { z } from 'zod';

/**
 * The New template form's values and how they become `POST /api/templates`' body. The form holds
 * what the person typed (numbers as text, a select field's options one per line, a field's bounds
 * beside it); `toCreateTemplateInput` builds the schema's shape and `validateTemplateDraft` checks
 * it with `CreateTemplateSchema`, naming each problem by the input it belongs to. Pure, so the rules
 * are tested without a browser.
 */

export interface FieldDraft {
  name: string;
  /** The field id: the name's slug until the person edits it. */
  id: string;
  /** The person typed the id themselves, so renaming the field no longer changes it. */
  idEdited: boolean;
  type: FieldType;
  required: boolean;
  helpText: string;
  /** Choices of a select or multi-select field, one per line. */
  optionsText: string;
  minLength: string;
  maxLength: string;
  pattern: string;
  /** Signature fields: who signs (their own signature, or one captured from the person named). */
  signer: SignatureRule['signer'];
  /** Signature fields: only a clinician (sign:documents on the team) may sign it. */
  clinicianOnly: boolean;
}

export interface TemplateDraft {
  name: string;
  description: string;
  category: TemplateCategory;
  ndisRequired: boolean;
  estimatedDuration: string;
  reviewCycle: string;
  signatureRequired: boolean;
  witnessRequired: boolean;
  fields: FieldDraft[];
}

export function emptyFieldDraft(): FieldDraft {
  return {
    name: '',
    id: '',
    idEdited: false,
    type: 'text',
    required: false,
    helpText: '',
    optionsText: '',
    minLength: '',
    maxLength: '',
    pattern: '',
    signer: 'self',
    clinicianOnly: false,
  };
}

export function emptyTemplateDraft(): TemplateDraft {
  return {
    name: '',
    description: '',
    category: 'plan',
    ndisRequired: false,
    estimatedDuration: '7',
    reviewCycle: '0',
    signatureRequired: false,
    witnessRequired: false,
    fields: [emptyFieldDraft()],
  };
}

/** The form's values for an existing template: the starting point of a new version. */
export function templateToDraft(template: FormTemplate): TemplateDraft {
  return {
    name: template.name,
    description: template.description,
    category: template.category,
    ndisRequired: template.ndisRequired,
    estimatedDuration: String(Math.max(1, template.estimatedDuration)),
    reviewCycle: String(template.complianceRules.reviewCycle),
    signatureRequired: template.complianceRules.signatureRequired,
    witnessRequired: template.complianceRules.witnessRequired,
    fields: [...template.fields]
      .sort((a, b) => a.order - b.order)
      .map((field) => ({
        name: field.name,
        id: field.id,
        // An existing field keeps its id: values already saved under it stay attached.
        idEdited: true,
        type: field.type,
        required: field.required,
        helpText: field.helpText ?? '',
        optionsText: (field.options ?? []).join('\n'),
        minLength: field.validation?.minLength === undefined ? '' : String(field.validation.minLength),
        maxLength: field.validation?.maxLength === undefined ? '' : String(field.validation.maxLength),
        pattern: field.validation?.pattern ?? '',
        signer: field.signature?.signer ?? 'self',
        clinicianOnly: field.signature?.requiredRole === 'clinician',
      })),
  };
}

/** Field types whose values are chosen from options. */
export function hasOptions(type: FieldType): boolean {
  return type === 'select' || type === 'multi-select';
}

/** Field types with a length: text and rich text. */
export function hasLengthBounds(type: FieldType): boolean {
  return type === 'text' || type === 'textarea';
}

/** Only a plain text field is matched against a pattern (rich text holds HTML). */
export function hasPattern(type: FieldType): boolean {
  return type === 'text';
}

/** The options typed one per line: trimmed, blank lines left out. */
export function parseOptions(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * The id a field gets from its name: its kebab-case slug, with -2, -3… when another field already
 * has it. Empty when the name has no letters or digits.
 */
export function deriveFieldId(name: string, takenIds: readonly string[]): string {
  const base = slugifyName(name).slice(0, 76).replace(/-+$/, '');
  if (!base) return '';
  const taken = new Set(takenIds);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

const wholeNumber = /^\d+$/;

/** Text as a number when it is a whole number; otherwise the text itself, for the schema to refuse. */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  return wholeNumber.test(trimmed) ? Number(trimmed) : trimmed;
}

function optionalNumber(text: string): number | string | undefined {
  return text.trim() === '' ? undefined : numberOrText(text);
}

function toFormField(draft: FieldDraft, order: number): FormField {
  const field: FormField = {
    id: draft.id.trim(),
    name: draft.name.trim(),
    type: draft.type,
    required: draft.required,
    order,
    ndisStandard: false,
  };
  const helpText = draft.helpText.trim();
  if (helpText) field.helpText = helpText;
  if (hasOptions(draft.type)) field.options = parseOptions(draft.optionsText);
  const validation: Record<string, unknown> = {};
  if (hasLengthBounds(draft.type)) {
    const minLength = optionalNumber(draft.minLength);
    const maxLength = optionalNumber(draft.maxLength);
    if (minLength !== undefined) validation.minLength = minLength;
    if (maxLength !== undefined) validation.maxLength = maxLength;
  }
  if (hasPattern(draft.type) && draft.pattern.trim()) validation.pattern = draft.pattern.trim();
  // Who signs is stated on every signature field (decision 0021), not left to its id.
  if (draft.type === 'signature') {
    field.signature = { signer: draft.signer, ...(draft.clinicianOnly ? { requiredRole: 'clinician' } : {}) };
  }
  // Bounds typed as something other than a whole number stay text here, so the schema names them.
  if (Object.keys(validation).length > 0) field.validation = validation as FormField['validation'];
  return field;
}

/**
 * The body of `POST /api/templates` for the form's values. Whole numbers typed as text become numbers;
 * anything else is passed on as typed, for the schema to refuse with its path.
 */
export function toCreateTemplateInput(draft: TemplateDraft): CreateTemplateInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    category: draft.category,
    ndisRequired: draft.ndisRequired,
    estimatedDuration: numberOrText(draft.estimatedDuration) as number,
    reviewCycle: numberOrText(draft.reviewCycle) as number,
    signatureRequired: draft.signatureRequired,
    witnessRequired: draft.witnessRequired,
    fields: draft.fields.map(toFormField),
  };
}

/** A problem with the form, named by the form input it belongs to (`fields.2.optionsText`). */
export interface DraftIssue {
  /** A form path, `fields.root` for the field list as a whole, or `root` for the form. */
  path: string;
  message: string;
}

const fieldPathsBySchemaKey: Record<string, string> = {
  options: 'optionsText',
  minLength: 'minLength',
  maxLength: 'maxLength',
  pattern: 'pattern',
};

const templateKeys = new Set<string>([
  'name',
  'description',
  'category',
  'ndisRequired',
  'estimatedDuration',
  'reviewCycle',
  'signatureRequired',
  'witnessRequired',
]);

const fieldKeys = new Set<string>(['id', 'name', 'type', 'required', 'helpText']);

/**
 * The form input for a path of `CreateTemplateSchema` (the schema's own issues, or the `details` of
 * the server's 400): `['fields', 1, 'validation', 'pattern']` is `fields.1.pattern`.
 */
export function formPathOf(path: readonly PropertyKey[]): string {
  const [head, index, key, subKey] = path;
  if (typeof head === 'string' && templateKeys.has(head) && path.length === 1) return head;
  if (head !== 'fields') return 'root';
  if (index === undefined) return 'fields.root';
  if (typeof index !== 'number') return 'fields.root';
  if (typeof key === 'string' && fieldKeys.has(key)) return `fields.${index}.${key}`;
  if (key === 'options') return `fields.${index}.optionsText`;
  if (key === 'validation' && typeof subKey === 'string' && subKey in fieldPathsBySchemaKey) {
    return `fields.${index}.${fieldPathsBySchemaKey[subKey]}`;
  }
  // order, ndisStandard or defaultValue: the form sets these itself, so name the field by its name.
  return `fields.${index}.name`;
}

const numberLabels: Record<string, string> = {
  estimatedDuration: 'Estimated duration',
  reviewCycle: 'Review cycle',
};

/** Plainer words than zod's defaults where the schema gives none of its own. */
const friendlyMessages: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a whole number';
  if (issue.code === 'invalid_type' && issue.expected === 'int') return 'Enter a whole number';
  if (issue.code === 'too_small' && issue.origin === 'number') return `Must be at least ${issue.minimum}`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `Must be at most ${issue.maximum}`;
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return issue.minimum === 1 ? 'Required' : `Use at least ${issue.minimum} characters`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${issue.maximum} characters`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `At most ${issue.maximum}`;
  return undefined;
};

/** Field ids used by more than one row. */
export function duplicateFieldIds(fields: readonly Pick<FieldDraft, 'id'>[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const field of fields) {
    const id = field.id.trim();
    if (!id) continue;
    if (seen.has(id)) duplicates.add(id);
    seen.add(id);
  }
  return duplicates;
}

/** What the schema cannot say on its own: a choice needs choices, a minimum above the maximum… */
function formOnlyIssues(draft: TemplateDraft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const duplicates = duplicateFieldIds(draft.fields);
  // The schema says so too, but only once the rest of the template is valid.
  if (duplicates.size > 0) issues.push({ path: 'fields.root', message: 'Field ids must be unique' });
  draft.fields.forEach((field, index) => {
    if (duplicates.has(field.id.trim())) {
      issues.push({ path: `fields.${index}.id`, message: 'Another field has this id' });
    }
    if (hasOptions(field.type)) {
      const options = parseOptions(field.optionsText);
      if (options.length === 0) {
        issues.push({
          path: `fields.${index}.optionsText`,
          message: 'Add at least one option, one per line',
        });
      } else if (new Set(options).size !== options.length) {
        issues.push({ path: `fields.${index}.optionsText`, message: 'Each option must be different' });
      }
    }
    if (hasLengthBounds(field.type)) {
      const min = field.minLength.trim();
      const max = field.maxLength.trim();
      if (wholeNumber.test(min) && wholeNumber.test(max) && Number(min) > Number(max)) {
        issues.push({
          path: `fields.${index}.minLength`,
          message: 'The minimum length cannot be more than the maximum',
        });
      }
    }
  });
  for (const [key, label] of Object.entries(numberLabels)) {
    const text = draft[key as 'estimatedDuration' | 'reviewCycle'].trim();
    if (!wholeNumber.test(text))
      issues.push({ path: key, message: `${label} must be a whole number of days` });
  }
  return issues;
}

export type DraftValidation =
  | { success: true; input: CreateTemplateInput }
  | { success: false; issues: DraftIssue[] };

/**
 * Checks the form with `CreateTemplateSchema` (the server's own rules) and the few rules only the
 * form knows. One message per input: the first found.
 */
export function validateTemplateDraft(draft: TemplateDraft): DraftValidation {
  const input = toCreateTemplateInput(draft);
  const parsed = CreateTemplateSchema.safeParse(input, { error: friendlyMessages });
  const issues = [
    ...formOnlyIssues(draft),
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: formPathOf(issue.path), message: issue.message }))),
  ];
  if (issues.length === 0 && parsed.success) return { success: true, input: parsed.data };
  const seen = new Set<string>();
  return {
    success: false,
    issues: issues.filter((issue) => {
      if (seen.has(issue.path)) return false;
      seen.add(issue.path);
      return true;
    }),
  };
}

/**
 * Issues nested as react-hook-form keeps its errors: `fields.0.name` under `fields[0].name`, the
 * list's own message under `fields.root`.
 */
export function nestDraftIssues(issues: readonly DraftIssue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const keys = issue.path.split('.');
    let node: Record<string, unknown> = errors;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = { type: 'validate', message: issue.message };
        return;
      }
      if (!node[key]) node[key] = key === 'fields' ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return errors;
}
