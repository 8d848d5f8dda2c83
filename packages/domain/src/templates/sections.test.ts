import { describe, expect, it } from 'vitest';
import { builtInTemplates, standardField, standardFieldIds } from './built-in-templates';
import type { FormField, FormSectionId } from './schemas';
import { formSectionIds } from './schemas';
import { formSections, groupFieldsBySection, sectionOfField } from './sections';

const field = (id: string, name = id, type: FormField['type'] = 'text'): FormField => ({
  id,
  name,
  type,
  required: false,
  order: 0,
  ndisStandard: false,
});

describe('formSections', () => {
  it('are the seven sections of spec work section 2, in order, with their names', () => {
    expect(formSections.map((s) => s.name)).toEqual([
      'Participant Information',
      'Practitioner Information',
      'Consultation Details',
      'Behaviour Assessment',
      'Strategies & Supports',
      'Monitoring & Review',
      'Signatures & Dates',
    ]);
    expect(formSections.map((s) => s.id)).toEqual([...formSectionIds]);
  });

  it('have an AI button everywhere but participant, practitioner and signatures', () => {
    expect(formSections.filter((s) => !s.hasAi).map((s) => s.id)).toEqual([
      'participant-info',
      'practitioner-info',
      'signatures',
    ]);
  });

  it('name a lucide icon each', () => {
    for (const s of formSections) expect(s.icon).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe('sectionOfField', () => {
  /** Each standard field's section, following the group the spec lists it in. */
  const expected: Record<string, FormSectionId> = {
    'participant-name': 'participant-info',
    'participant-dob': 'participant-info',
    'participant-ndis': 'participant-info',
    'participant-address': 'participant-info',
    'participant-emergency-contact': 'participant-info',
    'practitioner-name': 'practitioner-info',
    'practitioner-registration': 'practitioner-info',
    'practitioner-qualifications': 'practitioner-info',
    'practitioner-contact': 'practitioner-info',
    'consultation-date': 'consultation',
    'consultation-participants': 'consultation',
    'consultation-method': 'consultation',
    'stakeholder-input': 'consultation',
    'participant-preferences': 'consultation',
    'target-behaviors': 'assessment',
    'behavior-frequency': 'assessment',
    'behavior-intensity': 'assessment',
    antecedents: 'assessment',
    consequences: 'assessment',
    'environmental-factors': 'assessment',
    'uses-restrictive-practice': 'assessment',
    'rp-type': 'assessment',
    'rp-justification': 'assessment',
    'rp-alternatives': 'assessment',
    'rp-safeguards': 'assessment',
    'rp-monitoring': 'assessment',
    'rp-review-date': 'assessment',
    'replacement-behaviors': 'strategies',
    'teaching-strategies': 'strategies',
    'environmental-modifications': 'strategies',
    'communication-supports': 'strategies',
    'sensory-supports': 'strategies',
    'data-collection-methods': 'strategies',
    'review-frequency': 'monitoring',
    'success-measures': 'monitoring',
    'review-participants': 'monitoring',
    'modification-triggers': 'monitoring',
    'practitioner-signature': 'signatures',
    'participant-consent': 'signatures',
    'guardian-consent': 'signatures',
    'plan-date': 'signatures',
    'start-date': 'signatures',
    'target-date': 'signatures',
    'review-date': 'signatures',
    'compliance-declaration': 'signatures',
  };

  it('puts every standard field in the section of its spec group', () => {
    expect(Object.keys(expected).sort()).toEqual([...standardFieldIds].sort());
    for (const id of standardFieldIds) {
      expect([id, sectionOfField(standardField(id))]).toEqual([id, expected[id]]);
    }
  });

  it('sends practitioner-supervisor to Practitioner Information', () => {
    expect(sectionOfField(field('practitioner-supervisor', 'Supervisor'))).toBe('practitioner-info');
  });

  it('sends any signature field to Signatures & Dates', () => {
    expect(sectionOfField(field('witness', 'Witness', 'signature'))).toBe('signatures');
    expect(sectionOfField(field('participant-mark', 'Participant mark', 'signature'))).toBe('signatures');
  });

  it('falls back on keywords in the id or the name of custom fields', () => {
    expect(sectionOfField(field('client-name', 'Participant name'))).toBe('participant-info');
    expect(sectionOfField(field('q1', 'Clinician notes'))).toBe('practitioner-info');
    expect(sectionOfField(field('q2', 'Observed behaviours'))).toBe('assessment');
    expect(sectionOfField(field('q3', 'Calming strategies'))).toBe('strategies');
    expect(sectionOfField(field('q4', 'Outcome measures'))).toBe('monitoring');
    expect(sectionOfField(field('q5', 'Staff declaration', 'checkbox'))).toBe('signatures');
  });

  it('puts anything it cannot place in Consultation Details', () => {
    expect(sectionOfField(field('misc', 'Anything else'))).toBe('consultation');
  });
});

describe('groupFieldsBySection', () => {
  it('returns only non-empty sections, in the fixed order, fields sorted by order', () => {
    const fields: FormField[] = [
      { ...field('practitioner-signature', 'Sig', 'signature'), order: 1 },
      { ...field('participant-dob', 'DOB', 'date'), order: 3 },
      { ...field('participant-name', 'Name'), order: 2 },
    ];
    const groups = groupFieldsBySection(fields);
    expect(groups.map((g) => g.section.id)).toEqual(['participant-info', 'signatures']);
    expect(groups[0]?.fields.map((f) => f.id)).toEqual(['participant-name', 'participant-dob']);
    expect(groupFieldsBySection([])).toEqual([]);
  });

  it('loses no field of a built-in template', () => {
    for (const t of builtInTemplates) {
      const grouped = groupFieldsBySection(t.fields).flatMap((g) => g.fields.map((f) => f.id));
      expect(grouped.sort()).toEqual(t.fields.map((f) => f.id).sort());
    }
  });

  it('shows all seven sections for the comprehensive plan', () => {
    const bsp = builtInTemplates.find((t) => t.id === 'comprehensive-bsp');
    expect(groupFieldsBySection(bsp?.fields ?? []).length).toBe(7);
  });
});
