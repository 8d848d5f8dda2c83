import { type InvitationStatus, invitationLinkDays } from '@wattle/domain/care-teams/schemas';
import { and, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { randomSecret, sha256 } from '../../auth/secrets';
import { invitations } from '../../db/schema/tenants';

/**
 * Invitation links (decision 0014): `/invite/{token}`, where the token is 32 random bytes
 * (base64url). Only its SHA-256 is stored, so the link is shown once (in the e-mail, or to the inviter
 * when no SMTP server is configured) and can never be read back. A link is single use (acceptedAt),
 * revocable (revokedAt) and expires `invitationLinkDays` after it was issued or last resent.
 */
export interface IssuedLink {
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

export function issueInvitationLink(now: Date): IssuedLink {
  const token = randomSecret(32);
  return {
    token,
    tokenHash: invitationTokenHash(token),
    expiresAt: new Date(now.getTime() + invitationLinkDays * 24 * 60 * 60 * 1000),
  };
}

export function invitationTokenHash(token: string): string {
  return sha256(token);
}

/** Derived, never stored: accepted and withdrawn win over expired. */
export function invitationStatus(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date | null },
  now: Date,
): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

/**
 * The invitations that may still be accepted (status pending): not accepted, not withdrawn, not
 * expired. Invitations made before links existed have no expiry and stay open until accepted.
 */
export function isOpenInvitation(now: Date): SQL {
  return and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    or(isNull(invitations.expiresAt), gt(invitations.expiresAt, now)),
  )!;
}

/** Where links point: PUBLIC_URL when configured, else the origin the request came to. */
export function linkBaseUrl(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/invite/${token}`;
}
