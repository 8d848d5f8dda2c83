import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { membershipRoleLabels } from '@wattle/domain/auth/roles';
import { DemoLoginSchema, type DemoUser, DemoUserSchema, MeSchema } from '@wattle/domain/users/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamMembers, teams } from '../db/schema/teams';
import { memberships, tenants } from '../db/schema/tenants';
import { users } from '../db/schema/users';
import { withTenant, withUser } from '../db/with-tenant';
import { toMe } from '../features/me/me-service';
import { AppError } from '../http/app-error';
import { signIn } from './sign-in';

const platformLabels = { 'global-admin': 'Global admin', 'system-admin': 'System admin' } as const;

/**
 * Demo sign-in (AUTH_MODE=demo only; the server refuses demo mode in production): pick any seeded
 * user from /login. Sessions, CSRF and every server check work exactly as with real sign-in.
 */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/demo/users',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], response: { 200: listSchema(DemoUserSchema) } },
    },
    async () => {
      const people = await app.db
        .select()
        .from(users)
        .where(eq(users.isActive, true))
        .orderBy(asc(users.email));
      const data: DemoUser[] = [];
      for (const person of people) {
        data.push({ email: person.email, name: person.name, description: await describe(person) });
      }
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/auth/demo/login',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: DemoLoginSchema, response: { 200: oneSchema(MeSchema) } },
    },
    async (request, reply) => {
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(users.email, request.body.email.toLowerCase()));
      if (!user?.isActive) throw new AppError('NOT_FOUND', 'User not found');
      const signedIn = await signIn(request, reply, user, 'demo');
      return { success: true as const, data: toMe(signedIn, 'session') };
    },
  );

  /** 'Member at Sunrise Support Network (Team Lead on Jordan's Care Team)', read as that user. */
  async function describe(person: typeof users.$inferSelect): Promise<string> {
    const actor = { ...person, ip: null, userAgent: null };
    const roles = await withUser(app.db, actor, async (tx) => {
      return tx
        .select({ tenantId: tenants.id, tenant: tenants.name, role: memberships.role })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(eq(memberships.userId, person.id))
        .orderBy(asc(tenants.name));
    });
    const parts: string[] = [];
    if (person.platformRole) parts.push(platformLabels[person.platformRole]);
    for (const r of roles) {
      const onTeams = await withTenant(app.db, r.tenantId, actor, (tx) =>
        tx
          .select({ role: teamMembers.role, team: teams.name })
          .from(teamMembers)
          .innerJoin(teams, and(eq(teams.tenantId, teamMembers.tenantId), eq(teams.id, teamMembers.teamId)))
          .where(eq(teamMembers.userId, person.id))
          .orderBy(asc(teams.name)),
      );
      const teamText = onTeams.map((t) => `${t.role} on ${t.team}`).join(', ');
      parts.push(`${membershipRoleLabels[r.role]} at ${r.tenant}${teamText ? ` (${teamText})` : ''}`);
    }
    if (parts.length === 0) parts.push('No organisation yet: goes to onboarding');
    if (!person.verifiedAt) parts.push('unverified');
    return parts.join('; ');
  }
};
