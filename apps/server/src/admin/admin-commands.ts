import { planLimits } from '@wattle/domain/tenants/constants';
import { type TenantFeature, tenantFeatures, tenantFeaturesOf } from '@wattle/domain/tenants/features';
import type { Subscription } from '@wattle/domain/tenants/schemas';
import { eq, or } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Tx } from '../db/client';
import { tenants } from '../db/schema/tenants';
import { users } from '../db/schema/users';
import { type Actor, withTenant, withUser } from '../db/with-tenant';
import { writeAccountAudit, writeAudit } from '../features/audit/write-audit';
import { setTenantFeatures } from '../features/global-settings/set-tenant-features';
import { addMembership } from '../features/tenants/add-membership';
import { insertTenant, newSubscription } from '../features/tenants/insert-tenant';
import { inUse } from '../features/tenants/subscription-limits';
import { runInTenant } from '../http/tenant-scope';

/**
 * What `npm run admin -- …` does (issue 17 item 6): running Wattle for real, outside demo mode, needs
 * a way to make the first platform admins and organisations before anyone can sign in to do it. Each
 * command runs against the configured database with the server's own rules (row-level security,
 * audit entries); these functions are what the command line calls and what the tests call.
 */

export type PlatformRole = 'global-admin' | 'system-admin';
export type Plan = Subscription['plan'];
export const plans = Object.keys(planLimits) as Plan[];

export class AdminCommandError extends Error {}

/** Who the command's audit entries name: the operator at the server's console. */
const consoleActor: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  email: 'admin-command@wattle.invalid',
  name: 'Wattle admin command',
  platformRole: 'global-admin',
  ip: null,
  userAgent: 'wattle-admin-command',
};

function normalisedEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed))
    throw new AdminCommandError(`"${email}" is not an e-mail address`);
  return trimmed;
}

/**
 * The person with this e-mail, made when they have not signed in yet (a `name` is then needed): they
 * sign in later with that verified e-mail (OIDC) and find what was set up for them.
 */
async function findOrCreateUser(tx: Tx, email: string, name: string | undefined) {
  const [existing] = await tx.select().from(users).where(eq(users.email, email));
  if (existing) return { user: existing, created: false };
  if (!name?.trim()) {
    throw new AdminCommandError(
      `Nobody has signed in as ${email} yet: give their name with --name to create them`,
    );
  }
  const [user] = await tx.insert(users).values({ email, name: name.trim() }).returning();
  await writeAccountAudit(tx, {
    userId: user!.id,
    action: 'created',
    ip: null,
    userAgent: consoleActor.userAgent,
    metadata: { method: 'admin-command' },
  });
  return { user: user!, created: true };
}

/** Gives (or, with null, takes away) a person's platform role; audited on their account. */
export async function setPlatformRole(
  db: Database,
  input: { email: string; role: PlatformRole | null; name?: string },
): Promise<{
  email: string;
  name: string;
  role: PlatformRole | null;
  before: PlatformRole | null;
  created: boolean;
}> {
  const email = normalisedEmail(input.email);
  return db.transaction(async (tx) => {
    const { user, created } = await findOrCreateUser(tx, email, input.name);
    const before = user.platformRole ?? null;
    if (before !== input.role) {
      await tx
        .update(users)
        .set({ platformRole: input.role, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await writeAccountAudit(tx, {
        userId: user.id,
        action: 'platform-role-changed',
        ip: null,
        userAgent: consoleActor.userAgent,
        changes: [{ field: 'platformRole', oldValue: before, newValue: input.role }],
        metadata: { by: 'admin-command' },
      });
    }
    return { email, name: user.name, role: input.role, before, created };
  });
}

/**
 * Creates an organisation with its first owner (made if they have not signed in yet), on the plain
 * trial unless a plan is given (then active), as onboarding would but without a first team: the
 * owner adds teams once signed in.
 */
export async function createTenant(
  db: Database,
  input: { name: string; ownerEmail: string; ownerName?: string; plan?: Plan },
): Promise<{ tenantId: string; slug: string; ownerEmail: string; plan: Plan }> {
  const name = input.name.trim();
  if (name.length < 2 || name.length > 100) {
    throw new AdminCommandError('The organisation name must be 2 to 100 characters');
  }
  const email = normalisedEmail(input.ownerEmail);
  const owner = await db.transaction((tx) => findOrCreateUser(tx, email, input.ownerName));
  const tenantId = uuidv7();
  return withTenant(db, tenantId, consoleActor, async (tx) => {
    const row = await insertTenant(tx, { id: tenantId, name, actor: null });
    if (input.plan && input.plan !== 'trial') {
      const subscription = newSubscription(input.plan, 'active', new Date());
      await tx.update(tenants).set({ subscription }).where(eq(tenants.id, tenantId));
      await writeAudit(tx, {
        tenantId,
        actor: null,
        entity: 'tenant',
        entityId: tenantId,
        action: 'subscription-changed',
        changes: [{ field: 'subscription.plan', oldValue: 'trial', newValue: input.plan }],
        metadata: { by: 'admin-command' },
      });
    }
    await addMembership(tx, { tenantId, userId: owner.user.id, role: 'owner', actor: null });
    return { tenantId, slug: row.slug, ownerEmail: email, plan: input.plan ?? 'trial' };
  });
}

/** The organisation an id or slug names, read across tenants (platform directory). */
async function findTenant(db: Database, idOrSlug: string) {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrSlug);
  const [tenant] = await withUser(db, consoleActor, (tx) =>
    tx
      .select({ id: tenants.id, name: tenants.name, slug: tenants.slug })
      .from(tenants)
      .where(isId ? or(eq(tenants.id, idOrSlug), eq(tenants.slug, idOrSlug)) : eq(tenants.slug, idOrSlug)),
  );
  if (!tenant) throw new AdminCommandError(`No organisation has the id or slug "${idOrSlug}"`);
  return tenant;
}

/**
 * Moves an organisation to a plan (its limits with it) and a status: how a limit is raised (each
 * refusal of a team, person or file over a limit says to ask for this). Audited in the organisation.
 */
export async function setPlan(
  db: Database,
  input: { tenant: string; plan: Plan; status?: Subscription['status'] },
): Promise<{
  tenantId: string;
  name: string;
  plan: Plan;
  status: Subscription['status'];
  limits: Subscription['limits'];
}> {
  const tenant = await findTenant(db, input.tenant);
  return withTenant(db, tenant.id, consoleActor, async (tx) => {
    const [row] = await tx
      .select({ subscription: tenants.subscription })
      .from(tenants)
      .where(eq(tenants.id, tenant.id));
    const before = row!.subscription;
    const status = input.status ?? (input.plan === 'trial' ? 'trialing' : 'active');
    const subscription = { ...newSubscription(input.plan, status, new Date()), startDate: before.startDate };
    await tx.update(tenants).set({ subscription, updatedAt: new Date() }).where(eq(tenants.id, tenant.id));
    await writeAudit(tx, {
      tenantId: tenant.id,
      actor: null,
      entity: 'tenant',
      entityId: tenant.id,
      action: 'subscription-changed',
      changes: [
        { field: 'subscription.plan', oldValue: before.plan, newValue: input.plan },
        { field: 'subscription.status', oldValue: before.status, newValue: status },
      ],
      metadata: { by: 'admin-command' },
    });
    return { tenantId: tenant.id, name: tenant.name, plan: input.plan, status, limits: subscription.limits };
  });
}

/**
 * Turns one feature flag of an organisation on or off: what each refusal of a route whose feature is
 * off tells the organisation to ask for. Audited in the organisation (features-changed).
 */
export async function setFeature(
  db: Database,
  input: { tenant: string; feature: TenantFeature; isOn: boolean },
): Promise<{ tenantId: string; name: string; feature: TenantFeature; isOn: boolean }> {
  const tenant = await findTenant(db, input.tenant);
  const flags = await runInTenant(db, tenant.id, consoleActor, (ctx) =>
    setTenantFeatures(ctx, { features: { [input.feature]: input.isOn } }, { byAdminCommand: true }),
  );
  return {
    tenantId: tenant.id,
    name: tenant.name,
    feature: input.feature,
    isOn: flags.features[input.feature],
  };
}

/** Every organisation with its plan and what it uses against the plan's limits. */
export async function listTenants(db: Database) {
  const directory = await withUser(db, consoleActor, (tx) =>
    tx.select({ id: tenants.id, slug: tenants.slug, name: tenants.name }).from(tenants).orderBy(tenants.name),
  );
  const rows = [];
  for (const tenant of directory) {
    rows.push(
      await withTenant(db, tenant.id, consoleActor, async (tx) => {
        const [row] = await tx
          .select({ subscription: tenants.subscription, features: tenants.features })
          .from(tenants)
          .where(eq(tenants.id, tenant.id));
        return {
          ...tenant,
          plan: row!.subscription.plan,
          status: row!.subscription.status,
          // Counted as the subscription limits count them.
          people: await inUse(tx, tenant.id, 'users'),
          teams: await inUse(tx, tenant.id, 'teams'),
          limits: row!.subscription.limits,
          featuresOff: tenantFeatures.filter((feature) => !tenantFeaturesOf(row!.features)[feature]),
        };
      }),
    );
  }
  return rows;
}
