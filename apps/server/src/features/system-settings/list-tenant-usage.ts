import type { TenantUsage } from '@wattle/domain/system-settings/schemas';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cards } from '../../db/schema/cards';
import { tenants } from '../../db/schema/tenants';
import { type Actor, withTenant, withUser } from '../../db/with-tenant';
import { inUse } from '../tenants/subscription-limits';

/**
 * Every organisation with its plan, trial and usage, for System Settings. Counts only: each is read
 * inside its organisation under row-level security, as the subscription limits count them (people,
 * active teams, bytes of files and audit packs kept), plus its cards not deleted. No record of any
 * organisation leaves this function (DESIGN.md section 5).
 */
export async function listTenantUsage(db: Database, actor: Actor): Promise<TenantUsage[]> {
  const directory = await withUser(db, actor, (tx) =>
    tx
      .select({
        id: tenants.id,
        name: tenants.name,
        slug: tenants.slug,
        isInternal: tenants.isInternal,
        subscription: tenants.subscription,
        createdAt: tenants.createdAt,
      })
      .from(tenants)
      .orderBy(tenants.name),
  );
  const usage: TenantUsage[] = [];
  for (const tenant of directory) {
    const counts = await withTenant(db, tenant.id, actor, async (tx) => {
      const [cardRow] = await tx
        .select({ n: count() })
        .from(cards)
        .where(and(eq(cards.tenantId, tenant.id), isNull(cards.deletedAt)));
      return {
        users: await inUse(tx, tenant.id, 'users'),
        teams: await inUse(tx, tenant.id, 'teams'),
        storageBytes: await inUse(tx, tenant.id, 'storage'),
        cards: cardRow?.n ?? 0,
      };
    });
    const { plan, status, trialEndsAt, limits } = tenant.subscription;
    usage.push({
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug,
      isInternal: tenant.isInternal,
      plan,
      status,
      trialEndsAt: status === 'trialing' ? trialEndsAt : null,
      limits,
      ...counts,
      createdAt: tenant.createdAt.toISOString(),
    });
  }
  return usage;
}
