import type { OnboardingSchema } from '@wattle/domain/onboarding/schemas';
import { defaultTeamName } from '@wattle/domain/teams/schemas';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { forgetCachedUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { type Actor, withTenant } from '../../db/with-tenant';
import { writeAccountAudit } from '../audit/write-audit';
import { rebuildSearchTextOfAssignee } from '../cards/rebuild-search-text';
import { insertTeam } from '../teams/create-team';
import { addMembership } from '../tenants/add-membership';
import { insertTenant } from '../tenants/insert-tenant';

/**
 * First run: the caller's organisation becomes a tenant on a 14-day trial, with its first team and
 * the caller as owner. The account stays unverified until 'I understand' on the verification page.
 */
export async function onboard(db: Database, actor: Actor, input: z.output<typeof OnboardingSchema>) {
  const tenantId = uuidv7();
  const fullName = input.fullName.trim();
  if (fullName && fullName !== actor.name) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ name: fullName, updatedAt: new Date() }).where(eq(users.id, actor.id));
      await writeAccountAudit(tx, {
        userId: actor.id,
        action: 'updated',
        ip: actor.ip,
        userAgent: actor.userAgent,
        changes: [{ field: 'name', oldValue: actor.name, newValue: fullName }],
      });
      // Cards assigned to them, in any tenant, are found by the new name from this commit on. Last:
      // this moves the transaction into each of their tenants under row-level security.
      await rebuildSearchTextOfAssignee(tx, { ...actor, name: fullName });
    });
    forgetCachedUser(actor.id);
  }
  const owner = { ...actor, name: fullName || actor.name };
  return withTenant(db, tenantId, owner, async (tx) => {
    const tenant = await insertTenant(tx, {
      id: tenantId,
      name: input.organisationName,
      actor: owner,
      profile: input.email ? { email: input.email } : {},
    });
    await addMembership(tx, { tenantId, userId: actor.id, role: 'owner', actor: owner });
    const teamId = await insertTeam(tx, {
      tenantId,
      actor: owner,
      input: { name: input.firstTeamName || defaultTeamName },
      lead: actor.id,
    });
    return { tenant, teamId };
  });
}
