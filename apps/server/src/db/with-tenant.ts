import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client';

/** Who is acting, as row-level security and the audit log need to know. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  platformRole: 'global-admin' | 'system-admin' | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Runs `fn` in a transaction as the unprivileged `wattle_app` role with the tenant and actor set, so
 * row-level security confines every query to that tenant. All tenant data is read and written here.
 */
export function withTenant<T>(
  db: Database,
  tenantId: string,
  actor: Actor,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (!tenantId) throw new Error('withTenant refuses an empty tenant id');
  return scoped(db, tenantId, actor, fn);
}

/**
 * Runs `fn` as `wattle_app` with only the actor set: row-level security then shows the actor's own
 * memberships, the tenants they belong to, their invitations and their access requests, and no
 * other tenant data.
 */
export function withUser<T>(db: Database, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, '', actor, fn);
}

function scoped<T>(db: Database, tenantId: string, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
    await tx.execute(sql`select
      set_config('role', 'wattle_app', true),
      set_config('app.tenant_id', ${tenantId}, true),
      set_config('app.user_id', ${actor.id}, true),
      set_config('app.user_email', ${actor.email.toLowerCase()}, true),
      set_config('app.platform_role', ${actor.platformRole ?? ''}, true)`);
    return fn(tx);
  });
}
