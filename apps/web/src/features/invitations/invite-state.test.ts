import type { InvitationLink } from '@wattle/domain/care-teams/schemas';
import { describe, expect, it } from 'vitest';
import { inviteState } from './invite-state';

const link: InvitationLink = {
  tenantId: '0190a3c4-0000-7000-8000-000000000001',
  tenantName: 'Sunrise Support Network',
  teamId: '0190a3c4-0000-7000-8000-000000000002',
  teamName: "Riley's Care Team",
  teamSlug: 'rileys-care-team-ab12',
  role: 'Support Worker',
  email: 'nina.new@wattle.example',
  invitedByName: 'Olivia Owner',
  status: 'pending',
  expiresAt: '2026-12-08T00:00:00.000Z',
  isForMe: true,
};
const now = new Date('2026-11-25T00:00:00.000Z');

describe('inviteState', () => {
  it('offers a pending link for me to accept', () => {
    expect(inviteState(link, now)).toBe('open');
  });

  it('says why a link cannot be accepted', () => {
    expect(inviteState({ ...link, isForMe: false }, now)).toBe('not-for-me');
    expect(inviteState({ ...link, status: 'revoked' }, now)).toBe('revoked');
    expect(inviteState({ ...link, status: 'accepted' }, now)).toBe('accepted');
    expect(inviteState({ ...link, status: 'expired' }, now)).toBe('expired');
  });

  it('treats a pending link past its expiry as expired', () => {
    expect(inviteState(link, new Date('2026-12-08T00:00:00.000Z'))).toBe('expired');
  });
});
