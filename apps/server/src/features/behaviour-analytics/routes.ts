import { oneSchema } from '@wattle/domain/api/envelope';
import { analyticsCsvColumns, analyticsCsvRows } from '@wattle/domain/behaviour-analytics/analytics-csv';
import {
  BehaviourAnalyticsCsvQuerySchema,
  BehaviourAnalyticsQuerySchema,
  BehaviourAnalyticsSchema,
} from '@wattle/domain/behaviour-analytics/schemas';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { neutraliseFormula } from '../time-entries/export-time-entries';
import { behaviourAnalytics } from './behaviour-analytics';

const tags = ['behaviour-analytics'];
const reach =
  'Counts the incidents of the teams the caller reads incidents of (read:incidents: support workers and up on the team; owners, admins and auditors on every team) and the restrictive-practice uses of those teams they also read practices of (read:restrictive-practices). Family guardians hold neither: every chart is empty for them, as the incidents register is. A teamId the caller does not read (or of another tenant) counts nothing.';
const charts =
  "From the records of the period's days (from and to included, the tenant's time zone): overTime (by day up to 62 days, by week from Monday up to 371, by month beyond; every step listed), byBehaviour and byAntecedent (the recorded text, case and spacing aside; the 12 most frequent and one Other row), byHour (0 to 23) and byDayOfWeek (1 Monday to 7 Sunday) on the local wall clock, each with incidents and practiceUses; byPracticeKind (uses, minutes, unauthorised uses of each regulated practice); totals, with how many incidents have no behaviour or antecedent recorded. Deleted incident cards are left out.";

/** Behaviour analytics (issue 16 item 5): charts of incidents and restrictive-practice uses. */
export const behaviourAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/behaviour-analytics',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `${charts} ${reach}`,
        querystring: BehaviourAnalyticsQuerySchema,
        response: { 200: oneSchema(BehaviourAnalyticsSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => behaviourAnalytics(ctx, request.query));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/behaviour-analytics.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description: `Every chart's numbers as CSV (text/csv), one row per bar: ${analyticsCsvColumns.join(', ')}. chart is over-time, by-behaviour, by-hour, by-day-of-week, by-antecedent or by-practice-kind (?chart= keeps one chart's rows); key is the step's first day (yyyy-mm-dd), the hour, the weekday (1 Monday), the behaviour or antecedent as grouped, or the practice. Same query as the JSON; ?tenantId= may stand in for X-Tenant-Id (a plain download link). ${reach}`,
        querystring: BehaviourAnalyticsCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const analytics = await inTenant(request, (ctx) => behaviourAnalytics(ctx, request.query));
      const { from, to, chart } = request.query;
      const rows = analyticsCsvRows(analytics)
        .filter((row) => !chart || row[0] === chart)
        .map((row) => row.map(neutraliseFormula));
      const csv = stringify([[...analyticsCsvColumns], ...rows], { record_delimiter: 'windows' });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="behaviour-analytics-${chart ? `${chart}-` : ''}${from}-to-${to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
