import type { FormField, FormTemplate, RequiredDocument, TemplateCategory } from './schemas';
import { groupFieldsBySection, sectionOfField } from './sections';

/**
 * The eight built-in compliance templates of spec work section 3, shared by every tenant
 * (tenantId null). Field ids, types, bounds, options and required flags of the standard fields are the
 * spec's "Standard fields"; help texts, names, descriptions and the fields of the smaller templates are
 * ours.
 */

type FieldDef = Omit<FormField, 'order'>;

const rich = (maxLength: number, minLength?: number) =>
  minLength === undefined ? { maxLength } : { minLength, maxLength };

/** The spec's standard NDIS fields, in the spec's order (45 of them). */
const standard = {
  'participant-name': {
    name: 'Participant Name',
    type: 'text',
    required: true,
    validation: { minLength: 2, maxLength: 100 },
    helpText: 'Full legal name of the participant, as it appears on their NDIS plan.',
  },
  'participant-dob': {
    name: 'Date of Birth',
    type: 'date',
    required: true,
    helpText: "The participant's date of birth.",
  },
  'participant-ndis': {
    name: 'NDIS Number',
    type: 'text',
    required: true,
    validation: { pattern: '^\\d{9}$' },
    helpText: "The participant's 9-digit NDIS number, digits only.",
  },
  'participant-address': {
    name: 'Participant Address',
    type: 'textarea',
    required: true,
    validation: { maxLength: 200 },
    helpText: 'Where the participant lives, including suburb, state and postcode.',
  },
  'participant-emergency-contact': {
    name: 'Emergency Contact',
    type: 'text',
    required: true,
    helpText: 'Name, relationship and phone number of the person to call in an emergency.',
  },
  'practitioner-name': {
    name: 'Practitioner Name',
    type: 'text',
    required: false,
    validation: { minLength: 2, maxLength: 100 },
    helpText: 'The behaviour support practitioner writing this plan.',
  },
  'practitioner-registration': {
    name: 'Registration Number',
    type: 'text',
    required: false,
    validation: { minLength: 5, maxLength: 20 },
    helpText: "The practitioner's NDIS Commission registration or provider number.",
  },
  'practitioner-qualifications': {
    name: 'Qualifications',
    type: 'textarea',
    required: false,
    validation: { maxLength: 500 },
    helpText:
      'Relevant qualifications and the suitability assessment outcome (core, proficient, advanced or specialist).',
  },
  'practitioner-contact': {
    name: 'Practitioner Contact',
    type: 'textarea',
    required: false,
    validation: { maxLength: 200 },
    helpText: 'Phone and email where the practitioner can be reached about this plan.',
  },
  'consultation-date': {
    name: 'Consultation Date',
    type: 'date',
    required: false,
    helpText: 'When the participant and their supports were consulted.',
  },
  'consultation-participants': {
    name: 'People Consulted',
    type: 'textarea',
    required: false,
    validation: { maxLength: 500 },
    helpText: 'Who took part: the participant, family, guardian, support workers and other professionals.',
  },
  'consultation-method': {
    name: 'Consultation Method',
    type: 'select',
    required: false,
    options: ['Face-to-face', 'Video call', 'Phone', 'Written'],
    helpText: 'How the consultation was held.',
  },
  'stakeholder-input': {
    name: 'Stakeholder Input',
    type: 'textarea',
    required: false,
    validation: { maxLength: 1000 },
    helpText: 'What the people consulted said about the behaviours and what helps.',
  },
  'participant-preferences': {
    name: 'Participant Preferences',
    type: 'textarea',
    required: false,
    validation: { maxLength: 500 },
    helpText: "The participant's own goals, likes, dislikes and how they prefer to be supported.",
  },
  'target-behaviors': {
    name: 'Target Behaviours',
    type: 'textarea',
    required: false,
    validation: rich(1000, 50),
    helpText:
      'Describe each behaviour of concern in observable terms: what it looks like, where and with whom.',
  },
  'behavior-frequency': {
    name: 'Behaviour Frequency',
    type: 'select',
    required: false,
    options: ['Multiple times daily', 'Daily', 'Weekly', 'Monthly', 'Rarely'],
    helpText: 'How often the behaviours of concern occur at present.',
  },
  'behavior-intensity': {
    name: 'Behaviour Intensity',
    type: 'select',
    required: false,
    options: ['Low', 'Moderate', 'High', 'Severe'],
    helpText: 'How intense the behaviours usually are, including the risk of harm.',
  },
  antecedents: {
    name: 'Antecedents',
    type: 'textarea',
    required: false,
    validation: rich(500, 20),
    helpText: 'Triggers and setting events that come before the behaviour.',
  },
  consequences: {
    name: 'Consequences',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'What usually happens straight after the behaviour, and what the participant gains or avoids.',
  },
  'environmental-factors': {
    name: 'Environmental Factors',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText:
      'Noise, crowding, routines, staffing or health factors that make the behaviour more or less likely.',
  },
  'uses-restrictive-practice': {
    name: 'Uses Restrictive Practice',
    type: 'checkbox',
    required: true,
    helpText:
      'Tick when this plan includes a regulated restrictive practice; complete the restrictive practice fields if so.',
  },
  'rp-type': {
    name: 'Restrictive Practice Type',
    type: 'multi-select',
    required: false,
    options: [
      'Physical restraint',
      'Mechanical restraint',
      'Chemical restraint',
      'Seclusion',
      'Environmental restraint',
    ],
    helpText: 'Each regulated restrictive practice the plan authorises.',
  },
  'rp-justification': {
    name: 'Restrictive Practice Justification',
    type: 'textarea',
    required: false,
    validation: rich(1000, 100),
    helpText:
      'Why the practice is needed, the risk of harm it prevents, and why it is the least restrictive option.',
  },
  'rp-alternatives': {
    name: 'Less Restrictive Alternatives',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'Alternatives tried or considered, and why they were not enough.',
  },
  'rp-safeguards': {
    name: 'Restrictive Practice Safeguards',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: "How the participant's dignity, safety and rights are protected while the practice is used.",
  },
  'rp-monitoring': {
    name: 'Restrictive Practice Monitoring',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'How each use is recorded and reported, and who reviews it.',
  },
  'rp-review-date': {
    name: 'Restrictive Practice Review Date',
    type: 'date',
    required: false,
    helpText: 'When the use of the restrictive practice will next be reviewed.',
  },
  'replacement-behaviors': {
    name: 'Replacement Behaviours',
    type: 'textarea',
    required: true,
    validation: rich(500),
    helpText: 'Safer behaviours that meet the same need, which the participant will be supported to use.',
  },
  'teaching-strategies': {
    name: 'Teaching Strategies',
    type: 'textarea',
    required: true,
    validation: rich(500),
    helpText: 'How supporters will teach and reinforce the replacement behaviours.',
  },
  'environmental-modifications': {
    name: 'Environmental Modifications',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'Changes to the home, routine or surroundings that reduce triggers.',
  },
  'communication-supports': {
    name: 'Communication Supports',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'Visual aids, key word signing, devices or scripts that help the participant communicate.',
  },
  'sensory-supports': {
    name: 'Sensory Supports',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'Sensory tools and activities that help the participant stay regulated.',
  },
  'data-collection-methods': {
    name: 'Data Collection Methods',
    type: 'textarea',
    required: true,
    validation: rich(500),
    helpText:
      'How behaviours and the use of strategies will be recorded, for example ABC charts or frequency counts.',
  },
  'review-frequency': {
    name: 'Review Frequency',
    type: 'select',
    required: false,
    options: ['Monthly', 'Quarterly', 'Six-monthly', 'Annually'],
    helpText: 'How often the plan will be reviewed with the participant and their supports.',
  },
  'success-measures': {
    name: 'Success Measures',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText:
      'Measurable signs the plan is working, such as fewer incidents or more use of replacement behaviours.',
  },
  'review-participants': {
    name: 'Review Participants',
    type: 'textarea',
    required: false,
    validation: rich(300),
    helpText: 'Who will take part in plan reviews.',
  },
  'modification-triggers': {
    name: 'Modification Triggers',
    type: 'textarea',
    required: false,
    validation: rich(500),
    helpText: 'Events that call for an early review, such as a new behaviour, an injury or a change of home.',
  },
  'practitioner-signature': {
    name: 'Practitioner Signature',
    type: 'signature',
    required: true,
    helpText: 'The practitioner signs to confirm the plan is complete and accurate.',
    signature: { signer: 'self', requiredRole: 'clinician' },
  },
  'participant-consent': {
    name: 'Participant Consent',
    type: 'signature',
    required: true,
    helpText: 'The participant signs to show the plan was explained to them and they agree to it.',
    signature: { signer: 'participant' },
  },
  'guardian-consent': {
    name: 'Guardian Consent',
    type: 'signature',
    required: false,
    helpText: 'A guardian or nominee signs when the participant has one or cannot consent themselves.',
    signature: { signer: 'guardian' },
  },
  'plan-date': {
    name: 'Plan Date',
    type: 'date',
    required: true,
    helpText: 'The date the plan was written.',
  },
  'start-date': {
    name: 'Start Date',
    type: 'date',
    required: true,
    helpText: 'The date supporters start following the plan.',
  },
  'target-date': {
    name: 'Target Date',
    type: 'date',
    required: true,
    helpText: 'The date by which the plan aims to meet its goals.',
  },
  'review-date': {
    name: 'Review Date',
    type: 'date',
    required: true,
    helpText: 'The date of the next formal review.',
  },
  'compliance-declaration': {
    name: 'Compliance Declaration',
    type: 'checkbox',
    required: true,
    helpText:
      'Tick to declare the plan meets the NDIS (Restrictive Practices and Behaviour Support) Rules and the NDIS Practice Standards.',
  },
} as const satisfies Record<string, Omit<FieldDef, 'id' | 'ndisStandard'>>;

export type StandardFieldId = keyof typeof standard;

/** The spec's standard field ids, in the spec's order. */
export const standardFieldIds = Object.keys(standard) as StandardFieldId[];

/** A standard field's definition (ndisStandard true). */
export function standardField(id: StandardFieldId): FieldDef {
  const def = standard[id] as Omit<FieldDef, 'id' | 'ndisStandard'>;
  return {
    id,
    ...def,
    ndisStandard: true,
    ...(def.validation ? { validation: { ...def.validation } } : {}),
    ...(def.options ? { options: [...def.options] } : {}),
  };
}

/** A template's own (non-standard) field. */
function own(
  id: string,
  name: string,
  type: FormField['type'],
  required: boolean,
  helpText: string,
  extra: Pick<FieldDef, 'validation' | 'options'> = {},
): FieldDef {
  return { id, name, type, required, ndisStandard: false, helpText, ...extra };
}

type FieldSpec = StandardFieldId | FieldDef;

const participantFields: StandardFieldId[] = [
  'participant-name',
  'participant-dob',
  'participant-ndis',
  'participant-address',
  'participant-emergency-contact',
];

const bspDocument: RequiredDocument = {
  id: 'fba-report',
  name: 'Functional Behaviour Assessment Report',
  description: 'The functional behaviour assessment this plan is based on.',
  type: 'upload',
  required: true,
  formats: ['pdf', 'doc', 'docx'],
  maxSize: 20_971_520,
  retention: { keepFor: 2555, autoDelete: false },
};

const builtInDate = '2026-01-01T00:00:00.000Z';

interface TemplateDef {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  ndisRequired: boolean;
  estimatedDuration: number;
  reviewCycle: number;
  witnessRequired: boolean;
  requiredRoles: FormTemplate['requiredRoles'];
  requiredDocuments?: RequiredDocument[];
  fields: FieldSpec[];
}

const twoColumnSections = new Set(['participant-info', 'practitioner-info']);

function buildTemplate(def: TemplateDef): FormTemplate {
  const fields: FormField[] = def.fields.map((spec, i) => ({
    ...(typeof spec === 'string' ? standardField(spec) : spec),
    order: i + 1,
  }));
  const groups = groupFieldsBySection(fields);
  return {
    id: def.id,
    tenantId: null,
    name: def.name,
    description: def.description,
    category: def.category,
    ndisRequired: def.ndisRequired,
    ndisLineItems: [],
    version: '1.0',
    fields,
    requiredDocuments: def.requiredDocuments ?? [],
    requiredRoles: def.requiredRoles,
    estimatedDuration: def.estimatedDuration,
    complianceRules: {
      mandatoryValidation: true,
      signatureRequired: fields.some((f) => f.type === 'signature' && f.required),
      witnessRequired: def.witnessRequired,
      reviewCycle: def.reviewCycle,
    },
    pdfTemplate: {
      layout: 'portrait',
      sections: groups.map(({ section, fields: sectionFields }, i) => ({
        id: section.id,
        name: section.name,
        order: i + 1,
        fields: sectionFields.map((f) => f.id),
        layout: twoColumnSections.has(section.id) ? 'two-column' : 'single-column',
        pageBreak: section.id === 'signatures' && groups.length > 2,
      })),
      headerFooter: true,
    },
    aiCompatible: {
      autoFillFields: fields
        .filter((f) => f.type !== 'signature' && sectionOfField(f) !== 'participant-info')
        .map((f) => f.id),
      suggestionsEnabled: true,
      validationPrompts: true,
    },
    isActive: true,
    isBuiltIn: true,
    createdAt: builtInDate,
    updatedAt: builtInDate,
  };
}

/**
 * comprehensive-bsp: the spec says 44 fields; its standard field list has 45. The plan carries every
 * standard field but `review-participants` (who attends reviews, the least essential and close to
 * `consultation-participants`), and no practitioner-supervisor.
 */
const comprehensiveBspFields: FieldSpec[] = standardFieldIds.filter((id) => id !== 'review-participants');

const defs: TemplateDef[] = [
  {
    id: 'comprehensive-bsp',
    name: 'Comprehensive Behaviour Support Plan',
    description:
      'A full behaviour support plan under the NDIS (Restrictive Practices and Behaviour Support) Rules, built on a functional behaviour assessment, with any regulated restrictive practices, positive strategies and review arrangements.',
    category: 'plan',
    ndisRequired: true,
    estimatedDuration: 21,
    reviewCycle: 365,
    witnessRequired: true,
    requiredRoles: ['clinician'],
    requiredDocuments: [bspDocument],
    fields: comprehensiveBspFields,
  },
  {
    id: 'interim-bsp',
    name: 'Interim Behaviour Support Plan',
    description:
      'A short plan to keep the participant and others safe while the comprehensive plan is being developed.',
    category: 'plan',
    ndisRequired: false,
    estimatedDuration: 7,
    reviewCycle: 180,
    witnessRequired: false,
    requiredRoles: ['clinician'],
    fields: [
      ...participantFields,
      'practitioner-name',
      'practitioner-registration',
      'practitioner-contact',
      'target-behaviors',
      'behavior-frequency',
      'behavior-intensity',
      'antecedents',
      // No uses-restrictive-practice here: as a required checkbox it would have to be ticked for the
      // plan to be complete. An empty restrictive practice type says none is used.
      'rp-type',
      'rp-justification',
      'rp-safeguards',
      'replacement-behaviors',
      'teaching-strategies',
      'data-collection-methods',
      'review-frequency',
      'practitioner-signature',
      'participant-consent',
      'guardian-consent',
      'plan-date',
      'start-date',
      'review-date',
      'compliance-declaration',
    ],
  },
  {
    id: 'functional-behaviour-assessment',
    name: 'Functional Behaviour Assessment',
    description:
      'An assessment of what the behaviours of concern look like, what triggers and maintains them, and the needs they meet.',
    category: 'assessment',
    ndisRequired: false,
    estimatedDuration: 14,
    reviewCycle: 365,
    witnessRequired: false,
    requiredRoles: ['clinician'],
    fields: [
      ...participantFields,
      'practitioner-name',
      'practitioner-registration',
      own('assessment-date', 'Assessment Date', 'date', true, 'The date the assessment was completed.'),
      'consultation-participants',
      'consultation-method',
      own(
        'assessment-methods',
        'Assessment Methods',
        'textarea',
        false,
        'Observations, interviews, ABC data, records and tools used, for example the QABF or MAS.',
        { validation: rich(1000) },
      ),
      'target-behaviors',
      'behavior-frequency',
      'behavior-intensity',
      'antecedents',
      'consequences',
      'environmental-factors',
      own(
        'function-hypothesis',
        'Function Hypothesis',
        'textarea',
        true,
        'What each behaviour achieves for the participant (attention, escape, tangible or sensory) and why you think so.',
        { validation: rich(1000, 50) },
      ),
      own(
        'assessment-recommendations',
        'Recommendations',
        'textarea',
        false,
        'Recommended strategies and supports for the behaviour support plan.',
        { validation: rich(1000) },
      ),
      'practitioner-signature',
    ],
  },
  {
    id: 'provider-consent-form',
    name: 'Provider Consent Form',
    description:
      "The participant's (or guardian's) informed consent for the provider to deliver supports and to collect and share their information.",
    category: 'plan',
    ndisRequired: false,
    estimatedDuration: 1,
    reviewCycle: 365,
    witnessRequired: false,
    requiredRoles: [],
    fields: [
      ...participantFields,
      own(
        'consent-scope',
        'Scope of Consent',
        'textarea',
        true,
        'What the participant agrees to: the supports provided and who their information may be shared with.',
        { validation: rich(2000, 20) },
      ),
      own(
        'consent-given',
        'Consent Given',
        'checkbox',
        true,
        'Tick to confirm the participant understood the information and gave consent freely.',
      ),
      own('consent-date', 'Consent Date', 'date', true, 'The date consent was given.'),
      'participant-consent',
      'guardian-consent',
    ],
  },
  {
    id: 'training-attendance-register',
    name: 'Training Attendance Register',
    description: 'A record of who attended a training session, on what topic and who delivered it.',
    category: 'training',
    ndisRequired: false,
    estimatedDuration: 3,
    reviewCycle: 365,
    witnessRequired: false,
    requiredRoles: [],
    fields: [
      own('session-date', 'Session Date', 'date', true, 'The date the training took place.'),
      own(
        'training-topic',
        'Training Topic',
        'text',
        true,
        "What the session covered, for example a participant's behaviour support plan.",
        {
          validation: { minLength: 2, maxLength: 200 },
        },
      ),
      own('trainer-name', 'Trainer', 'text', true, 'The person who delivered the training.', {
        validation: { minLength: 2, maxLength: 100 },
      }),
      own(
        'training-attendees',
        'Attendees',
        'textarea',
        true,
        'The name and role of everyone who attended.',
        {
          validation: rich(2000),
        },
      ),
      own(
        'trainer-signature',
        'Trainer Signature',
        'signature',
        true,
        'The trainer signs to confirm the attendance record.',
      ),
    ],
  },
  {
    id: 'debrief-log',
    name: 'Debrief Log',
    description:
      'A record of the debrief held after an incident: what happened, what was learnt and what follows.',
    category: 'incident',
    ndisRequired: false,
    estimatedDuration: 2,
    reviewCycle: 0,
    witnessRequired: false,
    requiredRoles: ['clinician', 'support-worker'],
    fields: [
      'participant-name',
      own('debrief-date', 'Debrief Date', 'date', true, 'The date the debrief was held.'),
      own('debrief-attendees', 'Attendees', 'textarea', true, 'Everyone who took part in the debrief.', {
        validation: rich(500),
      }),
      own(
        'what-happened',
        'What Happened',
        'textarea',
        true,
        'A factual account of the incident being debriefed.',
        {
          validation: rich(2000, 20),
        },
      ),
      own(
        'learning',
        'What We Learnt',
        'textarea',
        false,
        'What worked, what did not, and what to do differently.',
        {
          validation: rich(1000),
        },
      ),
      own(
        'follow-up-actions',
        'Follow-up Actions',
        'textarea',
        true,
        'Actions agreed, who is responsible and by when.',
        {
          validation: rich(1000),
        },
      ),
      own(
        'facilitator-signature',
        'Facilitator Signature',
        'signature',
        true,
        'The person who led the debrief signs the log.',
      ),
    ],
  },
  {
    id: 'risk-management-plan',
    name: 'Risk Management Plan',
    description:
      'An assessment of a risk to the participant or others, its rating, and the controls that manage it.',
    category: 'risk',
    ndisRequired: false,
    estimatedDuration: 7,
    reviewCycle: 180,
    witnessRequired: true,
    requiredRoles: [],
    fields: [
      'participant-name',
      'participant-ndis',
      'practitioner-name',
      own(
        'risk-description',
        'Risk Description',
        'textarea',
        true,
        'What could happen, to whom and in what situations.',
        {
          validation: rich(1000, 20),
        },
      ),
      own(
        'risk-likelihood',
        'Likelihood',
        'select',
        true,
        'How likely the risk is with no controls in place.',
        {
          options: ['Rare', 'Unlikely', 'Possible', 'Likely', 'Almost certain'],
        },
      ),
      own(
        'risk-consequence',
        'Consequence',
        'select',
        true,
        'How serious the outcome would be if it happened.',
        {
          options: ['Insignificant', 'Minor', 'Moderate', 'Major', 'Catastrophic'],
        },
      ),
      own(
        'risk-controls',
        'Controls',
        'textarea',
        true,
        'What is in place to prevent the risk or reduce its harm.',
        {
          validation: rich(1000),
        },
      ),
      'review-date',
      'practitioner-signature',
    ],
  },
  {
    id: 'incident-report',
    name: 'Incident Report',
    description:
      'A report of an incident involving a participant: what happened, who was involved and the immediate response.',
    category: 'incident',
    ndisRequired: false,
    estimatedDuration: 1,
    reviewCycle: 0,
    witnessRequired: false,
    requiredRoles: ['support-worker', 'clinician'],
    fields: [
      'participant-name',
      'participant-ndis',
      own('incident-date', 'Incident Date', 'date', true, 'The date the incident happened.'),
      own('incident-time', 'Incident Time', 'text', true, 'The time it happened, in 24-hour form (14:30).', {
        validation: { maxLength: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
      }),
      own(
        'incident-location',
        'Incident Location',
        'text',
        true,
        'Where it happened, for example the kitchen at home or a shopping centre.',
        {
          validation: { maxLength: 200 },
        },
      ),
      own(
        'incident-description',
        'Incident Description',
        'textarea',
        true,
        'A factual account of what happened before, during and after, in the order it happened.',
        {
          validation: rich(2000, 20),
        },
      ),
      own(
        'people-involved',
        'People Involved',
        'textarea',
        false,
        'Everyone involved or who saw it, and their role.',
        {
          validation: rich(500),
        },
      ),
      own(
        'injuries',
        'Injuries',
        'textarea',
        false,
        'Any injury to anyone, and the first aid or medical care given.',
        {
          validation: rich(1000),
        },
      ),
      own(
        'immediate-actions',
        'Immediate Actions',
        'textarea',
        true,
        'What was done straight away to keep people safe and who was notified.',
        {
          validation: rich(1000),
        },
      ),
      own(
        'reported-by-signature',
        'Reported By',
        'signature',
        true,
        'The person making this report signs it.',
      ),
    ],
  },
];

/** The eight built-in templates of spec work section 3. */
export const builtInTemplates: readonly FormTemplate[] = defs.map(buildTemplate);

export function findBuiltInTemplate(id: string): FormTemplate | undefined {
  return builtInTemplates.find((t) => t.id === id);
}

/** A built-in template or one of the tenant's custom templates, by id. */
export function findTemplate(
  id: string | null | undefined,
  customTemplates: readonly FormTemplate[] = [],
): FormTemplate | undefined {
  if (!id) return undefined;
  return findBuiltInTemplate(id) ?? customTemplates.find((t) => t.id === id);
}
