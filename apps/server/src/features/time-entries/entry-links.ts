import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { participants } from '../../db/schema/participants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { type TimeReach, writesTimeOn } from './time-entry-access';

export const entryTeamMessage = 'You work on several teams: choose the participant or card this time is for';

export interface EntryLinks {
  participantId: string | null;
  cardId: string | null;
  /** The team the work was for, whose leads approve it. */
  teamId: string | null;
}

/**
 * Checks the participant and card an entry (or a timer) names and decides its team: the card's
 * team, else the participant's, else the worker's one team when they record time on exactly one.
 * A participant or card on a team the caller does not record time on answers 404, like a missing
 * one, so ids of other teams reveal nothing; a deleted card is gone too.
 */
export async function resolveEntryLinks(
  ctx: TenantContext,
  reach: TimeReach,
  input: { participantId?: string | null; cardId?: string | null },
): Promise<EntryLinks> {
  const participantId = input.participantId ?? null;
  const cardId = input.cardId ?? null;
  let cardTeamId: string | null = null;
  if (cardId) {
    const [card] = await ctx.tx
      .select({ teamId: cards.teamId, deletedAt: cards.deletedAt })
      .from(cards)
      .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, cardId)));
    if (!card || card.deletedAt || !writesTimeOn(reach, card.teamId)) {
      throw new AppError('NOT_FOUND', 'Card not found');
    }
    cardTeamId = card.teamId;
  }
  let participantTeamId: string | null = null;
  if (participantId) {
    const [participant] = await ctx.tx
      .select({ teamId: participants.teamId, archivedAt: participants.archivedAt })
      .from(participants)
      .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participantId)));
    if (!participant || !writesTimeOn(reach, participant.teamId)) {
      throw new AppError('NOT_FOUND', 'Participant not found');
    }
    if (participant.archivedAt) {
      throw new AppError(
        'WORKFLOW_REFUSED',
        'This participant is archived; time cannot be recorded for them',
      );
    }
    participantTeamId = participant.teamId;
  }
  const soleTeam = reach.writerTeamIds.length === 1 ? reach.writerTeamIds[0]! : null;
  const teamId = cardTeamId ?? participantTeamId ?? soleTeam;
  if (!writesTimeOn(reach, teamId)) {
    if (teamId !== null || reach.writerTeamIds.length === 0) throw forbidden();
    // On several teams, the entry must say which one's work it was, through its participant or card.
    throw new AppError('VALIDATION_FAILED', entryTeamMessage, [
      { path: ['participantId'], message: entryTeamMessage },
    ]);
  }
  return { participantId, cardId, teamId };
}
