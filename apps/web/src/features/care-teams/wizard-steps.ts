import {
  careTeamMessages,
  TeamMemberInputSchema,
  TeamNameSchema,
  TemplateSetSchema,
} from '@wattle/domain/care-teams/schemas';
import { participantFieldsShape } from '@wattle/domain/participants/schemas';
import { z } from 'zod';
import { MonashModelChoiceSchema, StateChoiceSchema } from '../participants/participant-location-values';

/**
 * The wizard's three steps (spec work sections 2 and 4: participant, team, templates, with back
 * moves), their titles and next buttons exactly as the spec words them, and what each step checks
 * before moving on, with the domain's schemas and messages.
 */

export const wizardSteps = ['participant', 'team', 'templates'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const wizardStepTitles = {
  participant: 'Add New Participant',
  team: 'Create Care Team',
  templates: 'Select Templates',
} as const satisfies Record<WizardStep, string>;

export const wizardNextLabels = {
  participant: 'Next: Team Setup',
  team: 'Next: Select Templates',
  templates: 'Create Team',
} as const satisfies Record<WizardStep, string>;

export function stepNumber(step: WizardStep): number {
  return wizardSteps.indexOf(step) + 1;
}

export function previousStep(step: WizardStep): WizardStep | null {
  return wizardSteps[wizardSteps.indexOf(step) - 1] ?? null;
}

export function nextStep(step: WizardStep): WizardStep | null {
  return wizardSteps[wizardSteps.indexOf(step) + 1] ?? null;
}

const participantStepSchema = z.discriminatedUnion('participantMode', [
  z.object({
    participantMode: z.literal('new'),
    // The server's fields, with the location as the selects hold it ('' and '1'…'7').
    participant: z.object({
      ...participantFieldsShape,
      state: StateChoiceSchema,
      monashModel: MonashModelChoiceSchema,
    }),
  }),
  z.object({
    participantMode: z.literal('existing'),
    existingParticipant: z.object(
      { id: z.uuid(), name: z.string() },
      { error: careTeamMessages.participant },
    ),
  }),
]);

const teamStepSchema = z.object({ teamName: TeamNameSchema, members: z.array(TeamMemberInputSchema) });

const templatesStepSchema = z.object({ templateSet: TemplateSetSchema });

/** What each step validates before Next (the form's resolver uses the current step's). */
export const wizardStepSchemas = {
  participant: participantStepSchema,
  team: teamStepSchema,
  templates: templatesStepSchema,
} as const satisfies Record<WizardStep, z.ZodType>;

/** The step a field of the request belongs to, so a refusal from the server goes back there. */
export function stepOfPath(path: readonly (string | number)[]): WizardStep {
  const [first] = path;
  if (first === 'participant' || first === 'participantId') return 'participant';
  if (typeof first === 'string' && Object.hasOwn(participantFieldsShape, first)) return 'participant';
  if (first === 'team' || first === 'members') return 'team';
  return 'templates';
}
