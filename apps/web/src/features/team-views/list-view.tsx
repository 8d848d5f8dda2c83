import { useNavigate, useSearch } from '@tanstack/react-router';
import { FlexRender, type Row, type SortingState, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { priorities, priorityLabels } from '@wattle/domain/cards/constants';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { type KeyboardEvent, memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { NativeSelect } from '@/ui/native-select';
import { SortableHeaderCell } from '@/ui/sortable-header-cell';
import { useViewport } from '@/ui/use-viewport';
import { useTenantToday } from './calendar-today';
import { columnWidths, listColumns, listFeatures, mobileColumnIds, mobileColumnWidths } from './list-columns';
import {
  assigneesOf,
  doneStateIds,
  emptyListFilters,
  filterWorkItems,
  hasListFilters,
  isOverdue,
  type ListFilters,
  noState,
  unassigned,
} from './list-filters';
import type { TeamViewProps } from './team-view-types';

/** Every row is this tall, so the virtualiser knows where each one is without measuring. */
const rowHeight = 44;

interface RowHandlers {
  open: (item: WorkItem) => void;
  keyDown: (event: KeyboardEvent, index: number, item: WorkItem) => void;
  focus: (index: number) => void;
}

/**
 * One row of the list. Memoised: while the list scrolls only the rows coming into sight are drawn,
 * the others keep their cells and only move (issue 19: at 10,000 rows each scroll frame drew every
 * row in sight again, 50–184 ms frames).
 */
const ListRow = memo(function ListRow({
  row,
  index,
  start,
  isActive,
  isMobile,
  gridTemplateColumns,
  handlers,
}: {
  row: Row<typeof listFeatures, WorkItem>;
  index: number;
  start: number;
  isActive: boolean;
  isMobile: boolean;
  gridTemplateColumns: string;
  handlers: RowHandlers;
}) {
  const item = row.original;
  const cells = row.getAllCells().filter((cell) => !isMobile || mobileColumnIds.has(cell.column.id));
  return (
    <tr
      aria-rowindex={index + 2}
      data-row-index={index}
      data-testid="list-row"
      tabIndex={isActive ? 0 : -1}
      onClick={() => handlers.open(item)}
      onKeyDown={(event) => handlers.keyDown(event, index, item)}
      onFocus={() => handlers.focus(index)}
      className="absolute inset-x-0 top-0 grid cursor-pointer items-center border-b [content-visibility:auto] [contain-intrinsic-size:auto_44px] hover:bg-muted/40 focus-visible:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      style={{ gridTemplateColumns, height: rowHeight, transform: `translateY(${start}px)` }}
    >
      {cells.map((cell) => (
        <td key={cell.id} className="flex min-w-0 items-center overflow-hidden px-3">
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
});

/**
 * The list view (issue 5 item 1): every work item of the team (or the caller's own on My Work) in
 * a table sortable by any column and filtered by text, state, priority, assignee and "Overdue only".
 * Only the rows in sight are in the page (TanStack Virtual), so 10,000 rows scroll as smoothly as
 * 10; the ARIA table roles and row indexes still tell a screen reader where it is in the whole list.
 * A row opens its card on click or Enter; the arrow keys move between rows.
 */
export function ListView({ team, items, total, mine }: TeamViewProps) {
  const today = useTenantToday();
  const viewport = useViewport();
  const navigate = useNavigate();
  const filterId = useId();
  // `?overdue=true` (the dashboard's link) opens the list on the overdue cards.
  const { overdue: overdueOnly } = useSearch({ strict: false }) as { overdue?: true };
  const [filters, setFilters] = useState<ListFilters>(() => ({
    ...emptyListFilters,
    overdueOnly: overdueOnly === true,
  }));
  const [sorting, setSorting] = useState<SortingState>([]);

  const states = useMemo(
    () => [...team.workflowStates].sort((a, b) => a.order - b.order),
    [team.workflowStates],
  );
  const done = useMemo(() => doneStateIds(states), [states]);
  const overdue = useMemo(() => (item: WorkItem) => isOverdue(item, today, done), [today, done]);
  const columns = useMemo(() => listColumns(states, overdue), [states, overdue]);
  const assignees = useMemo(() => assigneesOf(items), [items]);
  const filtered = useMemo(
    () => filterWorkItems(items, filters, { today, states }),
    [items, filters, today, states],
  );

  const table = useTable({
    features: listFeatures,
    columns,
    data: filtered,
    getRowId: (item) => item.id,
    state: { sorting },
    onSortingChange: setSorting,
    // Ascending first (A to Z, earliest date, least urgent); Updated says otherwise on its column.
    sortDescFirst: false,
  });
  const rows = table.getRowModel().rows;

  const isMobile = viewport === 'mobile';
  const headers = (table.getHeaderGroups()[0]?.headers ?? []).filter(
    (header) => !isMobile || mobileColumnIds.has(header.column.id),
  );
  const widths = isMobile ? mobileColumnWidths : columnWidths;
  const gridTemplateColumns = headers.map((header) => widths[header.column.id] ?? '8rem').join(' ');

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // A few rows either side: each scroll frame that brings new rows draws them all (issue 19: at
    // 12 a side a fast scroll drew 49 new rows a frame, 50–184 ms frames).
    overscan: 4,
  });

  // Roving focus: one row is in the tab order; the arrow keys move it (scrolling it into view).
  const [activeIndex, setActiveIndex] = useState(0);
  const [focusRequest, setFocusRequest] = useState<number | null>(null);
  const safeActive = Math.min(activeIndex, Math.max(rows.length - 1, 0));
  useEffect(() => {
    if (focusRequest === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-row-index="${focusRequest}"]`);
    if (row) {
      row.focus();
      setFocusRequest(null);
    }
  });

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(index, rows.length - 1));
    setActiveIndex(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    setFocusRequest(next);
  }

  function openCard(item: WorkItem) {
    void navigate({ to: '/card/$cardId', params: { cardId: item.id } });
  }

  function onRowKeyDown(event: KeyboardEvent, index: number, item: WorkItem) {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: rows.length - 1,
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      openCard(item);
    } else if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key] as number);
    }
  }

  // The rows' handlers, stable across renders (the latest functions through a ref), so a scroll
  // frame draws only the rows that came into sight: the others are memoised (ListRow).
  const latest = useRef({ openCard, onRowKeyDown, setActiveIndex });
  latest.current = { openCard, onRowKeyDown, setActiveIndex };
  const rowHandlers = useMemo<RowHandlers>(
    () => ({
      open: (item) => latest.current.openCard(item),
      keyDown: (event, index, item) => latest.current.onRowKeyDown(event, index, item),
      focus: (index) => latest.current.setActiveIndex(index),
    }),
    [],
  );

  // Stable (the virtualiser is one object for the view's life), so the filters below are drawn again
  // only when they change, not on every scroll frame.
  const update = useCallback(
    (changes: Partial<ListFilters>) => {
      setFilters((previous) => ({ ...previous, ...changes }));
      setActiveIndex(0);
      virtualizer.scrollToOffset(0);
    },
    [virtualizer],
  );
  const isFiltered = hasListFilters(filters);
  const noun = mine ? 'of your work items' : 'work items';
  // The filters and the table's heading stay as they are while the list scrolls: the virtualiser
  // draws this view again on every scroll frame.
  const filterBar = useMemo(
    () => (
      <fieldset className="grid min-w-0 grid-cols-2 gap-2 lg:flex lg:flex-wrap lg:items-end">
        <legend className="sr-only">Filter work items</legend>
        <div className="col-span-2 flex min-w-0 flex-col gap-1 lg:w-64">
          <Label htmlFor={`${filterId}-text`}>Filter</Label>
          <Input
            id={`${filterId}-text`}
            type="search"
            placeholder="Title, work item or assignee"
            value={filters.text}
            onChange={(event) => update({ text: event.target.value })}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-44">
          <Label htmlFor={`${filterId}-state`}>State</Label>
          <NativeSelect
            id={`${filterId}-state`}
            value={filters.stateId}
            onChange={(event) => update({ stateId: event.target.value })}
          >
            <option value="">All states</option>
            {states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.name}
              </option>
            ))}
            <option value={noState}>No state</option>
          </NativeSelect>
        </div>
        <div className="flex min-w-0 flex-col gap-1 lg:w-36">
          <Label htmlFor={`${filterId}-priority`}>Priority</Label>
          <NativeSelect
            id={`${filterId}-priority`}
            value={filters.priority}
            onChange={(event) => update({ priority: event.target.value as ListFilters['priority'] })}
          >
            <option value="">All priorities</option>
            {[...priorities].reverse().map((priority) => (
              <option key={priority} value={priority}>
                {priorityLabels[priority]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {mine ? null : (
          <div className="flex min-w-0 flex-col gap-1 lg:w-48">
            <Label htmlFor={`${filterId}-assignee`}>Assignee</Label>
            <NativeSelect
              id={`${filterId}-assignee`}
              value={filters.assigneeId}
              onChange={(event) => update({ assigneeId: event.target.value })}
            >
              <option value="">Everyone</option>
              {assignees.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
              <option value={unassigned}>Unassigned</option>
            </NativeSelect>
          </div>
        )}
        <div className="flex h-9 items-center gap-2">
          <Checkbox
            id={`${filterId}-overdue`}
            checked={filters.overdueOnly}
            onCheckedChange={(checked) => update({ overdueOnly: checked === true })}
          />
          <Label htmlFor={`${filterId}-overdue`}>Overdue only</Label>
        </div>
        {isFiltered ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-9 justify-self-start"
            onClick={() => update(emptyListFilters)}
          >
            Clear filters
          </Button>
        ) : null}
      </fieldset>
    ),
    [filters, states, assignees, mine, isFiltered, filterId, update],
  );
  const headerIds = headers.map((header) => header.id).join(' ');
  // The headings are drawn again when the columns shown or the sorting change (their arrows), not
  // on every scroll frame; `headers` is a new array each time, its ids say when it is another.
  // biome-ignore lint/correctness/useExhaustiveDependencies: headerIds and sorting stand for headers
  const tableHead = useMemo(
    () => (
      <thead className="sticky top-0 z-10 grid border-b bg-muted text-left text-muted-foreground text-xs">
        <tr aria-rowindex={1} className="grid" style={{ gridTemplateColumns }}>
          {headers.map((header) => (
            <SortableHeaderCell
              key={header.id}
              sorted={header.column.getIsSorted()}
              onToggle={header.column.getToggleSortingHandler()}
            >
              <FlexRender header={header} />
            </SortableHeaderCell>
          ))}
        </tr>
      </thead>
    ),
    [headerIds, gridTemplateColumns, sorting],
  );

  return (
    <section
      aria-label={mine ? 'My work' : 'Work items'}
      className="flex min-w-0 flex-col gap-3"
      data-testid="list-view"
    >
      {filterBar}

      <p className="text-muted-foreground text-sm" role="status" data-testid="list-count">
        {rows.length.toLocaleString('en-AU')} of {items.length.toLocaleString('en-AU')} {noun}
        {total > items.length
          ? ` (the first ${items.length.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} are loaded)`
          : ''}
      </p>

      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
          {mine ? 'No work assigned to you in this team.' : 'No work items in this team yet.'}
        </p>
      ) : (
        <div
          ref={scrollRef}
          className="relative max-h-[min(70vh,40rem)] min-w-0 overflow-auto rounded-lg border"
          data-testid="list-scroll"
        >
          {/* A real table laid out as a grid: the rows sit where the virtualiser puts them. */}
          <table
            aria-label={mine ? `My work in ${team.name}` : `Work items of ${team.name}`}
            aria-rowcount={rows.length + 1}
            className="grid min-w-full text-sm"
            style={{ width: isMobile ? '100%' : 'max-content' }}
          >
            {tableHead}
            <tbody
              className="relative grid"
              style={{ height: Math.max(virtualizer.getTotalSize(), rowHeight) }}
            >
              {rows.length === 0 ? (
                <tr aria-rowindex={2} className="grid">
                  <td className="px-4 py-3 text-muted-foreground">No work items match these filters.</td>
                </tr>
              ) : (
                virtualizer.getVirtualItems().map((virtualRow) => {
                  const row = rows[virtualRow.index];
                  if (!row) return null;
                  return (
                    <ListRow
                      key={row.id}
                      row={row}
                      index={virtualRow.index}
                      start={virtualRow.start}
                      isActive={virtualRow.index === safeActive}
                      isMobile={isMobile}
                      gridTemplateColumns={gridTemplateColumns}
                      handlers={rowHandlers}
                    />
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
