import type { FieldValue, FieldValues, FormField, FormTemplate, SignatureValue } from '../templates/schemas';
import { signatureState, signedValuesHash } from '../templates/signatures';
import type { Compliance, ComplianceIssue } from './schemas';

/** The message of the critical issue raised when an NDIS-required form lacks the practitioner's signature. */
export const signatureRequiredMessage = 'Digital signature required for NDIS compliance';

/**
 * The compliance engine of spec work section 5, run in the browser while typing and on the
 * server on every save.
 *
 * Issues, in the template's field order:
 * - a required field that is empty: high missing-field 'Required field "{name}" is missing';
 * - a filled text value shorter than its minLength or longer than its maxLength (visible characters of
 *   the rich text): medium invalid-data;
 * - a filled text value not matching its pattern: high invalid-data '"{name}" format is invalid';
 * - an NDIS-required template whose practitioner signature (the field `practitioner-signature`, else
 *   the template's first signature field) is empty: critical missing-signature, listed first;
 * - a signature that no longer matches the values it signed (one changed since), or that the server
 *   did not record and so cannot be checked: signature-mismatch, as serious as the signature
 *   missing (critical for the practitioner signature of an NDIS-required template, high for another
 *   required one, medium for an optional one, which the PDF then marks) (decision 0021).
 * Ids are `${type}:${fieldId}`, with `:format` added for a pattern mismatch so every id is unique.
 */
export function validateCompliance(
  template: FormTemplate | null,
  values: FieldValues,
  now: Date = new Date(),
): Compliance {
  const lastValidation = now.toISOString();
  if (!template) return { isCompliant: true, completion: 100, issues: [], lastValidation };

  const issues: ComplianceIssue[] = [];
  const signatureField = practitionerSignatureField(template);
  if (template.ndisRequired && signatureField && !isFilled(values[signatureField.id])) {
    issues.push({
      id: `missing-signature:${signatureField.id}`,
      type: 'missing-signature',
      severity: 'critical',
      description: signatureRequiredMessage,
      fieldId: signatureField.id,
    });
  }

  let currentHash: string | undefined;
  for (const field of sortedFields(template)) {
    const value = values[field.id];
    if (field.type === 'signature' && isSignatureValue(value) && isFilled(value)) {
      currentHash ??= signedValuesHash(template, values);
      const state = signatureState(value, currentHash);
      if (state !== 'matches') {
        const isNdisSignature = template.ndisRequired && field.id === signatureField?.id;
        issues.push({
          id: `signature-mismatch:${field.id}`,
          type: 'signature-mismatch',
          // As serious as the signature missing: it does not sign the form as it is now.
          severity: isNdisSignature ? 'critical' : field.required ? 'high' : 'medium',
          description:
            state === 'changed'
              ? `"${field.name}" no longer matches the form: a signed value changed after signing. Sign again.`
              : `"${field.name}" cannot be checked: it was not recorded with its signer. Sign again.`,
          fieldId: field.id,
        });
      }
    }
    if (!isFieldFilled(field, value)) {
      if (field.required) {
        issues.push({
          id: `missing-field:${field.id}`,
          type: 'missing-field',
          severity: 'high',
          description: `Required field "${field.name}" is missing`,
          fieldId: field.id,
        });
      }
      continue;
    }
    if (typeof value !== 'string' || !field.validation) continue;
    const text = plainText(value);
    const { minLength, maxLength, pattern } = field.validation;
    if (minLength !== undefined && text.length < minLength) {
      issues.push(invalid(field, `"${field.name}" must be at least ${minLength} characters`));
    } else if (maxLength !== undefined && text.length > maxLength) {
      issues.push(invalid(field, `"${field.name}" must be no more than ${maxLength} characters`));
    }
    if (pattern !== undefined && !matchesPattern(pattern, text)) {
      issues.push({
        id: `invalid-data:${field.id}:format`,
        type: 'invalid-data',
        severity: 'high',
        description: `"${field.name}" format is invalid`,
        fieldId: field.id,
      });
    }
  }

  const required = template.fields.filter((f) => f.required);
  const filled = required.filter((f) => isFieldFilled(f, values[f.id])).length;
  const completion = required.length === 0 ? 100 : Math.round((100 * filled) / required.length);
  const isCompliant = !issues.some((i) => i.severity === 'critical' || i.severity === 'high');
  // Critical issues lead: the form lists the first three.
  const ordered = [
    ...issues.filter((i) => i.severity === 'critical'),
    ...issues.filter((i) => i.severity !== 'critical'),
  ];
  return { isCompliant, completion, issues: ordered, lastValidation };
}

function invalid(field: FormField, description: string): ComplianceIssue {
  return {
    id: `invalid-data:${field.id}`,
    type: 'invalid-data',
    severity: 'medium',
    description,
    fieldId: field.id,
  };
}

function sortedFields(template: FormTemplate): FormField[] {
  return [...template.fields].sort((a, b) => a.order - b.order);
}

/** The field whose signature NDIS compliance asks for: `practitioner-signature`, else the first signature field. */
export function practitionerSignatureField(template: FormTemplate): FormField | undefined {
  return (
    template.fields.find((f) => f.id === 'practitioner-signature') ??
    sortedFields(template).find((f) => f.type === 'signature')
  );
}

const patternCache = new Map<string, RegExp | null>();

/** Whether the whole value matches the pattern; a pattern that does not compile matches nothing. */
function matchesPattern(pattern: string, text: string): boolean {
  let re = patternCache.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(`^(?:${pattern})$`);
    } catch {
      re = null;
    }
    patternCache.set(pattern, re);
  }
  return re?.test(text) ?? false;
}

/** The ids of the template's required fields that are filled (completedRequirements.fields), in field order. */
export function requiredFieldIdsFilled(template: FormTemplate | null, values: FieldValues): string[] {
  if (!template) return [];
  return sortedFields(template)
    .filter((f) => f.required && isFieldFilled(f, values[f.id]))
    .map((f) => f.id);
}

function isSignatureValue(value: unknown): value is SignatureValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'kind' in value;
}

/** Whether a value counts as filled (text with visible characters, true, a non-empty list, a signature). */
/**
 * A required checkbox that is a declaration (compliance-declaration, consent given) counts only when
 * ticked. Any other required checkbox asks a yes/no question (uses-restrictive-practice): it counts
 * once answered either way, so a plan without restrictive practice can still be completed. The form
 * shows such a checkbox as a Yes/No choice (decision 0009).
 */
export function isDeclarationCheckbox(field: Pick<FormField, 'id' | 'type'>): boolean {
  return field.type === 'checkbox' && /declaration|consent/.test(field.id);
}

/** Whether a field's value counts as filled for that field (see `isDeclarationCheckbox`). */
export function isFieldFilled(field: Pick<FormField, 'id' | 'type'>, value: FieldValue | undefined): boolean {
  if (field.type === 'checkbox' && !isDeclarationCheckbox(field)) return typeof value === 'boolean';
  return isFilled(value);
}

export function isFilled(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return plainText(value).length > 0;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.length > 0;
  if (isSignatureValue(value)) {
    const mark = value.kind === 'drawn' ? value.image : value.typed;
    return typeof mark === 'string' && mark.trim().length > 0;
  }
  return false;
}

/** Named entities a rich-text editor or a pasted document may hold, decoded for lengths and PDFs. */
const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
};

/** Decodes named and numeric character references; unknown names stay as written, invalid codes go. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x')
        ? Number.parseInt(lower.slice(2), 16)
        : Number.parseInt(lower.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return namedEntities[lower] ?? entity;
  });
}

/** Tags that end a line of text: their removal leaves a space so words do not run together. */
const blockTag = /^<\/?(p|br|div|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th)\b/i;

/** Visible text of a rich-text value (tags removed, entities decoded), for length rules and PDFs. */
export function plainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.replace(/\s+/g, ' ').trim();
  const withoutTags = html
    .replace(/<!--[\s\S]*?(-->|$)/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, (tag) => (blockTag.test(tag) ? ' ' : ''));
  const decoded = decodeEntities(withoutTags);
  return decoded.replace(/\s+/g, ' ').trim();
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar date written yyyy-mm-dd. */
export function isIsoDate(text: string): boolean {
  const m = isoDate.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Why the server would not store `value` in `field`, or null: the wrong shape for its field (type,
 * option lists, dates). Text over the template's own maximum is stored, and reported as a compliance
 * issue (spec section 5: medium, as under the minimum), so typing past the limit is kept with the
 * card, on every device, until it is shortened; what any text value may hold is bounded by the
 * payload's schema (`FieldValueSchema`).
 */
export function storedFieldValueError(field: FormField, value: FieldValue): string | null {
  if (typeof value === 'string' && (field.type === 'text' || field.type === 'textarea')) return null;
  return fieldValueError(field, value);
}

/**
 * Whether a value fits its field as filled in: the right shape (type, option lists, dates) and no
 * longer than the field's maximum. Returns the message to refuse it with, or null; what the server
 * stores is `storedFieldValueError`'s. `null` (clearing the field) is always fine, and so is '' for a
 * date or a select (an emptied input).
 */
export function fieldValueError(field: FormField, value: FieldValue): string | null {
  if (value === null) return null;
  const name = `"${field.name}"`;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return `${name} must be text`;
      const max = field.validation?.maxLength;
      if (max !== undefined && plainText(value).length > max)
        return `${name} must be no more than ${max} characters`;
      return null;
    }
    case 'date':
      if (value === '') return null;
      if (typeof value !== 'string' || !isIsoDate(value)) return `${name} must be a date (yyyy-mm-dd)`;
      return null;
    case 'checkbox':
      return typeof value === 'boolean' ? null : `${name} must be ticked or not (true or false)`;
    case 'select':
      if (value === '') return null;
      if (typeof value !== 'string' || !(field.options ?? []).includes(value)) {
        return `${name} must be one of the listed options`;
      }
      return null;
    case 'multi-select': {
      if (!Array.isArray(value)) return `${name} must be a list of the listed options`;
      const options = field.options ?? [];
      if (value.some((v) => !options.includes(v))) return `${name} must be one of the listed options`;
      if (new Set(value).size !== value.length) return `${name} lists an option more than once`;
      return null;
    }
    case 'signature':
      if (!isSignatureValue(value)) return `${name} must be a signature`;
      if (value.kind === 'drawn' && !value.image) return `${name}: a drawn signature needs its image`;
      if (value.kind === 'typed' && !value.typed?.trim())
        return `${name}: a typed signature needs the typed name`;
      return null;
  }
}

export const hasCriticalIssue = (issues: readonly ComplianceIssue[]) =>
  issues.some((i) => i.severity === 'critical');
/** Export PDF is blocked while critical or high issues exist ('Compliance required'). */
export const isExportBlocked = (issues: readonly ComplianceIssue[]) =>
  issues.some((i) => i.severity === 'critical' || i.severity === 'high');
