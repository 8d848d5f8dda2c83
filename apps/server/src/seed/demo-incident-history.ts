import { ndisStatusOf, stateOfStatus } from '@wattle/domain/cards/status-columns';
import { instantAt } from '@wattle/domain/incidents/occurred-at';
import type { IncidentSeverity } from '@wattle/domain/incidents/schemas';
import { addDays } from '@wattle/domain/time/clock';
import { and, eq } from 'drizzle-orm';
import { cards } from '../db/schema/cards';
import { incidents } from '../db/schema/incidents';
import { createCard } from '../features/cards/create-card';
import type { TenantContext } from '../http/tenant-scope';

/**
 * Six months of earlier behaviour incidents for Jordan Lee and Mia Thompson (issue 16 item 5), so
 * Behaviour Analytics has something to chart: each a real incident-report card with its register
 * entry, a behaviour of concern and its antecedent, at the times of day and days of the week their
 * behaviours tend to happen (Jordan's late afternoons and evenings; Mia's mornings around personal
 * care), on varied days of the week. All are closed and their cards done, so registers
 * and boards lead with today's work. None is reportable.
 */
export interface PastIncident {
  daysAgo: number;
  time: string;
  behaviour: string;
  antecedent: string;
  severity: IncidentSeverity;
  summary: string;
}

export const jordanHistory: readonly PastIncident[] = [
  {
    daysAgo: 5,
    time: '17:40',
    behaviour: 'Shouting, throwing objects',
    antecedent: 'Asked to stop a preferred activity',
    severity: 'medium',
    summary: 'threw the remote when asked to turn off his game for dinner',
  },
  {
    daysAgo: 11,
    time: '16:10',
    behaviour: 'Verbal aggression',
    antecedent: 'Change of support worker at short notice',
    severity: 'low',
    summary: 'swore at the relief support worker and refused to go out',
  },
  {
    daysAgo: 16,
    time: '18:25',
    behaviour: 'Physical aggression',
    antecedent: 'Argument with a housemate',
    severity: 'high',
    summary: 'pushed a housemate during an argument over the television',
  },
  {
    daysAgo: 24,
    time: '15:50',
    behaviour: 'Shouting, throwing objects',
    antecedent: 'Unexpected change of room',
    severity: 'medium',
    summary: 'shouted and threw his bag when the art room was moved',
  },
  {
    daysAgo: 30,
    time: '19:05',
    behaviour: 'Property damage',
    antecedent: 'Outing cancelled',
    severity: 'medium',
    summary: 'kicked a hole in his bedroom door after the footy trip was cancelled',
  },
  {
    daysAgo: 37,
    time: '16:45',
    behaviour: 'Verbal aggression',
    antecedent: 'Noise from building works next door',
    severity: 'low',
    summary: 'yelled at staff during drilling next door',
  },
  {
    daysAgo: 43,
    time: '17:15',
    behaviour: 'Shouting, throwing objects',
    antecedent: 'Asked to stop a preferred activity',
    severity: 'low',
    summary: 'threw a cushion when computer time ended',
  },
  {
    daysAgo: 52,
    time: '18:50',
    behaviour: 'Physical aggression',
    antecedent: 'Change of support worker at short notice',
    severity: 'high',
    summary: 'grabbed a support worker’s arm when an unfamiliar worker arrived',
  },
  {
    daysAgo: 58,
    time: '15:30',
    behaviour: 'Verbal aggression',
    antecedent: 'Unexpected change of room',
    severity: 'low',
    summary: 'shouted at the day program when his group changed rooms',
  },
  {
    daysAgo: 67,
    time: '20:10',
    behaviour: 'Property damage',
    antecedent: 'Argument with a housemate',
    severity: 'medium',
    summary: 'broke a chair in the lounge after an argument',
  },
  {
    daysAgo: 75,
    time: '17:35',
    behaviour: 'Shouting, throwing objects',
    antecedent: 'Outing cancelled',
    severity: 'medium',
    summary: 'threw plates when the beach trip was called off for rain',
  },
  {
    daysAgo: 81,
    time: '16:20',
    behaviour: 'Verbal aggression',
    antecedent: 'Asked to stop a preferred activity',
    severity: 'low',
    summary: 'argued loudly when asked to finish his shower',
  },
  {
    daysAgo: 90,
    time: '18:05',
    behaviour: 'Physical aggression',
    antecedent: 'Noise from building works next door',
    severity: 'medium',
    summary: 'hit the wall and a staff member’s shoulder during jackhammering',
  },
  {
    daysAgo: 99,
    time: '17:55',
    behaviour: 'Shouting, throwing objects',
    antecedent: 'Change of support worker at short notice',
    severity: 'medium',
    summary: 'threw his shoes at the door when his regular worker called in sick',
  },
  {
    daysAgo: 108,
    time: '11:20',
    behaviour: 'Verbal aggression',
    antecedent: 'Waiting for transport',
    severity: 'low',
    summary: 'yelled while the bus to the day program ran 40 minutes late',
  },
  {
    daysAgo: 121,
    time: '19:30',
    behaviour: 'Property damage',
    antecedent: 'Argument with a housemate',
    severity: 'medium',
    summary: 'smashed a glass during an argument about chores',
  },
  {
    daysAgo: 137,
    time: '16:40',
    behaviour: 'Shouting, throwing objects',
    antecedent: 'Unexpected change of room',
    severity: 'low',
    summary: 'shouted when the gym session moved to the small hall',
  },
  {
    daysAgo: 152,
    time: '18:15',
    behaviour: 'Physical aggression',
    antecedent: 'Outing cancelled',
    severity: 'high',
    summary: 'pushed a support worker when the cinema outing was cancelled',
  },
];

export const miaHistory: readonly PastIncident[] = [
  {
    daysAgo: 7,
    time: '07:40',
    behaviour: 'Refusing personal care',
    antecedent: 'Male support worker rostered for personal care',
    severity: 'low',
    summary: 'refused her shower when a male worker arrived',
  },
  {
    daysAgo: 17,
    time: '08:15',
    behaviour: 'Self-injury (hand biting)',
    antecedent: 'AAC device battery flat',
    severity: 'medium',
    summary: 'bit her hand when she could not use her device to ask for breakfast',
  },
  {
    daysAgo: 26,
    time: '07:20',
    behaviour: 'Refusing personal care',
    antecedent: 'Rushed morning routine',
    severity: 'low',
    summary: 'refused to dress when the routine was hurried for an early appointment',
  },
  {
    daysAgo: 36,
    time: '12:30',
    behaviour: 'Leaving without telling staff',
    antecedent: 'Noisy environment',
    severity: 'high',
    summary: 'left the shopping centre food court alone; found 20 minutes later',
  },
  {
    daysAgo: 47,
    time: '08:05',
    behaviour: 'Self-injury (hand biting)',
    antecedent: 'AAC device battery flat',
    severity: 'medium',
    summary: 'bit her hand when her device was flat at breakfast',
  },
  {
    daysAgo: 62,
    time: '07:55',
    behaviour: 'Refusing personal care',
    antecedent: 'Male support worker rostered for personal care',
    severity: 'low',
    summary: 'refused personal care from an agency worker',
  },
  {
    daysAgo: 78,
    time: '09:10',
    behaviour: 'Self-injury (hand biting)',
    antecedent: 'Rushed morning routine',
    severity: 'low',
    summary: 'bit her hand while being hurried for transport',
  },
  {
    daysAgo: 97,
    time: '13:45',
    behaviour: 'Leaving without telling staff',
    antecedent: 'Noisy environment',
    severity: 'medium',
    summary: 'walked out of a loud café and waited at the bus stop',
  },
  {
    daysAgo: 120,
    time: '07:30',
    behaviour: 'Refusing personal care',
    antecedent: 'Rushed morning routine',
    severity: 'low',
    summary: 'refused to shower on a day program morning',
  },
  {
    daysAgo: 149,
    time: '08:20',
    behaviour: 'Self-injury (hand biting)',
    antecedent: 'AAC device battery flat',
    severity: 'medium',
    summary: 'bit her hand when her device had not been charged overnight',
  },
];

/** Reports each past incident on the participant's team, as a closed register entry with its details. */
export async function seedIncidentHistory(
  ctx: TenantContext,
  input: {
    participant: { id: string; teamId: string; firstName: string };
    history: readonly PastIncident[];
    today: string;
    timeZone: string;
  },
): Promise<void> {
  const { participant, today, timeZone } = input;
  for (const past of input.history) {
    const date = addDays(today, -past.daysAgo);
    const description = `${participant.firstName} ${past.summary}. Behaviour: ${past.behaviour}. Antecedent: ${past.antecedent}. Settled with the strategies in the behaviour support plan.`;
    const card = await createCard(ctx, {
      teamId: participant.teamId,
      title: `Incident: ${past.behaviour} (${participant.firstName})`,
      description,
      templateId: 'incident-report',
      participantId: participant.id,
      fieldValues: { 'incident-date': date, 'incident-time': past.time, 'incident-description': description },
    });
    await ctx.tx
      .update(incidents)
      .set({
        category: 'behaviour',
        severity: past.severity,
        behaviour: past.behaviour,
        antecedent: past.antecedent,
        status: 'closed',
        closedAt: instantAt(addDays(date, 2), '10:00', timeZone),
        version: 2,
      })
      .where(and(eq(incidents.tenantId, ctx.tenantId), eq(incidents.cardId, card.id)));
    await ctx.tx
      .update(cards)
      // A closed incident's report is approved and sits in Done, with the State and NDIS Status that
      // follow from it (decision 0037).
      .set({
        status: 'approved',
        state: stateOfStatus('approved'),
        ndisStatus: ndisStatusOf('approved'),
        workflowStateId: 'done',
      })
      .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, card.id)));
  }
}
