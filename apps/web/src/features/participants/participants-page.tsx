import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type SortingState, type Updater, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { participantStatuses, participantStatusLabels } from '@wattle/domain/participants/schemas';
import { HandHeartIcon, PlusIcon } from 'lucide-react';
import { type MouseEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@/features/search/use-debounced-value';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { LoadError, LoadingStatus } from '@/ui/query-status';
import { SortableHeaderCell } from '@/ui/sortable-header-cell';
import { useViewport } from '@/ui/use-viewport';
import { participantsInfiniteQueryOptions } from './api';
import { useParticipantAccess } from './participant-access';
import {
  mobileParticipantColumnIds,
  mobileParticipantColumnWidths,
  participantColumns,
  participantColumnWidths,
  participantTableFeatures,
} from './participant-columns';
import {
  isFiltered,
  listFiltersOf,
  type ParticipantListSearch,
  type ParticipantSortKey,
} from './participant-list-search';

const route = getRouteApi('/signed-in/tenant/participants/');

/** Every row is this tall, so the virtualiser knows where each one is without measuring. */
const rowHeight = 48;
/** Ask for the next page while this many loaded rows are still below the last one in sight. */
const fetchAheadRows = 30;
/** The search box waits this long after the last key (spec work section 5: 300 ms). */
const searchDebounceMs = 300;

/**
 * /participants (issue 13 part 3): the tenant's participants the caller may read, searched and
 * sorted by the server and fetched a page at a time as the table scrolls. Only the rows in sight are
 * in the page (TanStack Virtual), so thousands scroll as smoothly as ten. Each name opens the
 * participant; 'Add Participant' is there for those who may add one.
 */
export function ParticipantsPage() {
  useDocumentTitle('Participants');
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/participants/' });
  const access = useParticipantAccess();
  const { tenant } = access;
  const viewport = useViewport();
  const isMobile = viewport === 'mobile';
  const filterId = useId();

  const setSearch = (changes: Partial<ParticipantListSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes }), replace: true });

  // The box shows what is typed at once; the address (and the request) follow once typing pauses.
  const [text, setText] = useState(search.q ?? '');
  const debouncedText = useDebouncedValue(text, searchDebounceMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing updates the address.
  useEffect(() => {
    const q = debouncedText.trim() || undefined;
    if (q !== search.q) setSearch({ q });
  }, [debouncedText]);

  const filters = listFiltersOf(search);
  const list = useInfiniteQuery({
    ...participantsInfiniteQueryOptions(tenant.id, filters),
    // The rows of the last answer stay while the next search or sort loads: no flash of emptiness.
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const total = list.data?.pages[0]?.meta.total ?? 0;

  const sorting: SortingState = [{ id: filters.sort, desc: filters.order === 'desc' }];
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const [first] = next;
    if (!first) return;
    setSearch({ sort: first.id as ParticipantSortKey, order: first.desc ? 'desc' : 'asc' });
  };

  const table = useTable({
    features: participantTableFeatures,
    columns: participantColumns,
    data: rows,
    getRowId: (row) => row.id,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const tableRows = table.getRowModel().rows;
  const headers = (table.getHeaderGroups()[0]?.headers ?? []).filter(
    (header) => !isMobile || mobileParticipantColumnIds.has(header.column.id),
  );
  const widths = isMobile ? mobileParticipantColumnWidths : participantColumnWidths;
  const gridTemplateColumns = headers.map((header) => widths[header.column.id] ?? '8rem').join(' ');

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastInSight = virtualRows.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastInSight >= tableRows.length - fetchAheadRows) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastInSight, tableRows.length]);

  // A new search or sort starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger.
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [JSON.stringify(filters)]);

  function openRow(event: MouseEvent, id: string) {
    // The name is a link of its own; a click elsewhere on the row opens the participant too.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/participants/$participantId', params: { participantId: id } });
  }

  const filtered = isFiltered(search);
  const teamsOnList = access.teams.filter((team) => team.participant !== null || team.id === search.team);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-semibold text-2xl tracking-tight">Participants</h1>
          <p className="mt-1 text-muted-foreground text-sm">
            The people {tenant.name} supports, with their NDIS plans, goals and alerts.
          </p>
        </div>
        {access.canCreate ? (
          <Button asChild>
            <Link to="/participants/new">
              <PlusIcon aria-hidden="true" />
              Add Participant
            </Link>
          </Button>
        ) : null}
      </div>

      <fieldset className="grid min-w-0 grid-cols-2 gap-2 lg:flex lg:flex-wrap lg:items-end">
        <legend className="sr-only">Search and filter participants</legend>
        <div className="col-span-2 flex min-w-0 flex-col gap-1 lg:w-72">
          <Label htmlFor={`${filterId}-q`}>Search participants</Label>
          <Input
            id={`${filterId}-q`}
            type="search"
            placeholder="Name or NDIS number"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-40">
          <Label htmlFor={`${filterId}-status`}>Status</Label>
          <NativeSelect
            id={`${filterId}-status`}
            value={search.status ?? ''}
            onChange={(event) =>
              setSearch({ status: (event.target.value || undefined) as ParticipantListSearch['status'] })
            }
          >
            <option value="">All statuses</option>
            {participantStatuses.map((status) => (
              <option key={status} value={status}>
                {participantStatusLabels[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-56">
          <Label htmlFor={`${filterId}-team`}>Team</Label>
          <NativeSelect
            id={`${filterId}-team`}
            value={search.team ?? ''}
            onChange={(event) => setSearch({ team: event.target.value || undefined })}
          >
            <option value="">All teams</option>
            {teamsOnList.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="col-span-2 flex h-9 items-center gap-2">
          <Checkbox
            id={`${filterId}-archived`}
            checked={search.archived === true}
            onCheckedChange={(checked) => setSearch({ archived: checked === true ? true : undefined })}
          />
          <Label htmlFor={`${filterId}-archived`}>Archived only</Label>
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-9 justify-self-start"
            onClick={() => {
              setText('');
              setSearch({ q: undefined, status: undefined, team: undefined, archived: undefined });
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </fieldset>

      {list.isPending ? (
        <LoadingStatus>Loading participants...</LoadingStatus>
      ) : list.isError && rows.length === 0 ? (
        <LoadError
          title="Could not load the participants"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" role="status" data-testid="participant-count">
            {total === 1 ? '1 participant' : `${total.toLocaleString('en-AU')} participants`}
            {search.archived ? ' archived' : ''}
            {list.isFetching && !list.isFetchingNextPage ? ' (updating…)' : ''}
          </p>
          {rows.length === 0 ? (
            <EmptyList filtered={filtered} canCreate={access.canCreate} />
          ) : (
            <div
              ref={scrollRef}
              className="relative max-h-[min(70vh,44rem)] min-w-0 overflow-auto rounded-lg border bg-card"
              data-testid="participant-scroll"
            >
              {/* A real table laid out as a grid: the rows sit where the virtualiser puts them. */}
              <table
                aria-label="Participants"
                aria-rowcount={total + 1}
                className="grid min-w-full text-sm"
                style={{ width: isMobile ? '100%' : 'max-content' }}
              >
                <thead className="sticky top-0 z-10 grid border-b bg-muted text-left text-muted-foreground text-xs">
                  <tr aria-rowindex={1} className="grid" style={{ gridTemplateColumns }}>
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
                <tbody className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
                  {virtualRows.map((virtualRow) => {
                    const row = tableRows[virtualRow.index];
                    if (!row) return null;
                    const cells = row
                      .getAllCells()
                      .filter((cell) => !isMobile || mobileParticipantColumnIds.has(cell.column.id));
                    return (
                      <tr
                        key={row.id}
                        aria-rowindex={virtualRow.index + 2}
                        data-testid="participant-row"
                        onClick={(event) => openRow(event, row.original.id)}
                        className={cn(
                          'absolute inset-x-0 top-0 grid cursor-pointer items-center border-b hover:bg-muted/40',
                          row.original.archivedAt && 'text-muted-foreground',
                        )}
                        style={{
                          gridTemplateColumns,
                          height: rowHeight,
                          transform: `translateY(${virtualRow.start}px)`,
                        }}
                      >
                        {cells.map((cell) => (
                          <td key={cell.id} className="flex min-w-0 items-center overflow-hidden px-3">
                            <table.FlexRender cell={cell} />
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {isFetchingNextPage ? (
                <p className="px-3 py-2 text-muted-foreground text-xs" role="status">
                  Loading more participants...
                </p>
              ) : null}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function EmptyList({ filtered, canCreate }: { filtered: boolean; canCreate: boolean }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-10 text-center"
      data-testid="participants-empty"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <HandHeartIcon className="size-5" aria-hidden="true" />
      </span>
      {filtered ? (
        <p className="text-muted-foreground text-sm">No participants match these filters.</p>
      ) : (
        <>
          <p className="font-medium">No participants yet</p>
          <p className="max-w-prose text-muted-foreground text-sm">
            Participants are the people your organisation supports: their NDIS details, plan, goals and
            alerts.
          </p>
          {canCreate ? (
            <Button asChild>
              <Link to="/participants/new">
                <PlusIcon aria-hidden="true" />
                Add Participant
              </Link>
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
