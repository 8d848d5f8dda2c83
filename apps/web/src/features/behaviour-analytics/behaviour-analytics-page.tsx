import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Team } from '@wattle/domain/teams/schemas';
import { ChartLineIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { canAnywhere, useParticipantAccess } from '@/features/participants/participant-access';
import { TeamSummary } from '@/features/placeholders/team-summary';
import { useRouteTeam } from '@/features/placeholders/use-route-team';
import { todayIn } from '@/features/team-views/calendar-dates';
import { currentTenantQueryOptions } from '@/features/time/api';
import { formatDay } from '@/lib/org-dates';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { DateInput } from '@/ui/date-input';
import { Label } from '@/ui/label';
import { LazyPartBoundary, LazyPartLoading, lazyPart } from '@/ui/lazy-part';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import {
  type AnalyticsPeriod,
  type AnalyticsSearch,
  analyticsPeriodLabels,
  analyticsPeriods,
  defaultAnalyticsPeriod,
  periodOf,
  presetPeriod,
} from './analytics-search';
import { type AnalyticsRequest, analyticsCsvUrl, behaviourAnalyticsQueryOptions } from './api';

// Recharts is loaded only here, after the page's own code: no other page pays for it.
const AnalyticsCharts = lazyPart(() => import('./analytics-charts'), 'AnalyticsCharts');

const defaultTimeZone = 'Australia/Sydney';

/**
 * /behavior-analytics (every team the caller reads incidents of, with a team picker) and
 * /behavior-analytics/{teamSlug} (that team), issue 16 item 5: charts of incidents and
 * restrictive-practice uses for a period, each with its numbers as a table and as CSV. Family
 * guardians, who read no incidents, are told so instead.
 */
export function BehaviourAnalyticsPage() {
  const team = useRouteTeam();
  const title = team ? `Behaviour Analytics: ${team.name}` : 'Behaviour Analytics';
  useDocumentTitle(title);
  const access = useParticipantAccess();
  const { tenant } = access;
  const search = useSearch({ strict: false }) as AnalyticsSearch;
  const navigate = useNavigate();
  const tenantQuery = useQuery(currentTenantQueryOptions(tenant.id));
  const timeZone = tenantQuery.data?.timeZone ?? defaultTimeZone;
  const today = todayIn(timeZone);

  const canRead = team
    ? access.canOn('read:incidents', team.id)
    : canAnywhere(access.teams, access.tenantRole, 'read:incidents');
  const readableTeams = access.teams.filter((t) => access.canOn('read:incidents', t.id));

  const setSearch = (changes: AnalyticsSearch) =>
    void navigate({ to: '.', search: (previous) => ({ ...previous, ...changes }), replace: true });
  const pickTeam = (slug: string) =>
    void navigate(
      slug
        ? { to: '/behavior-analytics/$teamSlug', params: { teamSlug: slug }, search: () => search }
        : { to: '/behavior-analytics', search: () => search },
    );

  const heading = (
    <div>
      <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight">
        <ChartLineIcon className="size-6 text-muted-foreground" aria-hidden="true" />
        {title}
      </h1>
      <p className="mt-1 text-muted-foreground text-sm">
        {team
          ? 'Incidents and restrictive-practice uses of this team’s participant: when they happen, which behaviours, and what came before.'
          : 'Incidents and restrictive-practice uses across your teams: when they happen, which behaviours, and what came before.'}
      </p>
    </div>
  );

  if (!canRead) {
    return (
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
        {heading}
        {team ? <TeamSummary team={team} /> : null}
        <p className="text-muted-foreground text-sm" data-testid="analytics-no-access">
          Your role in {tenant.name} does not show incident reports, so there are no behaviour charts for you
          here.
        </p>
      </div>
    );
  }

  const period = search.period ?? defaultAnalyticsPeriod;
  const resolved = periodOf(search, today);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6">
      {heading}
      {team ? <TeamSummary team={team} /> : null}

      <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3">
        <legend className="sr-only">Choose the team and period</legend>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-team">Team</Label>
          <NativeSelect
            id="analytics-team"
            value={team?.slug ?? ''}
            onChange={(event) => pickTeam(event.target.value)}
          >
            <option value="">All your teams</option>
            {readableTeams.map((t: Team) => (
              <option key={t.id} value={t.slug}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="analytics-period">Period</Label>
          <NativeSelect
            id="analytics-period"
            value={period}
            onChange={(event) => {
              const next = event.target.value as AnalyticsPeriod;
              if (next === 'custom') {
                // Start the custom dates from the period shown, so they can be adjusted.
                const shown = 'from' in resolved ? resolved : presetPeriod('90d', today);
                setSearch({ period: next, from: search.from ?? shown.from, to: search.to ?? shown.to });
              } else setSearch({ period: next, from: undefined, to: undefined });
            }}
          >
            {analyticsPeriods.map((p) => (
              <option key={p} value={p}>
                {analyticsPeriodLabels[p]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {period === 'custom' ? (
          <CustomDates
            from={search.from ?? ''}
            to={search.to ?? ''}
            onChange={(from, to) => setSearch({ from: from || undefined, to: to || undefined })}
          />
        ) : null}
        {'from' in resolved ? (
          <p className="pb-2 text-muted-foreground text-sm" data-testid="analytics-period-days">
            {formatDay(resolved.from)} to {formatDay(resolved.to)}
          </p>
        ) : null}
      </fieldset>

      {'problem' in resolved ? (
        <p role="alert" className="text-destructive text-sm">
          {resolved.problem}
        </p>
      ) : (
        <Charts tenantId={tenant.id} request={{ ...resolved, teamId: team?.id }} />
      )}
    </div>
  );
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function CustomDates({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
}) {
  // The boxes keep what is typed; the address takes a day once it is one.
  const [fromText, setFromText] = useState(from);
  const [toText, setToText] = useState(to);
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="analytics-from">From</Label>
        <DateInput
          id="analytics-from"
          value={fromText}
          onChange={(value) => {
            setFromText(value);
            if (isDay(value)) onChange(value, to);
          }}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="analytics-to">To</Label>
        <DateInput
          id="analytics-to"
          value={toText}
          onChange={(value) => {
            setToText(value);
            if (isDay(value)) onChange(from, value);
          }}
        />
      </div>
    </>
  );
}

function Charts({ tenantId, request }: { tenantId: string; request: AnalyticsRequest }) {
  const analytics = useQuery(behaviourAnalyticsQueryOptions(tenantId, request));
  if (analytics.isPending) return <LoadingStatus>Loading the charts...</LoadingStatus>;
  if (analytics.isError && !analytics.data) {
    return (
      <LoadError
        title="Could not load the charts"
        error={analytics.error}
        onRetry={() => void analytics.refetch()}
      />
    );
  }
  const data = analytics.data;
  const { totals } = data;
  return (
    <div className="flex flex-col gap-6" aria-busy={analytics.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="analytics-totals">
          <Total label="Incidents" value={totals.incidents} testId="total-incidents" />
          <Total label="Restrictive-practice uses" value={totals.practiceUses} testId="total-practice-uses" />
          <Total
            label="Minutes of restrictive practice"
            value={totals.practiceMinutes}
            testId="total-minutes"
          />
          <Total label="Unauthorised uses" value={totals.unauthorisedUses} testId="total-unauthorised" />
        </dl>
        <Button variant="outline" asChild>
          <a href={analyticsCsvUrl(tenantId, request)} download data-testid="analytics-csv">
            <DownloadIcon aria-hidden="true" />
            Download CSV (all charts)
          </a>
        </Button>
      </div>
      {analytics.isFetching ? (
        <p role="status" className="sr-only">
          Updating the charts…
        </p>
      ) : null}
      <LazyPartBoundary fallback={<LazyPartLoading />}>
        <AnalyticsCharts analytics={data} csvUrl={(chart) => analyticsCsvUrl(tenantId, request, chart)} />
      </LazyPartBoundary>
    </div>
  );
}

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border bg-card px-3 py-2">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-xl tabular-nums" data-testid={testId}>
        {value.toLocaleString('en-AU')}
      </dd>
    </div>
  );
}
