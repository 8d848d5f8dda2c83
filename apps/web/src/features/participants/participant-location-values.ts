import {
  monashModels,
  ParticipantStateSchema,
  participantLocationMessages,
} from '@wattle/domain/participants/location';
import type { AustralianState } from '@wattle/domain/time/catalogue';
import { z } from 'zod';

/**
 * 'State or Territory' and 'Remoteness (MMM)' as the participant form and the care-team wizard hold
 * them: the selects' own values ('' for "Same as organisation", '1'…'7'), turned into the API's
 * (null or a state code, and a number) when sent. Shared by both forms so they read alike.
 */

/** A state code, or '' for "Same as organisation". */
export type StateChoice = AustralianState | '';

export const StateChoiceSchema = z.union([z.literal(''), ParticipantStateSchema], {
  error: participantLocationMessages.state,
});

const monashModelChoices = monashModels.map(String);

export const MonashModelChoiceSchema = z
  .string({ error: participantLocationMessages.monashModel })
  .refine((value) => monashModelChoices.includes(value), participantLocationMessages.monashModel);

export const defaultMonashModelChoice = '1';

export function stateChoiceOf(state: AustralianState | null): StateChoice {
  return state ?? '';
}

/** The API's state: null for "Same as organisation". */
export function stateOfChoice(choice: string): AustralianState | null {
  const parsed = ParticipantStateSchema.safeParse(choice);
  return parsed.success ? parsed.data : null;
}

export function monashModelOfChoice(choice: string): number {
  return Number(choice);
}

/** A stored draft's state choice read back: anything but '' or a state code falls back. */
export function readStateChoice(raw: unknown, fallback: StateChoice): StateChoice {
  return StateChoiceSchema.safeParse(raw).success ? (raw as StateChoice) : fallback;
}

/** A stored draft's MMM choice read back: anything but '1'…'7' falls back. */
export function readMonashModelChoice(raw: unknown, fallback: string): string {
  return typeof raw === 'string' && monashModelChoices.includes(raw) ? raw : fallback;
}
