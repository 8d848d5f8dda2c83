import { z } from 'zod';
import { daysBetween } from '../participants/plans';
import { PracticeTypeSchema } from '../restrictive-practices/schemas';
import { maxAnalyticsDays } from './period';

/**
 * Behaviour analytics (issue 16 item 5): counts of incidents and restrictive-practice uses for a
 * period of the tenant's calendar days, over time, by behaviour, by hour of day, by day of week, by
 * antecedent and by restrictive practice, from the records themselves. Who reads them: whoever reads
 * the incidents of those teams (read:incidents); practice uses also need read:restrictive-practices.
 */

export { maxAnalyticsDays };

const Day = z.iso.date({ error: 'Give a day as yyyy-mm-dd' });

const QueryFields = z.object({
  from: Day,
  to: Day,
  /** One team; without it, every team the caller reads. */
  teamId: z.uuid({ error: 'Choose one of your teams' }).optional(),
  /** Lets a plain download link (the CSV) name the tenant. */
  tenantId: z.uuid().optional(),
});

function periodRules<T extends z.ZodType<{ from: string; to: string }>>(schema: T) {
  return schema
    .refine((q) => q.to >= q.from, { message: 'The period must end on or after its start', path: ['to'] })
    .refine((q) => q.to < q.from || daysBetween(q.from, q.to) < maxAnalyticsDays, {
      message: 'Choose a period of at most five years',
      path: ['from'],
    });
}

/** `GET /api/behaviour-analytics`. The days are the tenant's, both included. */
export const BehaviourAnalyticsQuerySchema = periodRules(QueryFields);
export type BehaviourAnalyticsQuery = z.infer<typeof BehaviourAnalyticsQuerySchema>;

/** How the over-time chart groups the period: by day up to about two months, by week up to a year. */
export const analyticsBuckets = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof analyticsBuckets)[number];

const Count = z.number().int().nonnegative();

/** One bar or point: its key (a day, an hour, a behaviour as recorded…), its label and its counts. */
export const CountRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  incidents: Count,
  practiceUses: Count,
});
export type CountRow = z.infer<typeof CountRowSchema>;

export const PracticeKindRowSchema = z.object({
  kind: PracticeTypeSchema,
  label: z.string(),
  uses: Count,
  minutes: Count,
  unauthorised: Count,
});
export type PracticeKindRow = z.infer<typeof PracticeKindRowSchema>;

export const BehaviourAnalyticsSchema = z.object({
  period: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    timeZone: z.string(),
    /** The over-time chart's step; each overTime key is the first day of its step. */
    bucket: z.enum(analyticsBuckets),
  }),
  /** The team asked for, or null for every team the caller reads. */
  teamId: z.uuid().nullable(),
  totals: z.object({
    incidents: Count,
    practiceUses: Count,
    practiceMinutes: Count,
    unauthorisedUses: Count,
    /** Incidents with no behaviour recorded (left out of byBehaviour). */
    incidentsWithoutBehaviour: Count,
    /** Incidents with no antecedent recorded (left out of byAntecedent). */
    incidentsWithoutAntecedent: Count,
  }),
  /** Every step of the period, empty ones included, oldest first. */
  overTime: z.array(CountRowSchema),
  /** The most frequent behaviours (as recorded, case and spacing aside), the rest as one "Other" row. */
  byBehaviour: z.array(CountRowSchema),
  /** 24 rows, key '0' to '23': the hour of day in the tenant's zone. */
  byHour: z.array(CountRowSchema),
  /** 7 rows, key '1' (Monday) to '7' (Sunday), in the tenant's zone. */
  byDayOfWeek: z.array(CountRowSchema),
  /** The most frequent antecedents, the rest as one "Other" row. */
  byAntecedent: z.array(CountRowSchema),
  /** Every regulated practice: its uses, minutes and unauthorised uses. */
  byPracticeKind: z.array(PracticeKindRowSchema),
});
export type BehaviourAnalytics = z.infer<typeof BehaviourAnalyticsSchema>;

/** The charts, as the CSV's `chart` column names them. */
export const analyticsCharts = [
  'over-time',
  'by-behaviour',
  'by-hour',
  'by-day-of-week',
  'by-antecedent',
  'by-practice-kind',
] as const;
export type AnalyticsChart = (typeof analyticsCharts)[number];

/** `GET /api/behaviour-analytics.csv`: the same query; `chart` keeps one chart's rows. */
export const BehaviourAnalyticsCsvQuerySchema = periodRules(
  QueryFields.extend({ chart: z.enum(analyticsCharts, { error: 'Choose one of the charts' }).optional() }),
);
export type BehaviourAnalyticsCsvQuery = z.infer<typeof BehaviourAnalyticsCsvQuerySchema>;
