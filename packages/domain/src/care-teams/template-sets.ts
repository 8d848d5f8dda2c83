/**
 * The template sets of the Create care team wizard's step 3 (spec work section 2): exactly one is
 * chosen, and it decides which compliance templates the new team starts with. Every set carries
 * the consent form and the incident report, which every NDIS provider needs for every participant.
 */
export const templateSetIds = [
  'daily-living',
  'community',
  'transport',
  'employment',
  'capacity-building',
] as const;
export type TemplateSetId = (typeof templateSetIds)[number];

export interface TemplateSet {
  id: TemplateSetId;
  name: string;
  description: string;
  /** Built-in template ids the team starts with. */
  enabled: readonly string[];
  /** Of those, the ones the team must keep complete (the team's compliance list). */
  required: readonly string[];
}

const everyTeam = ['provider-consent-form', 'incident-report'] as const;

export const templateSets: readonly TemplateSet[] = [
  {
    id: 'daily-living',
    name: 'Daily Living',
    description:
      'Support at home with personal care and household tasks: behaviour support plans, risk management and debriefs after incidents.',
    enabled: [...everyTeam, 'comprehensive-bsp', 'interim-bsp', 'risk-management-plan', 'debrief-log'],
    required: [...everyTeam, 'risk-management-plan'],
  },
  {
    id: 'community',
    name: 'Community Access',
    description:
      'Outings and social participation in the community: risk management for each setting, incident reports and debriefs.',
    enabled: [...everyTeam, 'risk-management-plan', 'debrief-log', 'interim-bsp'],
    required: [...everyTeam, 'risk-management-plan'],
  },
  {
    id: 'transport',
    name: 'Transport',
    description: 'Getting to school, work and appointments: travel risk management and incident reports.',
    enabled: [...everyTeam, 'risk-management-plan'],
    required: [...everyTeam, 'risk-management-plan'],
  },
  {
    id: 'employment',
    name: 'Employment',
    description:
      'Finding and keeping a job: consent, risk management at the workplace and training records for the support staff.',
    enabled: [...everyTeam, 'risk-management-plan', 'training-attendance-register'],
    required: [...everyTeam],
  },
  {
    id: 'capacity-building',
    name: 'Capacity Building',
    description:
      'Therapy and behaviour support: functional behaviour assessment, comprehensive and interim behaviour support plans and staff training.',
    enabled: [
      ...everyTeam,
      'functional-behaviour-assessment',
      'comprehensive-bsp',
      'interim-bsp',
      'training-attendance-register',
    ],
    required: [...everyTeam, 'functional-behaviour-assessment', 'comprehensive-bsp'],
  },
];

export function findTemplateSet(id: string): TemplateSet | undefined {
  return templateSets.find((set) => set.id === id);
}
