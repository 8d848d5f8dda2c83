import { describe, expect, it } from 'vitest';
import { findBuiltInTemplate } from '../templates/built-in-templates';
import type { FieldValues, FormField, FormTemplate, SignatureValue } from '../templates/schemas';
import { signedValuesHash } from '../templates/signatures';
import {
  fieldValueError,
  hasCriticalIssue,
  isDeclarationCheckbox,
  isExportBlocked,
  isFieldFilled,
  isFilled,
  isIsoDate,
  plainText,
  requiredFieldIdsFilled,
  storedFieldValueError,
  validateCompliance,
} from './compliance';
import { ComplianceSchema } from './schemas';

const bsp = findBuiltInTemplate('comprehensive-bsp') as FormTemplate;
const incident = findBuiltInTemplate('incident-report') as FormTemplate;
const now = new Date('2026-03-04T05:06:07.000Z');

const typed: SignatureValue = {
  kind: 'typed',
  typed: 'Priya Practitioner',
  signerName: 'Priya Practitioner',
  signedAt: '2026-03-04T05:00:00.000Z',
};
const drawn: SignatureValue = {
  kind: 'drawn',
  image: 'data:image/png;base64,iVBORw0KGgo=',
  signerName: 'Jordan',
  signedAt: '2026-03-04T05:00:00.000Z',
};

/** Every required field of the comprehensive plan filled with a valid value. */
const completeBsp: FieldValues = {
  'participant-name': '<p>Jordan Lee</p>',
  'participant-dob': '2001-05-06',
  'participant-ndis': '430123456',
  'participant-address': '<p>12 Wattle St, Ballarat VIC 3350</p>',
  'participant-emergency-contact': 'Sam Lee (mother) 0400 000 000',
  'uses-restrictive-practice': true,
  'replacement-behaviors': '<p>Asks for a break using a card.</p>',
  'teaching-strategies': '<p>Prompt, model and praise.</p>',
  'data-collection-methods': '<p>ABC charts daily.</p>',
  'practitioner-signature': typed,
  'participant-consent': drawn,
  'plan-date': '2026-03-01',
  'start-date': '2026-03-02',
  'target-date': '2026-09-01',
  'review-date': '2027-03-01',
  'compliance-declaration': true,
};

const field = (over: Partial<FormField> & Pick<FormField, 'type'>): FormField => ({
  id: 'f',
  name: 'Field',
  required: false,
  order: 1,
  ndisStandard: false,
  ...over,
});

/** The values with every signature recorded by the server over them, as a signing would leave them. */
function signedOver(tpl: FormTemplate, values: FieldValues): FieldValues {
  const hash = signedValuesHash(tpl, values);
  const out: FieldValues = {};
  for (const [id, value] of Object.entries(values)) {
    out[id] =
      value && typeof value === 'object' && !Array.isArray(value)
        ? {
            ...value,
            recordedBy: { userId: 'u1', name: 'Priya Practitioner', role: 'Practitioner' },
            valuesHash: hash,
          }
        : value;
  }
  return out;
}

/** validateCompliance of values signed as they are (so only the rule under test raises issues). */
const signedThen = (tpl: FormTemplate, values: FieldValues, at: Date) =>
  validateCompliance(tpl, signedOver(tpl, values), at);

const template = (fields: FormField[], ndisRequired = false): FormTemplate => ({
  ...incident,
  fields,
  ndisRequired,
});

describe('validateCompliance (spec work section 5)', () => {
  it('a card without a template is compliant and complete', () => {
    expect(validateCompliance(null, { x: 'y' }, now)).toEqual({
      isCompliant: true,
      completion: 100,
      issues: [],
      lastValidation: '2026-03-04T05:06:07.000Z',
    });
  });

  it('an empty comprehensive plan: the critical signature issue, then each required field', () => {
    const result = validateCompliance(bsp, {}, now);
    expect(ComplianceSchema.safeParse(result).success).toBe(true);
    expect(result.isCompliant).toBe(false);
    expect(result.completion).toBe(0);
    expect(result.issues[0]).toEqual({
      id: 'missing-signature:practitioner-signature',
      type: 'missing-signature',
      severity: 'critical',
      description: 'Digital signature required for NDIS compliance',
      fieldId: 'practitioner-signature',
    });
    const required = bsp.fields.filter((f) => f.required);
    expect(result.issues.slice(1)).toEqual(
      required.map((f) => ({
        id: `missing-field:${f.id}`,
        type: 'missing-field',
        severity: 'high',
        description: `Required field "${f.name}" is missing`,
        fieldId: f.id,
      })),
    );
    expect(result.issues.find((i) => i.fieldId === 'participant-name')?.description).toBe(
      'Required field "Participant Name" is missing',
    );
    expect(hasCriticalIssue(result.issues)).toBe(true);
  });

  it('a complete plan is compliant at 100 percent with no issues', () => {
    const result = signedThen(bsp, completeBsp, now);
    expect(result.issues).toEqual([]);
    expect(result).toMatchObject({ isCompliant: true, completion: 100 });
  });

  it('completion is the rounded share of required fields filled', () => {
    const required = bsp.fields.filter((f) => f.required).length;
    expect(required).toBe(16);
    const result = signedThen(
      bsp,
      { 'participant-name': 'Jordan Lee', 'participant-dob': '2001-05-06' },
      now,
    );
    expect(result.completion).toBe(Math.round((100 * 2) / 16));
    expect(result.completion).toBe(13);
    const one = validateCompliance(
      template([
        field({ type: 'text', required: true }),
        field({ id: 'g', type: 'text', required: true }),
        field({ id: 'h', type: 'text', required: true }),
      ]),
      { f: 'x', g: 'y' },
      now,
    );
    expect(one.completion).toBe(67);
    expect(validateCompliance(template([field({ type: 'text' })]), {}, now).completion).toBe(100);
  });

  it('min and max lengths count visible characters of the rich text, as medium issues', () => {
    const short = signedThen(bsp, { ...completeBsp, antecedents: '<p><strong>Noise</strong></p>' }, now);
    expect(short.issues).toEqual([
      {
        id: 'invalid-data:antecedents',
        type: 'invalid-data',
        severity: 'medium',
        description: '"Antecedents" must be at least 20 characters',
        fieldId: 'antecedents',
      },
    ]);
    expect(short.isCompliant).toBe(true);

    // 20 visible characters wrapped in lots of markup is long enough.
    const markup = '<p><em>12345</em>&amp;<u>6789012345</u></p><ul><li>6789</li></ul>';
    expect(plainText(markup)).toBe('12345&6789012345 6789');
    expect(signedThen(bsp, { ...completeBsp, antecedents: markup }, now).issues).toEqual([]);

    const long = signedThen(bsp, { ...completeBsp, consequences: `<p>${'a'.repeat(501)}</p>` }, now);
    expect(long.issues.map((i) => [i.id, i.severity, i.description])).toEqual([
      ['invalid-data:consequences', 'medium', '"Consequences" must be no more than 500 characters'],
    ]);
    expect(
      signedThen(bsp, { ...completeBsp, consequences: `<p>${'a'.repeat(500)}</p>` }, now).issues,
    ).toEqual([]);
  });

  it('a pattern mismatch is a high issue that blocks compliance', () => {
    const result = signedThen(bsp, { ...completeBsp, 'participant-ndis': '43012345' }, now);
    expect(result.issues).toEqual([
      {
        id: 'invalid-data:participant-ndis:format',
        type: 'invalid-data',
        severity: 'high',
        description: '"NDIS Number" format is invalid',
        fieldId: 'participant-ndis',
      },
    ]);
    expect(result.isCompliant).toBe(false);
    expect(isExportBlocked(result.issues)).toBe(true);
    expect(hasCriticalIssue(result.issues)).toBe(false);
    expect(signedThen(bsp, { ...completeBsp, 'participant-ndis': '<p>430123456</p>' }, now).issues).toEqual(
      [],
    );
    expect(signedThen(bsp, { ...completeBsp, 'participant-ndis': '4301234567' }, now).isCompliant).toBe(
      false,
    );
  });

  it('empty optional fields raise nothing; filled optional fields are checked', () => {
    const values = {
      ...completeBsp,
      'rp-justification': '',
      'target-behaviors': '<p></p>',
      antecedents: null,
    };
    expect(signedThen(bsp, values, now).issues).toEqual([]);
    const filled = signedThen(bsp, { ...completeBsp, 'rp-justification': 'Too short' }, now);
    expect(filled.issues.map((i) => i.description)).toEqual([
      '"Restrictive Practice Justification" must be at least 100 characters',
    ]);
  });

  it('rich text with only markup or spaces is not filled', () => {
    const values = { ...completeBsp, 'participant-name': '<p>&nbsp; <br></p>' };
    const result = signedThen(bsp, values, now);
    expect(result.issues.map((i) => i.id)).toEqual(['missing-field:participant-name']);
    expect(result.completion).toBe(94);
  });

  it('a required checkbox needs to be ticked', () => {
    const result = signedThen(bsp, { ...completeBsp, 'compliance-declaration': false }, now);
    expect(result.issues.map((i) => i.description)).toEqual([
      'Required field "Compliance Declaration" is missing',
    ]);
  });

  it('the signature issue follows ndisRequired, else the first signature field', () => {
    expect(validateCompliance(incident, {}, now).issues.some((i) => i.type === 'missing-signature')).toBe(
      false,
    );
    const sigs = [
      field({ id: 'witness', name: 'Witness', type: 'signature', order: 2 }),
      field({ id: 'author', name: 'Author', type: 'signature', order: 1 }),
    ];
    const custom = validateCompliance(template(sigs, true), {}, now);
    expect(custom.issues).toEqual([
      expect.objectContaining({ id: 'missing-signature:author', severity: 'critical', fieldId: 'author' }),
    ]);
    expect(signedThen(template(sigs, true), { author: typed }, now).issues).toEqual([]);
    expect(validateCompliance(template([field({ type: 'text' })], true), {}, now).issues).toEqual([]);
    // A signature without its mark does not count.
    const blank = { ...typed, typed: ' ' };
    expect(signedThen(bsp, { ...completeBsp, 'practitioner-signature': blank }, now).isCompliant).toBe(false);
  });

  it('issue ids are unique even when a field breaks two rules', () => {
    const f = field({ type: 'text', validation: { minLength: 5, pattern: '^[A-Z]+$' } });
    const result = validateCompliance(template([f]), { f: 'ab' }, now);
    expect(result.issues.map((i) => [i.id, i.severity])).toEqual([
      ['invalid-data:f', 'medium'],
      ['invalid-data:f:format', 'high'],
    ]);
  });

  it('a pattern that does not compile marks the value invalid instead of throwing', () => {
    const f = field({ type: 'text', validation: { pattern: '([' } });
    expect(validateCompliance(template([f]), { f: 'x' }, now).issues.map((i) => i.id)).toEqual([
      'invalid-data:f:format',
    ]);
  });
});

describe('requiredFieldIdsFilled', () => {
  it('lists the filled required fields in field order', () => {
    expect(
      requiredFieldIdsFilled(bsp, { 'plan-date': '2026-01-01', 'participant-name': 'Jo', antecedents: 'x' }),
    ).toEqual(['participant-name', 'plan-date']);
    expect(requiredFieldIdsFilled(bsp, completeBsp)).toHaveLength(16);
    expect(requiredFieldIdsFilled(null, completeBsp)).toEqual([]);
  });
});

describe('isFilled', () => {
  it.each([
    [undefined, false],
    [null, false],
    ['', false],
    ['   ', false],
    ['<p><br></p>', false],
    ['x', true],
    ['<p>x</p>', true],
    [false, false],
    [true, true],
    [[], false],
    [['Seclusion'], true],
    [typed, true],
    [drawn, true],
    [{ ...drawn, image: undefined }, false],
  ] as const)('%j → %s', (value, filled) => {
    expect(isFilled(value as never)).toBe(filled);
  });
});

describe('plainText', () => {
  it('removes tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<h1>Plan</h1><p>Hello&nbsp;&amp; <b>welcome</b></p>')).toBe('Plan Hello & welcome');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(plainText('&quot;quoted&quot; &#39;single&#39; &#x41;&#66;')).toBe('"quoted" \'single\' AB');
    expect(plainText('  a \n\t b  ')).toBe('a b');
    expect(plainText('a<br>b<br/>c')).toBe('a b c');
    expect(plainText('<p>one</p><p>two</p>')).toBe('one two');
    expect(plainText('in<b>line</b>')).toBe('inline');
    expect(plainText('<!-- note -->text')).toBe('text');
  });

  it('keeps text that only looks like markup', () => {
    expect(plainText('3 < 5 and 7 > 2')).toBe('3 < 5 and 7 > 2');
    expect(plainText('AT&T &unknown; &#0;')).toBe('AT&T &unknown;');
  });
});

describe('isIsoDate', () => {
  it('accepts real yyyy-mm-dd dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('01/02/2026')).toBe(false);
  });
});

describe('fieldValueError', () => {
  const text = field({
    name: 'Notes',
    type: 'textarea',
    validation: { minLength: 10, maxLength: 5, pattern: 'x' },
  });
  const date = field({ name: 'Plan Date', type: 'date' });
  const check = field({ name: 'Declaration', type: 'checkbox' });
  const select = field({ name: 'Method', type: 'select', options: ['Phone', 'Written'] });
  const multi = field({ name: 'Types', type: 'multi-select', options: ['Seclusion', 'Physical restraint'] });
  const sig = field({ name: 'Practitioner Signature', type: 'signature' });

  it('null always clears', () => {
    for (const f of [text, date, check, select, multi, sig]) expect(fieldValueError(f, null)).toBeNull();
  });

  it('text: a string no longer than the max, min length and pattern left to compliance', () => {
    expect(fieldValueError(text, '<p>abc</p>')).toBeNull();
    expect(fieldValueError(text, '<p><strong>abcde</strong></p>')).toBeNull();
    expect(fieldValueError(text, 'abcdef')).toBe('"Notes" must be no more than 5 characters');
    expect(fieldValueError(text, true)).toBe('"Notes" must be text');
    expect(fieldValueError(text, ['a'])).toBe('"Notes" must be text');
  });

  it('date: a real yyyy-mm-dd date', () => {
    expect(fieldValueError(date, '2026-02-28')).toBeNull();
    expect(fieldValueError(date, '')).toBeNull();
    expect(fieldValueError(date, '2026-02-30')).toBe('"Plan Date" must be a date (yyyy-mm-dd)');
    expect(fieldValueError(date, '28/02/2026')).toBe('"Plan Date" must be a date (yyyy-mm-dd)');
    expect(fieldValueError(date, true)).toBe('"Plan Date" must be a date (yyyy-mm-dd)');
  });

  it('checkbox: a boolean', () => {
    expect(fieldValueError(check, true)).toBeNull();
    expect(fieldValueError(check, false)).toBeNull();
    expect(fieldValueError(check, 'true')).toMatch(/^"Declaration" must be/);
  });

  it('select: one of the options', () => {
    expect(fieldValueError(select, 'Phone')).toBeNull();
    expect(fieldValueError(select, '')).toBeNull();
    expect(fieldValueError(select, 'phone')).toBe('"Method" must be one of the listed options');
    expect(fieldValueError(select, ['Phone'])).toBe('"Method" must be one of the listed options');
  });

  it('multi-select: a list of options', () => {
    expect(fieldValueError(multi, [])).toBeNull();
    expect(fieldValueError(multi, ['Seclusion', 'Physical restraint'])).toBeNull();
    expect(fieldValueError(multi, ['Seclusion', 'Hugging'])).toBe(
      '"Types" must be one of the listed options',
    );
    expect(fieldValueError(multi, 'Seclusion')).toBe('"Types" must be a list of the listed options');
    expect(fieldValueError(multi, ['Seclusion', 'Seclusion'])).toBe('"Types" lists an option more than once');
  });

  it('signature: a drawn one with its image or a typed one with its text', () => {
    expect(fieldValueError(sig, typed)).toBeNull();
    expect(fieldValueError(sig, drawn)).toBeNull();
    expect(fieldValueError(sig, 'Priya')).toBe('"Practitioner Signature" must be a signature');
    expect(fieldValueError(sig, { ...drawn, image: undefined })).toBe(
      '"Practitioner Signature": a drawn signature needs its image',
    );
    expect(fieldValueError(sig, { ...typed, typed: undefined })).toBe(
      '"Practitioner Signature": a typed signature needs the typed name',
    );
  });

  it("what the server stores: text over the field's maximum kept (a compliance issue), the wrong shape refused", () => {
    expect(storedFieldValueError(text, 'abcdef')).toBeNull();
    expect(storedFieldValueError(text, true)).toBe('"Notes" must be text');
    expect(storedFieldValueError(date, '2026-02-30')).toBe('"Plan Date" must be a date (yyyy-mm-dd)');
    expect(storedFieldValueError(select, 'Carrier pigeon')).toBe(fieldValueError(select, 'Carrier pigeon'));
  });

  it('a field of the comprehensive plan refuses an over-long value and accepts a half-typed one', () => {
    const address = bsp.fields.find((f) => f.id === 'participant-address') as FormField;
    expect(fieldValueError(address, 'a'.repeat(201))).toBe(
      '"Participant Address" must be no more than 200 characters',
    );
    const ndis = bsp.fields.find((f) => f.id === 'participant-ndis') as FormField;
    expect(fieldValueError(ndis, '4301')).toBeNull();
  });
});

describe('required checkboxes', () => {
  const question = { id: 'uses-restrictive-practice', type: 'checkbox' as const };
  const declaration = { id: 'compliance-declaration', type: 'checkbox' as const };

  it('counts a yes/no question once answered either way', () => {
    expect(isFieldFilled(question, undefined)).toBe(false);
    expect(isFieldFilled(question, null)).toBe(false);
    expect(isFieldFilled(question, false)).toBe(true);
    expect(isFieldFilled(question, true)).toBe(true);
  });

  it('counts a declaration only when ticked', () => {
    expect(isDeclarationCheckbox(declaration)).toBe(true);
    expect(isFieldFilled(declaration, false)).toBe(false);
    expect(isFieldFilled(declaration, true)).toBe(true);
  });
});
