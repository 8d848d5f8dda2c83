import type { InvitationLink } from '@wattle/domain/care-teams/schemas';

/**
 * What the invite page can offer for a link: accept it, or say why not (expired, withdrawn, already
 * accepted, or sent to another e-mail than the signed-in person's).
 */
export type InviteState = 'open' | 'expired' | 'revoked' | 'accepted' | 'not-for-me';

export function inviteState(link: InvitationLink, now: Date): InviteState {
  if (link.status === 'accepted') return 'accepted';
  if (link.status === 'revoked') return 'revoked';
  if (link.status === 'expired' || Date.parse(link.expiresAt) <= now.getTime()) return 'expired';
  if (!link.isForMe) return 'not-for-me';
  return 'open';
}

const dayFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

/** An instant as the day it falls on, '8 December 2026'. */
export function formatDay(instant: string): string {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? '' : dayFormat.format(new Date(time));
}
