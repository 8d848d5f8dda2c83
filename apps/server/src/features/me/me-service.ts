import type { Me, UpdateMe } from '@wattle/domain/users/schemas';
import { eq } from 'drizzle-orm';
import { forgetCachedUser, type UserRow } from '../../auth/sessions';
import type { Database } from '../../db/client';
import type { FieldChange } from '../../db/schema/columns';
import { users } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import type { Caller } from '../../http/context';
import { writeAccountAudit } from '../audit/write-audit';

export function toMe(user: UserRow, method: Caller['method']): Me {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    platformRole: user.platformRole,
    isVerified: user.verifiedAt !== null,
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
    mfaEnabled: user.mfaEnabled,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    timeZone: user.timeZone,
    authMethod: method,
  };
}

/** 'I understand' on the verification page: the account is verified from now on. Idempotent. */
export async function verifyAccount(db: Database, options: { actor: Actor }): Promise<UserRow> {
  const user = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, options.actor.id)).for('update');
    if (!current) throw new Error('signed-in user vanished');
    if (current.verifiedAt) return current;
    const now = new Date();
    const [updated] = await tx
      .update(users)
      .set({ verifiedAt: now, updatedAt: now, version: current.version + 1 })
      .where(eq(users.id, current.id))
      .returning();
    await writeAccountAudit(tx, {
      userId: current.id,
      action: 'verified',
      ip: options.actor.ip,
      userAgent: options.actor.userAgent,
      changes: [{ field: 'verifiedAt', oldValue: null, newValue: now.toISOString() }],
    });
    return updated!;
  });
  forgetCachedUser(options.actor.id);
  return user;
}

/**
 * `PATCH /api/me` (settings/user): the person's own name and time zone. Only the fields sent change;
 * an unchanged answer writes nothing. Audited on the account log with each field's old and new value.
 */
export async function updateProfile(
  db: Database,
  options: { actor: Actor; input: UpdateMe },
): Promise<UserRow> {
  const user = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, options.actor.id)).for('update');
    if (!current) throw new Error('signed-in user vanished');
    const changes: FieldChange[] = [];
    const set: Partial<Pick<UserRow, 'name' | 'timeZone'>> = {};
    if (options.input.name !== undefined && options.input.name !== current.name) {
      set.name = options.input.name;
      changes.push({ field: 'name', oldValue: current.name, newValue: options.input.name });
    }
    if (options.input.timeZone !== undefined && options.input.timeZone !== current.timeZone) {
      set.timeZone = options.input.timeZone;
      changes.push({ field: 'timeZone', oldValue: current.timeZone, newValue: options.input.timeZone });
    }
    if (changes.length === 0) return current;
    const [updated] = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date(), version: current.version + 1 })
      .where(eq(users.id, current.id))
      .returning();
    await writeAccountAudit(tx, {
      userId: current.id,
      action: 'profile.updated',
      ip: options.actor.ip,
      userAgent: options.actor.userAgent,
      changes,
    });
    return updated!;
  });
  // The cached user carries the name that requests (comments, audit entries) are signed with.
  forgetCachedUser(options.actor.id);
  return user;
}
