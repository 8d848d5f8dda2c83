import { z } from 'zod';
import {
  type AustralianState,
  AustralianStateSchema,
  type MonashModel,
  MonashModelSchema,
} from '../time/catalogue';

/**
 * Where a participant lives, as the NDIS pricing reads it (issue 14): the state or territory whose
 * price limits apply, and the remoteness on the Modified Monash Model (MMM 1 metropolitan … 7 very
 * remote; MMM 6 takes the catalogue's Remote price limit, MMM 7 its Very Remote one, and provider
 * travel caps follow it). A participant without a state of their own is priced in the
 * organisation's state (time/tenant-state.ts), which is what most participants of a provider share.
 */

export const participantLocationMessages = {
  state: 'Choose a state or territory',
  monashModel: 'Choose a remoteness from MMM 1 to MMM 7',
} as const;

/** The participant's own state, or null: "Same as organisation". */
export const ParticipantStateSchema = AustralianStateSchema;

/** MMM 1-7 (time/catalogue.ts), refused with a message a person can act on. */
export const ParticipantMonashModelSchema = z
  .number({ error: participantLocationMessages.monashModel })
  .refine((value) => MonashModelSchema.safeParse(value).success, participantLocationMessages.monashModel);

/** A participant is metropolitan (MMM 1) until someone says otherwise. */
export const defaultMonashModel = 1 satisfies MonashModel;

export const monashModels = [1, 2, 3, 4, 5, 6, 7] as const;
export type MonashModelLevel = (typeof monashModels)[number];

/** The MMM classifications as the Department of Health names them, for the 'Remoteness (MMM)' select. */
export const monashModelLabels = {
  1: 'MMM 1 – Metropolitan',
  2: 'MMM 2 – Regional centres',
  3: 'MMM 3 – Large rural towns',
  4: 'MMM 4 – Medium rural towns',
  5: 'MMM 5 – Small rural towns',
  6: 'MMM 6 – Remote communities',
  7: 'MMM 7 – Very remote communities',
} as const satisfies Record<MonashModelLevel, string>;

/** In the catalogue's order (time/catalogue.ts), which is also alphabetical by name. */
export const australianStateNames = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
} as const satisfies Record<AustralianState, string>;

export const participantLocationHint =
  "Sets the NDIS price limits and travel caps for this participant's supports.";

/** The empty choice of 'State or Territory', naming the organisation's state when it is known. */
export function sameAsOrganisationLabel(tenantState?: AustralianState | null): string {
  return tenantState ? `Same as organisation (${tenantState})` : 'Same as organisation';
}

/** A participant's state as a person reads it: their own state's name, or the organisation's. */
export function participantStateText(
  state: AustralianState | null,
  tenantState?: AustralianState | null,
): string {
  return state ? australianStateNames[state] : sameAsOrganisationLabel(tenantState);
}

/** 'MMM 4 – Medium rural towns'; a value outside 1-7 (never stored: the database checks) as 'MMM n'. */
export function monashModelText(monashModel: number): string {
  return monashModelLabels[monashModel as MonashModelLevel] ?? `MMM ${monashModel}`;
}

/**
 * The location the pricing reads (`priceEntry`'s state and remoteness): the participant's own state,
 * else the organisation's, and their MMM.
 */
export function effectiveParticipantLocation(
  participant: { state: AustralianState | null; monashModel: number },
  tenantState: AustralianState,
): { state: AustralianState; monashModel: MonashModel } {
  return { state: participant.state ?? tenantState, monashModel: participant.monashModel };
}
