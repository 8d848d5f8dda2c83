import { formatMinutes } from '@wattle/domain/restrictive-practices/rules';
import { practiceTypeLabels } from '@wattle/domain/restrictive-practices/schemas';
import { localDateTime } from '@wattle/domain/time/timer';
import type { TenantContext } from '../../http/tenant-scope';
import { raiseIncident } from '../incidents/raise-incident';
import type { ParticipantOfPractices } from './practice-access';
import type { UseRow } from './use-rows';

/**
 * An unauthorised use of a restrictive practice is itself a reportable incident (NDIS Act s 73Z(4)(f);
 * Reportable Incidents Rules s 16; decision 0027): it is raised in the incidents
 * register, in the transaction that logs the use, with the use's details, aware from when it was
 * logged (the notification clock starts then), and linked back to the use.
 */
export async function raiseUnauthorisedUseIncident(
  ctx: TenantContext,
  input: { participant: ParticipantOfPractices; use: UseRow; timeZone: string; awareAt: Date },
): Promise<{ id: string; title: string }> {
  const { participant, use, timeZone } = input;
  const practice = practiceTypeLabels[use.practiceType];
  const at = localDateTime(use.startedAt, timeZone);
  const title = `Unauthorised ${practice.toLowerCase()}: ${participant.name}`;
  const description = [
    `${practice} was used on ${participant.name} on ${at.date} at ${at.time} for ${formatMinutes(use.durationMinutes)} without an authorisation in force that day.`,
    `Why: ${use.reason}`,
    use.behaviour ? `Behaviour: ${use.behaviour}` : null,
    use.antecedent ? `Antecedent: ${use.antecedent}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n\n');
  const incident = await raiseIncident(ctx, {
    participantId: participant.id,
    teamId: participant.teamId!,
    occurredAt: use.startedAt,
    title,
    description,
    reportableCategory: 'unauthorised-restrictive-practice',
    awareAt: input.awareAt,
    restrictivePracticeUseId: use.id,
    // Whether the use harmed the person decides 24 hours or 5 business days (Reportable Incidents
    // Rules ss 20 and 21, decision 0027) and is rarely known when it is logged: raiseIncident leaves
    // it at Medium, not yet assessed, on the 24-hour clock, until whoever reviews the incident
    // records Low (no harm).
  });
  return { id: incident.id, title };
}
