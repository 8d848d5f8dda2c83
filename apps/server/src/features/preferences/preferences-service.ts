import {
  type AccessibilityPreferences,
  defaultAccessibilityPreferences,
} from '@wattle/domain/preferences/rules';
import { AccessibilityPreferencesSchema } from '@wattle/domain/preferences/schemas';
import { eq } from 'drizzle-orm';
import { forgetCachedUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import { writeAccountAudit } from '../audit/write-audit';

/** `users.preferences` holds several kinds of preference; the accessibility ones sit under this key. */
const key = 'accessibility';

/**
 * The stored accessibility preferences over the defaults. A stored value that is no longer valid
 * (an older font size, say) falls back to its default rather than failing the read.
 */
export function readAccessibilityPreferences(stored: Record<string, unknown>): AccessibilityPreferences {
  const saved = (stored[key] ?? {}) as Record<string, unknown>;
  const result: AccessibilityPreferences = { ...defaultAccessibilityPreferences };
  for (const name of Object.keys(result) as (keyof AccessibilityPreferences)[]) {
    const parsed = AccessibilityPreferencesSchema.shape[name].safeParse(saved[name]);
    if (parsed.success) Object.assign(result, { [name]: parsed.data });
  }
  return result;
}

export async function getAccessibilityPreferences(
  db: Database,
  userId: string,
): Promise<AccessibilityPreferences> {
  const [user] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('signed-in user vanished');
  return readAccessibilityPreferences(user.preferences);
}

/**
 * Saves the preferences sent, keeping the others, and appends the changes to the account audit
 * log. They belong to the person, not to a tenant, so they follow them into every organisation.
 */
export async function updateAccessibilityPreferences(
  db: Database,
  options: { actor: Actor; changes: Partial<AccessibilityPreferences> },
): Promise<AccessibilityPreferences> {
  const { actor } = options;
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ preferences: users.preferences, version: users.version })
      .from(users)
      .where(eq(users.id, actor.id))
      .for('update');
    if (!current) throw new Error('signed-in user vanished');
    const before = readAccessibilityPreferences(current.preferences);
    const after: AccessibilityPreferences = { ...before, ...options.changes };
    const changes = (Object.keys(after) as (keyof AccessibilityPreferences)[])
      .filter((name) => after[name] !== before[name])
      .map((name) => ({ field: name, oldValue: before[name], newValue: after[name] }));
    if (changes.length === 0) return after;
    await tx
      .update(users)
      .set({
        preferences: { ...current.preferences, [key]: after },
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id));
    await writeAccountAudit(tx, {
      userId: actor.id,
      action: 'preferences.updated',
      ip: actor.ip,
      userAgent: actor.userAgent,
      changes,
    });
    return after;
  });
  // The session cache holds the user row; the next request must not see the old one.
  forgetCachedUser(actor.id);
  return result;
}
