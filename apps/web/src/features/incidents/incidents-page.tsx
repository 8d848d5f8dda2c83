import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type SortingState, type Updater, useTable } from '@tanstack/react-table';
import type { Permission } from '@wattle/domain/auth/permissions';
import {
  type IncidentSummary,
  incidentCategories,
  incidentCategoryLabels,
  incidentSeverityFilterLabels,
  incidentSeverityFilters,
} from '@wattle/domain/incidents/schemas';
import { DownloadIcon } from 'lucide-react';
import { useMemo } from 'react';
import { canAnywhere, useParticipantAccess } from '@/features/participants/participant-access';
import { currentTenantQueryOptions } from '@/features/time/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { DateInput } from '@/ui/date-input';
import { isIsoDate } from '@/ui/date-text';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SortableHeaderCell } from '@/ui/sortable-header-cell';
import { useViewport } from '@/ui/use-viewport';
import { incidentsCsvUrl, incidentsQueryOptions } from './api';
import { incidentColumns, incidentTableFeatures, mobileIncidentColumnIds } from './incident-columns';
import { IncidentDetail } from './incident-detail';
import {
  type IncidentListSearch,
  type IncidentSortKey,
  incidentListRequestOf,
  incidentPageSize,
} from './incident-list-search';

const route = getRouteApi('/signed-in/tenant/incidents');
const defaultTimeZone = 'Australia/Sydney';

/**
 * /incidents (issue 16 item 4): the register of incident reports across the teams the caller
 * reaches, with the Commission's notification and 5-day report deadlines; filters, sort, page and the
 * open incident live in the address; the CSV export takes the same filters.
 */
export function IncidentsPage() {
  useDocumentTitle('Incidents');
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/incidents' });
  const access = useParticipantAccess();
  const { tenant } = access;
  const anywhere = (permission: Permission) => canAnywhere(access.teams, access.tenantRole, permission);
  const canRead = anywhere('read:incidents');
  const tenantQuery = useQuery(currentTenantQueryOptions(tenant.id));
  const timeZone = tenantQuery.data?.timeZone ?? defaultTimeZone;

  const setSearch = (changes: Partial<IncidentListSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });
  const setFilter = (changes: Partial<IncidentListSearch>) => setSearch({ ...changes, page: undefined });

  if (!canRead) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="font-semibold text-2xl tracking-tight">Incidents</h1>
        <p className="mt-2 text-muted-foreground text-sm" data-testid="incidents-no-access">
          Your role in {tenant.name} does not show incident reports.
        </p>
      </div>
    );
  }

  const request = incidentListRequestOf(search);
  const readableTeams = access.teams.filter((team) => access.canOn('read:incidents', team.id));
  // Each care team centres on one participant: the filter offers those of the teams read.
  const participantOptions = [
    ...new Map(
      readableTeams.flatMap((team) =>
        team.participant ? [[team.participant.id, team.participant.name]] : [],
      ),
    ).entries(),
  ].sort(([, a], [, b]) => a.localeCompare(b, 'en-AU'));

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">Incidents</h1>
          <p className="mt-1 text-muted-foreground text-sm">
            Incident reports across your teams, with the NDIS Commission’s notification and 5-day report
            deadlines for reportable ones. New incidents come from Quick Add’s New Incident.
          </p>
        </div>
        <Button variant="outline" asChild>
          <a href={incidentsCsvUrl(tenant.id, request)} download data-testid="incidents-csv">
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>

      <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3">
        <legend className="sr-only">Filter incidents</legend>
        <FilterSelect
          id="incident-filter-status"
          label="Status"
          value={search.status ?? ''}
          options={[
            ['open', 'Open'],
            ['closed', 'Closed'],
          ]}
          onChange={(value) => setFilter({ status: (value || undefined) as IncidentListSearch['status'] })}
        />
        <FilterSelect
          id="incident-filter-reportable"
          label="Reportable"
          value={search.reportable === undefined ? '' : String(search.reportable)}
          options={[
            ['true', 'Reportable'],
            ['false', 'Not reportable'],
          ]}
          onChange={(value) => setFilter({ reportable: value === '' ? undefined : value === 'true' })}
        />
        <FilterSelect
          id="incident-filter-category"
          label="Category"
          value={search.category ?? ''}
          options={incidentCategories.map((c) => [c, incidentCategoryLabels[c]])}
          onChange={(value) =>
            setFilter({ category: (value || undefined) as IncidentListSearch['category'] })
          }
        />
        <FilterSelect
          id="incident-filter-severity"
          label="Severity"
          value={search.severity ?? ''}
          options={incidentSeverityFilters.map((s) => [s, incidentSeverityFilterLabels[s]])}
          onChange={(value) =>
            setFilter({ severity: (value || undefined) as IncidentListSearch['severity'] })
          }
        />
        <FilterSelect
          id="incident-filter-team"
          label="Team"
          value={search.team ?? ''}
          options={readableTeams.map((team) => [team.id, team.name])}
          onChange={(value) => setFilter({ team: value || undefined })}
        />
        <FilterSelect
          id="incident-filter-participant"
          label="Participant"
          value={search.participant ?? ''}
          options={participantOptions}
          onChange={(value) => setFilter({ participant: value || undefined })}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="incident-filter-from">From</Label>
          <DateInput
            id="incident-filter-from"
            value={search.from ?? ''}
            onChange={(from) => {
              // Only a whole date (or none) filters: half-typed text waits in the box.
              if (from === '' || isIsoDate(from)) setFilter({ from: from || undefined });
            }}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="incident-filter-to">To</Label>
          <DateInput
            id="incident-filter-to"
            value={search.to ?? ''}
            onChange={(to) => {
              if (to === '' || isIsoDate(to)) setFilter({ to: to || undefined });
            }}
          />
        </div>
        <div className="flex h-9 items-center gap-2">
          <Checkbox
            id="incident-filter-overdue"
            checked={search.overdue === true}
            onCheckedChange={(checked) => setFilter({ overdue: checked === true ? true : undefined })}
          />
          <Label htmlFor="incident-filter-overdue">Overdue deadlines only</Label>
        </div>
      </fieldset>

      <IncidentTable tenantId={tenant.id} search={search} timeZone={timeZone} onSearch={setSearch} />

      <IncidentDetail
        tenantId={tenant.id}
        incidentId={search.incident ?? null}
        timeZone={timeZone}
        canWriteOn={(teamId) => access.canOn('write:incidents', teamId)}
        onClose={() => setSearch({ incident: undefined })}
      />
    </div>
  );
}

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function IncidentTable({
  tenantId,
  search,
  timeZone,
  onSearch,
}: {
  tenantId: string;
  search: IncidentListSearch;
  timeZone: string;
  onSearch: (changes: Partial<IncidentListSearch>) => void;
}) {
  const request = incidentListRequestOf(search);
  const list = useQuery(incidentsQueryOptions(tenantId, request));
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);
  const total = list.data?.meta.total ?? 0;
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / incidentPageSize));
  const isMobile = useViewport() === 'mobile';
  const columns = useMemo(
    () => incidentColumns(timeZone, (id) => onSearch({ incident: id })),
    [timeZone, onSearch],
  );

  const sorting: SortingState = [{ id: request.sort ?? 'occurredAt', desc: request.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const [first] = next;
    if (!first) return;
    onSearch({ sort: first.id as IncidentSortKey, order: first.desc ? 'desc' : 'asc', page: undefined });
  };
  const table = useTable({
    features: incidentTableFeatures,
    columns,
    data: rows,
    getRowId: (row: IncidentSummary) => row.id,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const headers = (table.getHeaderGroups()[0]?.headers ?? []).filter(
    (header) => !isMobile || mobileIncidentColumnIds.has(header.column.id),
  );

  if (list.isPending) return <LoadingStatus>Loading incidents...</LoadingStatus>;
  if (list.isError && rows.length === 0) {
    return (
      <LoadError
        title="Could not load the incidents"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-muted-foreground text-sm" role="status" data-testid="incident-count">
        {total === 1 ? '1 incident' : `${total.toLocaleString('en-AU')} incidents`}
        {list.isFetching ? ' (updating…)' : ''}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-muted-foreground text-sm">
          No incidents match these filters. An incident report made with Quick Add’s New Incident appears
          here.
        </p>
      ) : (
        <div className="min-w-0 overflow-x-auto rounded-lg border bg-card">
          <table aria-label="Incidents" className="w-full text-sm">
            <thead className="border-b bg-muted text-left text-muted-foreground text-xs">
              <tr>
                {headers.map((header) => (
                  <SortableHeaderCell
                    key={header.id}
                    sorted={header.column.getIsSorted()}
                    canSort={header.column.getCanSort()}
                    onToggle={header.column.getToggleSortingHandler()}
                  >
                    <table.FlexRender header={header} />
                  </SortableHeaderCell>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid="incident-row"
                  aria-selected={search.incident === row.id}
                  className="border-b last:border-b-0 hover:bg-muted/40 aria-selected:bg-accent/40"
                >
                  {row
                    .getAllCells()
                    .filter((cell) => !isMobile || mobileIncidentColumnIds.has(cell.column.id))
                    .map((cell) => (
                      <td key={cell.id} className="max-w-64 px-3 py-2 align-top">
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Incident pages" className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onSearch({ page: page - 1 > 1 ? page - 1 : undefined })}
          >
            Previous
          </Button>
          <span className="text-muted-foreground text-sm">
            Page {page} of {pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => onSearch({ page: page + 1 })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
