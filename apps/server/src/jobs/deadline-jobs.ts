import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants } from '../db/schema/tenants';
import { maintenanceActor, withTenant, withUser } from '../db/with-tenant';
import { todayIn } from '../features/cards/card-values';
import { type BudgetUsageSource, notifyBudgetsOverAlert } from './budget-alert-job';
import { notifyCommissionDeadlines } from './commission-deadline-job';
import { markInvoicesOverdue } from './invoice-overdue-job';
import type { JobScope } from './job-scope';
import { notifyPlansEnding } from './plan-ending-job';
import { notifyScreeningExpiring } from './screening-expiry-job';

export const deadlineJobNames = ['plan-ending', 'budget', 'screening', 'overdue', 'commission'] as const;
export type DeadlineJobName = (typeof deadlineJobNames)[number];

export interface DeadlineJobOptions {
  /** The moment whose date, in each tenant's time zone, is "today". */
  now?: Date;
  /** Stops between tenants once aborted (the server is shutting down). */
  signal?: AbortSignal;
  log?: { error(details: object, message: string): void };
  /** What each budget has used; budget-usage.ts unless a test says otherwise. */
  budgetUsage?: BudgetUsageSource;
}

export interface DeadlineJobsResult {
  tenants: number;
  notified: Record<DeadlineJobName, number>;
  failed: number;
}

/**
 * Runs the deadline notification jobs over every tenant, the way the start-up search-text rebuild
 * walks them: the directory read as the maintenance actor, then each job in its own transaction inside
 * each tenant (withTenant, row-level security confining it there), so one tenant's failure neither
 * rolls back nor stops another's. Idempotent: what was notified is remembered in the database (see
 * notifyOnce), so running again, after a restart or on several instances at once, notifies nobody twice.
 */
export async function runDeadlineJobs(
  db: Database,
  options: DeadlineJobOptions = {},
): Promise<DeadlineJobsResult> {
  const now = options.now ?? new Date();
  const directory = await withUser(db, maintenanceActor, (tx) =>
    tx.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).orderBy(asc(tenants.id)),
  );
  const jobs: Record<DeadlineJobName, (scope: JobScope) => Promise<number>> = {
    'plan-ending': notifyPlansEnding,
    budget: (scope) => notifyBudgetsOverAlert(scope, options.budgetUsage),
    screening: notifyScreeningExpiring,
    overdue: markInvoicesOverdue,
    commission: notifyCommissionDeadlines,
  };
  const result: DeadlineJobsResult = {
    tenants: 0,
    notified: { 'plan-ending': 0, budget: 0, screening: 0, overdue: 0, commission: 0 },
    failed: 0,
  };
  for (const tenant of directory) {
    if (options.signal?.aborted) break;
    result.tenants += 1;
    for (const name of deadlineJobNames) {
      if (options.signal?.aborted) break;
      try {
        const today = todayIn(tenant.timeZone, now);
        result.notified[name] += await withTenant(db, tenant.id, maintenanceActor, (tx) =>
          jobs[name]({ tx, tenantId: tenant.id, today, now, timeZone: tenant.timeZone }),
        );
      } catch (err) {
        result.failed += 1;
        options.log?.error({ err, tenantId: tenant.id, job: name }, 'deadline notification job failed');
      }
    }
  }
  return result;
}
