import { describe, expect, it } from 'vitest';
import { validateCompliance } from '../cards/compliance';
import { findBuiltInTemplate } from './built-in-templates';
import type { FieldValues, FormTemplate, SignatureValue } from './schemas';
import {
  canonicalJson,
  requiredRoleMessage,
  sameName,
  signatureByline,
  signatureRuleOf,
  signatureState,
  signedValues,
  signedValuesHash,
} from './signatures';

const bsp = findBuiltInTemplate('comprehensive-bsp') as FormTemplate;
const incident = findBuiltInTemplate('incident-report') as FormTemplate;
const priya = { userId: 'u-priya', name: 'Priya Practitioner', role: 'Practitioner' };

function sign(values: FieldValues, over: Partial<SignatureValue> = {}): SignatureValue {
  return {
    kind: 'typed',
    typed: 'Priya Practitioner',
    signerName: 'Priya Practitioner',
    signedAt: '2026-03-04T05:00:00.000Z',
    recordedBy: priya,
    valuesHash: signedValuesHash(bsp, values),
    ...over,
  };
}

describe('signature rules', () => {
  it('built-in fields name who signs and which role may', () => {
    const rule = (id: string) => signatureRuleOf(bsp.fields.find((f) => f.id === id)!);
    expect(rule('practitioner-signature')).toEqual({ signer: 'self', requiredRole: 'clinician' });
    expect(rule('participant-consent')).toEqual({ signer: 'participant' });
    expect(rule('guardian-consent')).toEqual({ signer: 'guardian' });
    expect(signatureRuleOf(incident.fields.find((f) => f.id === 'reported-by-signature')!)).toEqual({
      signer: 'self',
    });
  });

  it('a field without a rule takes one from its id', () => {
    expect(signatureRuleOf({ id: 'practitioner-signature' })).toEqual({
      signer: 'self',
      requiredRole: 'clinician',
    });
    expect(signatureRuleOf({ id: 'witness-signature' })).toEqual({ signer: 'witness' });
    expect(signatureRuleOf({ id: 'guardian-sign-off' })).toEqual({ signer: 'guardian' });
    expect(signatureRuleOf({ id: 'client-consent' })).toEqual({ signer: 'participant' });
    expect(signatureRuleOf({ id: 'manager-signature' })).toEqual({ signer: 'self' });
  });

  it('says who may sign a role-bound field', () => {
    expect(requiredRoleMessage({ id: 'practitioner-signature', name: 'Practitioner Signature' })).toBe(
      'Only a clinician (a Practitioner or Therapist on the team, or an organisation admin) may sign "Practitioner Signature".',
    );
    expect(requiredRoleMessage({ id: 'reported-by-signature', name: 'Reported By' })).toBeNull();
  });

  it('compares names as people write them', () => {
    expect(sameName('  priya   PRACTITIONER ', 'Priya Practitioner')).toBe(true);
    expect(sameName('Priya P', 'Priya Practitioner')).toBe(false);
  });
});

describe('the hash of the values a signature signs', () => {
  it('is canonical: key order, signatures and emptied fields do not count', () => {
    const a = signedValuesHash(bsp, { 'plan-date': '2026-03-01', 'participant-name': 'Jordan' });
    const b = signedValuesHash(bsp, {
      'participant-name': 'Jordan',
      'plan-date': '2026-03-01',
      'target-behaviors': '',
      'review-frequency': null,
      'rp-type': [],
      'guardian-consent': sign({}),
    });
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(b).toBe(a);
    expect(signedValuesHash(bsp, { 'participant-name': 'Jordan', 'plan-date': '2026-03-02' })).not.toBe(a);
    expect(signedValues(bsp, { 'participant-name': 'Jordan', unknown: 'x' })).toEqual({
      'participant-name': 'Jordan',
    });
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });

  it('a signature matches until a signed value changes; one the server did not record is unverified', () => {
    const values = { 'participant-name': 'Jordan' };
    const signature = sign(values);
    expect(signatureState(signature, signedValuesHash(bsp, values))).toBe('matches');
    expect(signatureState(signature, signedValuesHash(bsp, { 'participant-name': 'Jordan Lee' }))).toBe(
      'changed',
    );
    const { recordedBy: _r, valuesHash: _h, ...bare } = signature;
    expect(signatureState(bare, signedValuesHash(bsp, values))).toBe('unverified');
  });

  it('the byline names signer, role, capturer and time', () => {
    const at = (iso: string) => iso.slice(0, 10);
    expect(signatureByline(sign({}), at)).toBe('Signed by Priya Practitioner (Practitioner) on 2026-03-04');
    expect(signatureByline(sign({}, { signerName: 'Sam Guardian' }), at)).toBe(
      'Signed by Sam Guardian, captured by Priya Practitioner (Practitioner) on 2026-03-04',
    );
  });
});

describe('compliance of signatures', () => {
  const values: FieldValues = { 'participant-name': 'Jordan Lee', 'plan-date': '2026-03-01' };
  const issuesOf = (v: FieldValues) =>
    validateCompliance(bsp, v, new Date('2026-03-05T00:00:00.000Z')).issues.filter(
      (i) => i.type === 'signature-mismatch' || i.type === 'missing-signature',
    );

  it('a changed value: the practitioner signature critical again, a required consent high, an optional one medium', () => {
    const signed = {
      ...values,
      'practitioner-signature': sign(values),
      'participant-consent': sign(values, { signerName: 'Jordan Lee', typed: 'Jordan Lee' }),
    };
    expect(issuesOf(signed)).toEqual([]);
    const changed = { ...signed, 'plan-date': '2026-03-02' };
    expect(issuesOf(changed)).toEqual([
      {
        id: 'signature-mismatch:practitioner-signature',
        type: 'signature-mismatch',
        severity: 'critical',
        description:
          '"Practitioner Signature" no longer matches the form: a signed value changed after signing. Sign again.',
        fieldId: 'practitioner-signature',
      },
      expect.objectContaining({ id: 'signature-mismatch:participant-consent', severity: 'high' }),
    ]);
    const guardian = sign(values, { signerName: 'Sam Guardian', typed: 'Sam Guardian' });
    expect(issuesOf({ ...values, 'plan-date': '2026-03-02', 'guardian-consent': guardian })).toContainEqual(
      expect.objectContaining({ id: 'signature-mismatch:guardian-consent', severity: 'medium' }),
    );
    // Changing it back restores the match: the hash is of the values, not of the edit history.
    expect(issuesOf({ ...changed, 'plan-date': '2026-03-01' })).toEqual([]);
  });

  it('a later signature does not unsettle an earlier one, and an unrecorded one cannot be checked', () => {
    const first = { ...values, 'practitioner-signature': sign(values) };
    const later = {
      ...first,
      'guardian-consent': sign(values, { signerName: 'Sam Guardian', typed: 'Sam Guardian' }),
    };
    expect(issuesOf(later)).toEqual([]);
    const { recordedBy: _r, valuesHash: _h, ...bare } = sign(values);
    expect(issuesOf({ ...values, 'practitioner-signature': bare })).toEqual([
      expect.objectContaining({
        id: 'signature-mismatch:practitioner-signature',
        severity: 'critical',
        description:
          '"Practitioner Signature" cannot be checked: it was not recorded with its signer. Sign again.',
      }),
    ]);
  });
});
