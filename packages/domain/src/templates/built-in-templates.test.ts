import { describe, expect, it } from 'vitest';
import {
  builtInTemplates,
  findBuiltInTemplate,
  findTemplate,
  standardField,
  standardFieldIds,
} from './built-in-templates';
import { type FormTemplate, FormTemplateSchema } from './schemas';
import { sectionOfField } from './sections';

const get = (id: string): FormTemplate => {
  const t = findBuiltInTemplate(id);
  if (!t) throw new Error(`no template ${id}`);
  return t;
};
const fieldOf = (t: FormTemplate, id: string) => {
  const f = t.fields.find((x) => x.id === id);
  if (!f) throw new Error(`${t.id} has no ${id}`);
  return f;
};

describe('built-in templates (spec work section 3)', () => {
  it('are the eight of the spec, each a valid template', () => {
    expect(builtInTemplates.map((t) => t.id)).toEqual([
      'comprehensive-bsp',
      'interim-bsp',
      'functional-behaviour-assessment',
      'provider-consent-form',
      'training-attendance-register',
      'debrief-log',
      'risk-management-plan',
      'incident-report',
    ]);
    for (const t of builtInTemplates) {
      const parsed = FormTemplateSchema.safeParse(t);
      expect(parsed.error?.issues ?? [], t.id).toEqual([]);
    }
  });

  it('carry the table of the spec: category, NDIS required, days, review cycle, witness, roles', () => {
    const table = builtInTemplates.map((t) => [
      t.id,
      t.category,
      t.ndisRequired,
      t.estimatedDuration,
      t.complianceRules.reviewCycle,
      t.complianceRules.witnessRequired,
    ]);
    expect(table).toEqual([
      ['comprehensive-bsp', 'plan', true, 21, 365, true],
      ['interim-bsp', 'plan', false, 7, 180, false],
      ['functional-behaviour-assessment', 'assessment', false, 14, 365, false],
      ['provider-consent-form', 'plan', false, 1, 365, false],
      ['training-attendance-register', 'training', false, 3, 365, false],
      ['debrief-log', 'incident', false, 2, 0, false],
      ['risk-management-plan', 'risk', false, 7, 180, true],
      ['incident-report', 'incident', false, 1, 0, false],
    ]);
    expect(get('comprehensive-bsp').requiredRoles).toEqual(['clinician']);
    expect([...get('debrief-log').requiredRoles].sort()).toEqual(['clinician', 'support-worker']);
    expect([...get('incident-report').requiredRoles].sort()).toEqual(['clinician', 'support-worker']);
  });

  it('share the fixed properties of built-ins', () => {
    for (const t of builtInTemplates) {
      expect(t).toMatchObject({
        version: '1.0',
        isBuiltIn: true,
        tenantId: null,
        isActive: true,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      });
      expect(t.name.length).toBeGreaterThan(0);
      expect(t.description.length).toBeGreaterThan(20);
    }
    expect(builtInTemplates.map((t) => t.name)).toEqual([
      'Comprehensive Behaviour Support Plan',
      'Interim Behaviour Support Plan',
      'Functional Behaviour Assessment',
      'Provider Consent Form',
      'Training Attendance Register',
      'Debrief Log',
      'Risk Management Plan',
      'Incident Report',
    ]);
  });

  it('give only comprehensive-bsp its required FBA report upload', () => {
    expect(get('comprehensive-bsp').requiredDocuments).toEqual([
      {
        id: 'fba-report',
        name: 'Functional Behaviour Assessment Report',
        description: expect.any(String),
        type: 'upload',
        required: true,
        formats: ['pdf', 'doc', 'docx'],
        maxSize: 20_971_520,
        retention: { keepFor: 2555, autoDelete: false },
      },
    ]);
    for (const t of builtInTemplates.filter((x) => x.id !== 'comprehensive-bsp')) {
      expect(t.requiredDocuments).toEqual([]);
    }
  });

  it('comprehensive-bsp carries exactly 44 fields, unique, ordered 1-44', () => {
    const bsp = get('comprehensive-bsp');
    expect(bsp.fields).toHaveLength(44);
    expect(new Set(bsp.fields.map((f) => f.id)).size).toBe(44);
    expect(bsp.fields.map((f) => f.order)).toEqual(Array.from({ length: 44 }, (_, i) => i + 1));
    // The spec's standard list has 45 fields; the plan leaves out review-participants to keep 44.
    expect(standardFieldIds).toHaveLength(45);
    expect(bsp.fields.map((f) => f.id)).toEqual(
      standardFieldIds.filter((id) => id !== 'review-participants'),
    );
    expect(bsp.fields.every((f) => f.ndisStandard)).toBe(true);
  });

  it('every field of every template has an order, help text and a unique id', () => {
    for (const t of builtInTemplates) {
      const ids = t.fields.map((f) => f.id);
      expect(new Set(ids).size, t.id).toBe(ids.length);
      for (const f of t.fields) {
        expect(f.helpText?.length ?? 0, `${t.id}/${f.id}`).toBeGreaterThan(10);
        expect(f.order).toBeGreaterThan(0);
      }
      expect(
        t.fields.some((f) => f.type === 'signature'),
        t.id,
      ).toBe(true);
    }
  });

  it('standard fields keep their spec definition wherever they appear', () => {
    for (const t of builtInTemplates) {
      for (const f of t.fields.filter((x) => x.ndisStandard)) {
        const { order: _order, ...def } = f;
        expect(def).toEqual(standardField(def.id as Parameters<typeof standardField>[0]));
      }
    }
  });
});

describe('standard fields (spec work section 3)', () => {
  const bsp = get('comprehensive-bsp');
  const shape = (id: string) => {
    const f = fieldOf(bsp, id);
    return {
      type: f.type,
      required: f.required,
      ...f.validation,
      ...(f.options ? { options: f.options } : {}),
    };
  };

  it('participant fields', () => {
    expect(shape('participant-name')).toEqual({ type: 'text', required: true, minLength: 2, maxLength: 100 });
    expect(shape('participant-dob')).toEqual({ type: 'date', required: true });
    expect(shape('participant-ndis')).toEqual({ type: 'text', required: true, pattern: '^\\d{9}$' });
    expect(shape('participant-address')).toEqual({ type: 'textarea', required: true, maxLength: 200 });
    expect(shape('participant-emergency-contact')).toEqual({ type: 'text', required: true });
  });

  it('practitioner fields', () => {
    expect(shape('practitioner-name')).toEqual({
      type: 'text',
      required: false,
      minLength: 2,
      maxLength: 100,
    });
    expect(shape('practitioner-registration')).toEqual({
      type: 'text',
      required: false,
      minLength: 5,
      maxLength: 20,
    });
    expect(shape('practitioner-qualifications')).toEqual({
      type: 'textarea',
      required: false,
      maxLength: 500,
    });
    expect(shape('practitioner-contact')).toEqual({ type: 'textarea', required: false, maxLength: 200 });
    expect(bsp.fields.some((f) => f.id === 'practitioner-supervisor')).toBe(false);
  });

  it('consultation fields', () => {
    expect(shape('consultation-date')).toEqual({ type: 'date', required: false });
    expect(shape('consultation-participants')).toEqual({ type: 'textarea', required: false, maxLength: 500 });
    expect(shape('consultation-method')).toEqual({
      type: 'select',
      required: false,
      options: ['Face-to-face', 'Video call', 'Phone', 'Written'],
    });
    expect(shape('stakeholder-input')).toEqual({ type: 'textarea', required: false, maxLength: 1000 });
    expect(shape('participant-preferences')).toEqual({ type: 'textarea', required: false, maxLength: 500 });
  });

  it('behaviour fields', () => {
    expect(shape('target-behaviors')).toEqual({
      type: 'textarea',
      required: false,
      minLength: 50,
      maxLength: 1000,
    });
    expect(shape('behavior-frequency')).toEqual({
      type: 'select',
      required: false,
      options: ['Multiple times daily', 'Daily', 'Weekly', 'Monthly', 'Rarely'],
    });
    expect(shape('behavior-intensity')).toEqual({
      type: 'select',
      required: false,
      options: ['Low', 'Moderate', 'High', 'Severe'],
    });
    expect(shape('antecedents')).toEqual({
      type: 'textarea',
      required: false,
      minLength: 20,
      maxLength: 500,
    });
    expect(shape('consequences')).toEqual({ type: 'textarea', required: false, maxLength: 500 });
    expect(shape('environmental-factors')).toEqual({ type: 'textarea', required: false, maxLength: 500 });
  });

  it('restrictive practice fields', () => {
    expect(shape('uses-restrictive-practice')).toEqual({ type: 'checkbox', required: true });
    expect(shape('rp-type')).toEqual({
      type: 'multi-select',
      required: false,
      options: [
        'Physical restraint',
        'Mechanical restraint',
        'Chemical restraint',
        'Seclusion',
        'Environmental restraint',
      ],
    });
    expect(shape('rp-justification')).toEqual({
      type: 'textarea',
      required: false,
      minLength: 100,
      maxLength: 1000,
    });
    for (const id of ['rp-alternatives', 'rp-safeguards', 'rp-monitoring']) {
      expect(shape(id)).toEqual({ type: 'textarea', required: false, maxLength: 500 });
    }
    expect(shape('rp-review-date')).toEqual({ type: 'date', required: false });
  });

  it('strategy fields', () => {
    for (const id of ['replacement-behaviors', 'teaching-strategies', 'data-collection-methods']) {
      expect(shape(id)).toEqual({ type: 'textarea', required: true, maxLength: 500 });
    }
    for (const id of ['environmental-modifications', 'communication-supports', 'sensory-supports']) {
      expect(shape(id)).toEqual({ type: 'textarea', required: false, maxLength: 500 });
    }
  });

  it('monitoring fields', () => {
    expect(shape('review-frequency')).toEqual({
      type: 'select',
      required: false,
      options: ['Monthly', 'Quarterly', 'Six-monthly', 'Annually'],
    });
    expect(shape('success-measures')).toEqual({ type: 'textarea', required: false, maxLength: 500 });
    expect(shape('modification-triggers')).toEqual({ type: 'textarea', required: false, maxLength: 500 });
    const { ndisStandard, type, required, validation } = standardField('review-participants');
    expect({ ndisStandard, type, required, validation }).toEqual({
      ndisStandard: true,
      type: 'textarea',
      required: false,
      validation: { maxLength: 300 },
    });
  });

  it('signatures, dates and the declaration', () => {
    expect(shape('practitioner-signature')).toEqual({ type: 'signature', required: true });
    expect(shape('participant-consent')).toEqual({ type: 'signature', required: true });
    expect(shape('guardian-consent')).toEqual({ type: 'signature', required: false });
    for (const id of ['plan-date', 'start-date', 'target-date', 'review-date']) {
      expect(shape(id)).toEqual({ type: 'date', required: true });
    }
    expect(shape('compliance-declaration')).toEqual({ type: 'checkbox', required: true });
  });
});

describe('the smaller templates', () => {
  const ids = (id: string) => get(id).fields.map((f) => f.id);

  it('incident report: date, time, location, description, people, injuries, actions, reporter signature', () => {
    expect(ids('incident-report')).toEqual(
      expect.arrayContaining([
        'incident-date',
        'incident-time',
        'incident-location',
        'incident-description',
        'people-involved',
        'injuries',
        'immediate-actions',
        'reported-by-signature',
      ]),
    );
    expect(fieldOf(get('incident-report'), 'incident-date').type).toBe('date');
  });

  it('debrief log, training register, consent form, FBA and risk plan carry their own fields', () => {
    expect(ids('debrief-log')).toEqual(
      expect.arrayContaining([
        'debrief-date',
        'debrief-attendees',
        'what-happened',
        'learning',
        'follow-up-actions',
        'facilitator-signature',
      ]),
    );
    expect(ids('training-attendance-register')).toEqual(
      expect.arrayContaining([
        'session-date',
        'training-topic',
        'trainer-name',
        'training-attendees',
        'trainer-signature',
      ]),
    );
    expect(ids('provider-consent-form')).toEqual(
      expect.arrayContaining([
        'participant-name',
        'participant-ndis',
        'consent-scope',
        'consent-given',
        'participant-consent',
        'guardian-consent',
      ]),
    );
    expect(fieldOf(get('provider-consent-form'), 'consent-given').type).toBe('checkbox');
    expect(ids('functional-behaviour-assessment')).toEqual(
      expect.arrayContaining([
        'participant-name',
        'target-behaviors',
        'antecedents',
        'consequences',
        'function-hypothesis',
        'practitioner-signature',
      ]),
    );
    expect(ids('risk-management-plan')).toEqual(
      expect.arrayContaining([
        'risk-description',
        'risk-likelihood',
        'risk-consequence',
        'risk-controls',
        'review-date',
        'practitioner-signature',
      ]),
    );
    expect(fieldOf(get('risk-management-plan'), 'risk-likelihood').type).toBe('select');
    expect(fieldOf(get('risk-management-plan'), 'risk-consequence').options?.length).toBe(5);
  });

  it('the interim plan asks for no required tick but the declaration', () => {
    const ticks = get('interim-bsp').fields.filter((f) => f.type === 'checkbox' && f.required);
    expect(ticks.map((f) => f.id)).toEqual(['compliance-declaration']);
    expect(ids('interim-bsp')).toContain('rp-type');
  });

  it('date fields are dates', () => {
    for (const t of builtInTemplates) {
      for (const f of t.fields.filter((x) => /(^|-)date$/.test(x.id) || x.id === 'participant-dob')) {
        expect([t.id, f.id, f.type]).toEqual([t.id, f.id, 'date']);
      }
    }
  });
});

describe('pdf sections and AI', () => {
  it('follow the form sections that have fields, covering every field once', () => {
    for (const t of builtInTemplates) {
      const sections = t.pdfTemplate.sections;
      expect(sections.map((s) => s.order)).toEqual(sections.map((_, i) => i + 1));
      expect(sections.flatMap((s) => s.fields).sort()).toEqual(t.fields.map((f) => f.id).sort());
      for (const s of sections) {
        for (const id of s.fields) expect(sectionOfField(fieldOf(t, id))).toBe(s.id);
      }
    }
    expect(get('comprehensive-bsp').pdfTemplate.sections.map((s) => s.name)).toEqual([
      'Participant Information',
      'Practitioner Information',
      'Consultation Details',
      'Behaviour Assessment',
      'Strategies & Supports',
      'Monitoring & Review',
      'Signatures & Dates',
    ]);
  });

  it('auto-fill everything but signatures and participant details', () => {
    for (const t of builtInTemplates) {
      expect(t.aiCompatible.suggestionsEnabled).toBe(true);
      for (const id of t.aiCompatible.autoFillFields) {
        const f = fieldOf(t, id);
        expect(f.type).not.toBe('signature');
        expect(sectionOfField(f)).not.toBe('participant-info');
      }
    }
    const auto = get('comprehensive-bsp').aiCompatible.autoFillFields;
    expect(auto).toContain('target-behaviors');
    expect(auto).toContain('participant-preferences');
    expect(auto).not.toContain('participant-name');
    expect(auto).not.toContain('practitioner-signature');
  });
});

describe('findTemplate', () => {
  const custom: FormTemplate = { ...get('debrief-log'), id: 'custom-abc', isBuiltIn: false, name: 'Custom' };

  it('finds built-ins first, then custom templates', () => {
    expect(findTemplate('incident-report')?.name).toBe('Incident Report');
    expect(findTemplate('custom-abc', [custom])?.name).toBe('Custom');
    expect(findTemplate('custom-abc')).toBeUndefined();
    expect(findTemplate(null, [custom])).toBeUndefined();
    expect(findTemplate('generic')).toBeUndefined();
  });
});
