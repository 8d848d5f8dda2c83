import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  StaffListQuerySchema,
  StaffProfileSchema,
  StaffSupervisorSchema,
  UpdateStaffProfileSchema,
} from '@wattle/domain/staff/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { getStaffProfile } from './get-staff-profile';
import { listStaff } from './list-staff';
import { listSupervisors } from './list-supervisors';
import { updateStaffProfile } from './update-staff-profile';

const Params = z.object({ userId: z.uuid() });
const tags = ['staff'];

/**
 * Staff profiles (spec work section 3, Staff member; issue 13 part 7): qualifications, registrations,
 * specialisations, supervisor and screening checks of each member of the tenant.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Profiles by name: tenant admins and auditors read every member's; team leads the people on their teams; others their own.",
        querystring: StaffListQuerySchema,
        response: { 200: listSchema(StaffProfileSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listStaff(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/staff/supervisors',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'The people a profile may name as supervisor: owners, admins and members of the tenant (403 for guests).',
        response: { 200: listSchema(StaffSupervisorSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listSupervisors(ctx));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/staff/:userId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "A member's profile (themselves, or read:staff over them: tenant admins, auditors, their team leads; 404 otherwise). Version 0 until first saved.",
        params: Params,
        response: { 200: oneSchema(StaffProfileSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => getStaffProfile(ctx, request.params.userId));
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/staff/:userId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Saves a member's whole profile (the person, or a tenant admin; 403 for a team lead, 404 for others). No version on the first save; afterwards the version it started from, 409 CONFLICT with { current } when stale. 400 'Supervisor not found' when the supervisor is not an owner, admin or member of the tenant.",
        params: Params,
        body: UpdateStaffProfileSchema,
        response: { 200: oneSchema(StaffProfileSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        updateStaffProfile(ctx, request.params.userId, request.body),
      );
      return { success: true as const, data };
    },
  );
};
