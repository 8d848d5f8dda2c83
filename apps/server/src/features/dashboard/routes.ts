import { oneSchema } from '@wattle/domain/api/envelope';
import { DashboardSchema } from '@wattle/domain/dashboard/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { readDashboard } from './read-dashboard';

const tags = ['dashboard'];

/** The dashboard (issue 16 item 7): what needs attention now, for the caller's role. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "What needs attention now for the caller, within the tenant and the teams they read. Tiles: cards (open cards overdue and due within 7 days, with the nearest few), deadlines (Commission deadlines not met: overdue and due within 7 days, nearest first), plans (behaviour support plans by status, current, review overdue or due soon, participants waiting for a required plan), incidents (open, reportable, their notification and 5-day report clocks), hours (this week's time: the caller's own, their teams' as a team lead, the tenant's as an admin) and invoices (waiting for the caller's approval; all waiting for a finance reader who approves none). " +
          'Each tile carries `href`, the list behind it in the web app. A tile the caller may not read is null: family guardians read only plans shared with family and their reviews (no cards, incidents, hours or finance); auditors read every tile but hours. Overdue and due soon are counted from the tenant’s today in its time zone.',
        response: { 200: oneSchema(DashboardSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => readDashboard(ctx));
      return { success: true as const, data };
    },
  );
};
