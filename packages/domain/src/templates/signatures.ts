import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import type {
  FieldValue,
  FieldValues,
  FormField,
  FormTemplate,
  SignatureRule,
  SignatureValue,
} from './schemas';

/**
 * Signatures bound to the signer (decision 0021): who may sign a signature field, what it signs (a
 * hash of the form's other values), and whether a recorded signature still matches the form. Pure,
 * so the browser shows exactly what the server decides.
 */

/**
 * A signature field's rule: its own, else one read from its id. Consent and witness fields are
 * captured from the person they name; `practitioner-signature` is a clinician's; any other signature
 * is the signed-in person's own.
 */
export function signatureRuleOf(field: Pick<FormField, 'id' | 'signature'>): SignatureRule {
  if (field.signature) return field.signature;
  if (field.id === 'practitioner-signature') return { signer: 'self', requiredRole: 'clinician' };
  if (/witness/.test(field.id)) return { signer: 'witness' };
  if (/guardian/.test(field.id)) return { signer: 'guardian' };
  if (/participant|consent/.test(field.id)) return { signer: 'participant' };
  return { signer: 'self' };
}

/** Whether the signed-in person signs the field in their own name (not capturing someone else's). */
export const isOwnSignature = (field: Pick<FormField, 'id' | 'signature'>) =>
  signatureRuleOf(field).signer === 'self';

/** The people a captured signature names, for labels ('Guardian name'). */
export const signerLabels = {
  self: 'Signer',
  participant: 'Participant',
  guardian: 'Guardian',
  witness: 'Witness',
} as const satisfies Record<SignatureRule['signer'], string>;

/** Who may sign a field that requires a role, in the words the API and the form use. */
export const requiredRoleWording = {
  clinician: 'a clinician (a Practitioner or Therapist on the team, or an organisation admin)',
} as const satisfies Record<NonNullable<SignatureRule['requiredRole']>, string>;

/** The message of the 403 (and the form's note) for someone who may not sign a role-bound field. */
export function requiredRoleMessage(field: Pick<FormField, 'id' | 'name' | 'signature'>): string | null {
  return requiredRoleMessageFor(signatureRuleOf(field), field.name);
}

/** The same message from a rule already read (the form has the rule and the field's name). */
export function requiredRoleMessageFor(rule: SignatureRule, fieldName: string): string | null {
  return rule.requiredRole ? `Only ${requiredRoleWording[rule.requiredRole]} may sign "${fieldName}".` : null;
}

/** Names compared as people write them: case, repeated spaces and edge spaces do not count. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-AU');
  return norm(a) === norm(b);
}

function isEmpty(value: FieldValue | undefined): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** JSON with object keys sorted at every level, so equal values always give the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The values a signature signs: every non-signature field of the template that holds a value, by
 * id. Signatures are left out so that a second signature (a guardian's after the practitioner's)
 * does not unsettle the first; an emptied field counts as never filled.
 */
export function signedValues(template: Pick<FormTemplate, 'fields'>, values: FieldValues): FieldValues {
  const signed: FieldValues = {};
  for (const field of template.fields) {
    if (field.type === 'signature') continue;
    const value = values[field.id];
    if (!isEmpty(value)) signed[field.id] = value as FieldValue;
  }
  return signed;
}

/** `sha256:<hex>` of the canonical JSON of the values a signature signs. */
export function signedValuesHash(template: Pick<FormTemplate, 'fields'>, values: FieldValues): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(signedValues(template, values)))))}`;
}

/**
 * Whether a signature still matches its form: `matches` when the values hash as they did at
 * signing, `changed` when a signed value changed since, `unverified` for a signature the server
 * did not record (made before signatures were bound to the signer), which nothing can check.
 */
export type SignatureState = 'matches' | 'changed' | 'unverified';

export function signatureState(signature: SignatureValue, currentHash: string): SignatureState {
  if (!signature.valuesHash || !signature.recordedBy) return 'unverified';
  return signature.valuesHash === currentHash ? 'matches' : 'changed';
}

/** How a signature's state reads in the form, the audit and the PDF. */
export const signatureStateLabels = {
  matches: 'Matches the form',
  changed: 'No longer matches the form',
  unverified: 'Signer not verified',
} as const satisfies Record<SignatureState, string>;

/** One line naming who signed, in what role, who captured it, and when (without the time's formatting). */
export function signatureByline(signature: SignatureValue, formatTime: (iso: string) => string): string {
  const by = signature.recordedBy;
  const when = signature.signedAt ? ` on ${formatTime(signature.signedAt)}` : '';
  if (!by) return `Signed by ${signature.signerName}${when}`;
  if (by.name === signature.signerName) return `Signed by ${by.name} (${by.role})${when}`;
  return `Signed by ${signature.signerName}, captured by ${by.name} (${by.role})${when}`;
}
