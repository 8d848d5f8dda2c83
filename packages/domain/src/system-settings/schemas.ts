import { z } from 'zod';
import { SubscriptionSchema } from '../tenants/schemas';

/**
 * What `/settings/system` shows system admins (issue 17 item 3): every organisation with its plan,
 * trial and usage, as counts only (DESIGN.md section 5: a platform role reads no tenant's records
 * without an approved access request), and the health of the platform.
 */
export const TenantUsageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  isInternal: z.boolean(),
  plan: SubscriptionSchema.shape.plan,
  status: SubscriptionSchema.shape.status,
  /** When the trial ends (trialing organisations); null otherwise. */
  trialEndsAt: z.iso.datetime({ offset: true }).nullable(),
  limits: SubscriptionSchema.shape.limits,
  /** Memberships (guests and auditors too), active teams, cards, and bytes of files kept. */
  users: z.number().int().nonnegative(),
  teams: z.number().int().nonnegative(),
  cards: z.number().int().nonnegative(),
  storageBytes: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TenantUsage = z.infer<typeof TenantUsageSchema>;

export const JobStateSchema = z.object({
  name: z.string(),
  /** running: a run is under way; idle: waiting for the next; stopped: the server is shutting down. */
  state: z.enum(['running', 'idle', 'stopped']),
  intervalMinutes: z.number().int().positive(),
  lastStartedAt: z.iso.datetime({ offset: true }).nullable(),
  lastFinishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The last run's failure, when it failed. */
  lastError: z.string().nullable(),
});
export type JobState = z.infer<typeof JobStateSchema>;

export const PlatformHealthSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nonnegative(),
    /** Migrations recorded as applied, and those this server version carries. */
    migrationsApplied: z.number().int().nonnegative(),
    migrationsKnown: z.number().int().nonnegative(),
    lastMigration: z.string().nullable(),
  }),
  server: z.object({
    startedAt: z.iso.datetime({ offset: true }),
    uptimeSeconds: z.number().int().nonnegative(),
    nodeVersion: z.string(),
    rssBytes: z.number().int().nonnegative(),
    heapUsedBytes: z.number().int().nonnegative(),
    heapTotalBytes: z.number().int().nonnegative(),
  }),
  /** The server's background jobs in this instance; empty when none runs here. */
  jobs: z.array(JobStateSchema),
});
export type PlatformHealth = z.infer<typeof PlatformHealthSchema>;
