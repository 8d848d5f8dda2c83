import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { invitations } from '../db/schema/tenants';
import { users } from '../db/schema/users';
import { type Actor, withTenant, withUser } from '../db/with-tenant';
import { writeAccountAudit } from '../features/audit/write-audit';
import { acceptInvitation } from '../features/invitations/accept-invitation';
import { isOpenInvitation } from '../features/invitations/invitation-links';
import {
  displayNameOf,
  type OidcClaims,
  type OidcErrorCode,
  oidcErrorCodes,
  verifiedEmailOf,
} from './oidc-claims';
import type { UserRow } from './sessions';

export type OidcUserResult =
  | { ok: true; user: UserRow; created: boolean; linked: boolean }
  | { ok: false; code: OidcErrorCode; reason: string };

interface Identity {
  /** The `iss` of the validated ID token: the directory that vouches for `subject`. */
  issuer: string;
  subject: string;
  claims: OidcClaims;
  /** OIDC_ISSUER as discovered: decides which email rule applies. */
  configuredIssuer: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The Wattle user of a validated OpenID Connect identity:
 * - the user already linked to (issuer, subject), whatever the email says now;
 * - else the user with the identity's verified email, linked from now on (an invited or seeded
 *   person signing in for the first time), unless that user is linked to another identity;
 * - else a new user, provisioned with the verified email.
 * Deactivated users are refused. Without a verified email no one is linked or provisioned.
 */
export async function findOrProvisionOidcUser(db: Database, identity: Identity): Promise<OidcUserResult> {
  // Two first sign-ins of the same person can race; the unique indexes decide and the loser retries.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await tryFindOrProvision(db, identity);
    if (result !== 'retry') return result;
  }
  return {
    ok: false,
    code: oidcErrorCodes.failed,
    reason: 'could not provision the user (concurrent sign-ins)',
  };
}

async function tryFindOrProvision(db: Database, identity: Identity): Promise<OidcUserResult | 'retry'> {
  const { issuer, subject, claims } = identity;
  const [linked] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
    .limit(1);
  if (linked) {
    if (!linked.isActive) return disabled(linked);
    return { ok: true, user: linked, created: false, linked: false };
  }

  const verified = verifiedEmailOf(claims, identity.configuredIssuer);
  if (verified.email === null) {
    return { ok: false, code: oidcErrorCodes.emailUnverified, reason: verified.reason };
  }
  const email = verified.email;

  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    if (!existing.isActive) return disabled(existing);
    if (existing.oidcSubject !== null) {
      return {
        ok: false,
        code: oidcErrorCodes.conflict,
        reason: `user ${existing.id}, who has this email, is linked to another identity (${existing.oidcIssuer})`,
      };
    }
    const [updated] = await db
      .update(users)
      .set({ oidcIssuer: issuer, oidcSubject: subject, updatedAt: new Date() })
      .where(and(eq(users.id, existing.id), isNull(users.oidcSubject)))
      .returning()
      .catch(retryOnUniqueViolation);
    if (!updated) return 'retry';
    await writeAccountAudit(db, {
      userId: updated.id,
      action: 'oidc-linked',
      ip: identity.ip,
      userAgent: identity.userAgent,
      metadata: { issuer, subject, emailFrom: verified.source },
    });
    return { ok: true, user: updated, created: false, linked: true };
  }

  const [created] = await db
    .insert(users)
    .values({ email, name: displayNameOf(claims, email), oidcIssuer: issuer, oidcSubject: subject })
    .onConflictDoNothing()
    .returning();
  if (!created) return 'retry';
  await writeAccountAudit(db, {
    userId: created.id,
    action: 'created',
    ip: identity.ip,
    userAgent: identity.userAgent,
    metadata: { method: 'oidc', issuer, subject, emailFrom: verified.source },
  });
  return { ok: true, user: created, created: true, linked: true };
}

function disabled(user: UserRow): OidcUserResult {
  return { ok: false, code: oidcErrorCodes.disabled, reason: `user ${user.id} is deactivated` };
}

/** A unique index (email, or issuer and subject) taken by a concurrent sign-in: try again. */
function retryOnUniqueViolation(error: unknown): never[] {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  if (code === '23505') return [];
  throw error;
}

export function actorFor(user: UserRow, ip: string | null, userAgent: string | null): Actor {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    platformRole: user.platformRole,
    ip,
    userAgent: userAgent?.slice(0, 500) ?? null,
  };
}

/**
 * Accepts the user's open invitations, at every sign-in so that later invitations are picked up
 * too: each one becomes a membership with the invited role (and, when it names a team, a place on
 * that team), and is marked accepted. Invitations are found by the user's email through the
 * own_invitations_read policy and accepted inside their tenant's scope, so row-level security
 * applies throughout. One invitation that fails is logged and does not stop sign-in or the others.
 */
export async function acceptOpenInvitations(
  db: Database,
  actor: Actor,
  log: FastifyBaseLogger,
): Promise<{ tenantId: string; invitationId: string }[]> {
  const now = new Date();
  // Withdrawn and expired invitations no longer match.
  const open = await withUser(db, actor, (tx) =>
    tx
      .select({ tenantId: invitations.tenantId, id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.email, actor.email.toLowerCase()), isOpenInvitation(now))),
  );
  const accepted: { tenantId: string; invitationId: string }[] = [];
  for (const { tenantId, id } of open) {
    try {
      const done = await withTenant(db, tenantId, actor, (tx) =>
        acceptInvitation(tx, { tenantId, invitationId: id, actor, now }),
      );
      if (done) accepted.push({ tenantId, invitationId: id });
    } catch (err) {
      log.error({ err, tenantId, invitationId: id, userId: actor.id }, 'could not accept an invitation');
    }
  }
  return accepted;
}
