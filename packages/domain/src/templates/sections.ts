import type { FormField, FormSectionId } from './schemas';

/** The fixed sections of the template-form editor, their names and icons (lucide names). */
export interface FormSection {
  id: FormSectionId;
  name: string;
  icon: string;
  /** Whether the section has an 'AI' button (all but participant-info, practitioner-info, signatures). */
  hasAi: boolean;
}

/** Spec work section 2, in display order. Icons are lucide names in kebab case. */
export const formSections: readonly FormSection[] = [
  { id: 'participant-info', name: 'Participant Information', icon: 'user', hasAi: false },
  { id: 'practitioner-info', name: 'Practitioner Information', icon: 'user-check', hasAi: false },
  { id: 'consultation', name: 'Consultation Details', icon: 'messages-square', hasAi: true },
  { id: 'assessment', name: 'Behaviour Assessment', icon: 'activity', hasAi: true },
  { id: 'strategies', name: 'Strategies & Supports', icon: 'lightbulb', hasAi: true },
  { id: 'monitoring', name: 'Monitoring & Review', icon: 'clipboard-check', hasAi: true },
  { id: 'signatures', name: 'Signatures & Dates', icon: 'pen-line', hasAi: false },
];

/** Fields that sit in Signatures & Dates whatever their prefix says. */
const signatureSectionIds = new Set([
  'plan-date',
  'start-date',
  'target-date',
  'review-date',
  'compliance-declaration',
  'participant-consent',
  'guardian-consent',
  'consent-given',
  'consent-date',
]);

/** Id prefixes (checked in order; the first match wins). */
const prefixRules: readonly [prefix: string, section: FormSectionId][] = [
  ['participant-preferences', 'consultation'],
  ['participant-', 'participant-info'],
  ['practitioner-', 'practitioner-info'],
  ['consultation-', 'consultation'],
  ['stakeholder-', 'consultation'],
  ['rp-', 'assessment'],
  ['uses-restrictive-practice', 'assessment'],
  ['target-behavio', 'assessment'],
  ['behavio', 'assessment'],
  ['antecedent', 'assessment'],
  ['consequence', 'assessment'],
  ['environmental-factors', 'assessment'],
  ['replacement-', 'strategies'],
  ['teaching-', 'strategies'],
  ['environmental-modifications', 'strategies'],
  ['communication-', 'strategies'],
  ['sensory-', 'strategies'],
  ['data-collection', 'strategies'],
  ['review-', 'monitoring'],
  ['success-', 'monitoring'],
  ['modification-', 'monitoring'],
  ['risk-controls', 'strategies'],
  ['risk-', 'assessment'],
  ['injur', 'assessment'],
  ['immediate-actions', 'strategies'],
  ['incident-', 'consultation'],
];

/** Keywords looked for in the id and the name when no prefix matched (checked in order). */
const keywordRules: readonly [pattern: RegExp, section: FormSectionId][] = [
  [/\b(signature|signed|declaration)\b/, 'signatures'],
  [/\bparticipant\b/, 'participant-info'],
  [/\b(practitioner|clinician|supervisor)\b/, 'practitioner-info'],
  [
    /\b(behaviou?rs?|antecedents?|consequences?|functions?|triggers?|restrictive|restraint|risks?|likelihood|injur(y|ies)|hazards?)\b/,
    'assessment',
  ],
  [/\b(monitoring|review|measures?|follow|learning|lessons|outcomes?)\b/, 'monitoring'],
  [/\b(strateg(y|ies)|supports?|controls?|teaching|interventions?|actions?)\b/, 'strategies'],
];

/** The section a field belongs to, by its id prefix or a keyword in its id or name. */
export function sectionOfField(field: Pick<FormField, 'id' | 'name' | 'type'>): FormSectionId {
  const id = field.id.toLowerCase();
  if (field.type === 'signature' || signatureSectionIds.has(id)) return 'signatures';
  for (const [prefix, section] of prefixRules) {
    if (id.startsWith(prefix)) return section;
  }
  const words = `${id.replace(/-/g, ' ')} ${field.name.toLowerCase()}`;
  for (const [pattern, section] of keywordRules) {
    if (pattern.test(words)) return section;
  }
  return 'consultation';
}

/** The non-empty sections in fixed order, each with its fields sorted by `order`. */
export function groupFieldsBySection(
  fields: readonly FormField[],
): { section: FormSection; fields: FormField[] }[] {
  const bySection = new Map<FormSectionId, FormField[]>();
  for (const field of fields) {
    const id = sectionOfField(field);
    const list = bySection.get(id);
    if (list) list.push(field);
    else bySection.set(id, [field]);
  }
  const groups: { section: FormSection; fields: FormField[] }[] = [];
  for (const section of formSections) {
    const list = bySection.get(section.id);
    if (list) groups.push({ section, fields: [...list].sort((a, b) => a.order - b.order) });
  }
  return groups;
}
