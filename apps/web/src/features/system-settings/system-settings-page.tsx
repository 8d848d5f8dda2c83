import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { PlatformHealth, TenantUsage } from '@wattle/domain/system-settings/schemas';
import { AlertCircleIcon, CheckCircle2Icon, RefreshCwIcon, ServerIcon, XCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { platformRoleOf } from '@/features/tenants/current-role';
import { formatMoment, formatMomentDay } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SectionCard } from '@/ui/section-card';
import { platformHealthQueryOptions, tenantUsageQueryOptions } from './api';
import { formatBytes, formatUptime, usedOf } from './format-usage';

const planLabels: Record<TenantUsage['plan'], string> = {
  trial: 'Trial',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};
const statusLabels: Record<TenantUsage['status'], string> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past due',
  cancelled: 'cancelled',
};

/**
 * /settings/system (issue 17 item 3): for system admins, every organisation with its plan, trial and
 * usage (counts only: a platform role reads no organisation's records), and the platform's health.
 */
export function SystemSettingsPage() {
  useDocumentTitle('System Settings');
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const isSystemAdmin = can(platformRoleOf(me.platformRole), 'manage:system');

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
          <ServerIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          System Settings
        </h1>
        <p className="mt-1 text-muted-foreground text-sm">
          The organisations on this Wattle installation, what each uses of its plan, and the health of the
          platform. Counts only: no organisation’s records are shown here.
        </p>
      </div>
      {isSystemAdmin ? (
        <>
          <PlatformHealthSection />
          <TenantUsageSection />
        </>
      ) : (
        <Alert>
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>Only system admins see System Settings</AlertTitle>
          <AlertDescription>
            They look after the whole Wattle installation, not one organisation.
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function StateBadge({ isOk, children }: { isOk: boolean; children: string }) {
  return (
    <Badge
      variant={isOk ? 'success' : 'outline'}
      className={isOk ? undefined : 'border-destructive text-destructive'}
    >
      {isOk ? <CheckCircle2Icon aria-hidden="true" /> : <XCircleIcon aria-hidden="true" />}
      {children}
    </Badge>
  );
}

function PlatformHealthSection() {
  const health = useQuery(platformHealthQueryOptions());
  return (
    <SectionCard title="Platform health" description="As this server sees it, read every 30 seconds.">
      {health.isPending ? (
        <LoadingStatus>Checking the platform...</LoadingStatus>
      ) : health.isError ? (
        <LoadError
          title="Could not check the platform"
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : (
        <HealthFacts
          health={health.data}
          isFetching={health.isFetching}
          onRefresh={() => void health.refetch()}
        />
      )}
    </SectionCard>
  );
}

function HealthFacts({
  health,
  isFetching,
  onRefresh,
}: {
  health: PlatformHealth;
  isFetching: boolean;
  onRefresh: () => void;
}) {
  const { database, server, jobs } = health;
  const isMigrated = database.migrationsApplied === database.migrationsKnown;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="platform-health">
        <Fact term="Database">
          <span className="flex flex-wrap items-center gap-2">
            <StateBadge isOk={database.reachable}>
              {database.reachable ? 'Reachable' : 'Not reachable'}
            </StateBadge>
            {database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, {database.latencyMs} ms
          </span>
        </Fact>
        <Fact term="Migrations">
          <span className="flex flex-wrap items-center gap-2">
            <StateBadge isOk={isMigrated}>{isMigrated ? 'All applied' : 'Not all applied'}</StateBadge>
            {database.migrationsApplied} of {database.migrationsKnown}
          </span>
          {database.lastMigration ? (
            <span className="block break-all text-muted-foreground text-xs">
              Latest: {database.lastMigration}
            </span>
          ) : null}
        </Fact>
        <Fact term="Server">
          Up {formatUptime(server.uptimeSeconds)}, since {formatMoment(server.startedAt, undefined)}
          <span className="block text-muted-foreground text-xs">Node.js {server.nodeVersion}</span>
        </Fact>
        <Fact term="Memory">
          {formatBytes(server.rssBytes)} in use
          <span className="block text-muted-foreground text-xs">
            JavaScript heap {formatBytes(server.heapUsedBytes)} of {formatBytes(server.heapTotalBytes)}
          </span>
        </Fact>
        <Fact term="Background jobs">
          {jobs.length === 0 ? (
            'None runs in this server process.'
          ) : (
            <ul className="flex flex-col gap-1">
              {jobs.map((job) => (
                <li key={job.name} data-testid="job-state">
                  <span className="font-medium">{job.name}</span>:{' '}
                  {job.state === 'running' ? 'running now' : job.state === 'stopped' ? 'stopping' : 'waiting'}
                  , every {job.intervalMinutes} min
                  {job.lastFinishedAt ? (
                    <span className="block text-muted-foreground text-xs">
                      Last run ended {formatMoment(job.lastFinishedAt, undefined)}
                      {job.lastError ? `, failed: ${job.lastError}` : ''}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term="Checked">{formatMoment(health.checkedAt, undefined)}</Fact>
      </dl>
      <div>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={isFetching}>
          <RefreshCwIcon aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
          Check again
        </Button>
      </div>
    </div>
  );
}

function TenantUsageSection() {
  const usage = useQuery(tenantUsageQueryOptions());
  return (
    <SectionCard
      title="Organisations"
      description="Each organisation’s plan and what it uses of it: people, active teams, cards and stored files."
    >
      {usage.isPending ? (
        <LoadingStatus>Counting each organisation’s usage...</LoadingStatus>
      ) : usage.isError ? (
        <LoadError
          title="Could not load the organisations"
          error={usage.error}
          onRetry={() => void usage.refetch()}
        />
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Organisations and their usage">
          {usage.data.map((tenant) => (
            <li
              key={tenant.id}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0"
              data-testid="tenant-usage-row"
            >
              <div>
                <span className="font-medium">{tenant.name}</span>{' '}
                <span className="text-muted-foreground text-xs">
                  {tenant.slug}
                  {tenant.isInternal ? ' · internal' : ''}
                </span>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-5">
                <Fact term="Plan">
                  {planLabels[tenant.plan]}, {statusLabels[tenant.status]}
                  {tenant.trialEndsAt ? (
                    <span className="block text-muted-foreground text-xs">
                      Trial ends {formatMomentDay(tenant.trialEndsAt, undefined)}
                    </span>
                  ) : null}
                </Fact>
                <Fact term="People">{usedOf(tenant.users, tenant.limits.maxUsers)}</Fact>
                <Fact term="Teams">{usedOf(tenant.teams, tenant.limits.maxTeams)}</Fact>
                <Fact term="Cards">{tenant.cards}</Fact>
                <Fact term="Storage">
                  {formatBytes(tenant.storageBytes)}
                  <span className="text-muted-foreground">
                    {tenant.limits.storageGB < 0 ? ' (no limit)' : ` of ${tenant.limits.storageGB} GB`}
                  </span>
                </Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
