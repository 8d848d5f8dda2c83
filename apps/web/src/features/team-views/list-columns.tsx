import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { type Priority, priorityLabels } from '@wattle/domain/cards/constants';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { cardStatusLabels } from '@wattle/domain/cards/workflow';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import { CheckCircle2Icon } from 'lucide-react';
import { formatDateTime } from '@/features/cards/card-list-format';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import type { DateOnly } from './calendar-dates';
import { formatDay } from './calendar-dates';
import { compareText, compareWorkItemIds, priorityRank, stateOf } from './list-filters';
import { priorityBadgeTone } from './list-priority';

/** The table's features: sorting only (filtering happens before, in list-filters.ts). */
export const listFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});

const column = createColumnHelper<typeof listFeatures, WorkItem>();

/** Which columns a phone shows: the rest would push the page sideways. */
export const mobileColumnIds = new Set(['workItemId', 'title', 'dueDate']);

/** CSS grid widths per column, the header and every row share them so cells line up. */
export const columnWidths: Record<string, string> = {
  workItemId: '7rem',
  title: 'minmax(14rem, 1fr)',
  state: '8.5rem',
  priority: '6.5rem',
  assignee: '10rem',
  startDate: '7.5rem',
  dueDate: '7.5rem',
  updatedAt: '10rem',
  compliance: '8rem',
};
export const mobileColumnWidths: Record<string, string> = {
  workItemId: '6.5rem',
  title: 'minmax(0, 1fr)',
  dueDate: '7.25rem',
};

function DateCell({ day, tone }: { day: DateOnly | null; tone?: string }) {
  if (!day) return <span className="text-muted-foreground">None</span>;
  return (
    <time dateTime={day} className={cn('whitespace-nowrap', tone)}>
      {formatDay(day)}
    </time>
  );
}

/** Date columns sort nulls last whichever way: `undefined` is what the table keeps at the end. */
const orUndefined = <T,>(value: T | null): T | undefined => value ?? undefined;

/**
 * The list's columns (issue 5 item 1): Work item, Title, State, Priority, Assignee, Start, Due,
 * Updated, Compliance. Each sorts by what it means — the state by the team's column order, the
 * priority by urgency, ids by number — not by the words shown.
 */
export function listColumns(states: readonly WorkflowState[], isOverdue: (item: WorkItem) => boolean) {
  const order = new Map([...states].sort((a, b) => a.order - b.order).map((s, i) => [s.id, i] as const));
  return column.columns([
    column.accessor('workItemId', {
      header: 'Work item',
      sortFn: (a, b) => compareWorkItemIds(a.original.workItemId, b.original.workItemId),
      cell: (info) => <span className="font-mono text-muted-foreground text-xs">{info.getValue()}</span>,
    }),
    column.accessor('title', {
      header: 'Title',
      sortFn: (a, b) => compareText(a.original.title, b.original.title),
      cell: (info) => <span className="truncate font-medium">{info.getValue() || 'Untitled'}</span>,
    }),
    column.accessor(
      (item) => orUndefined(item.workflowStateId === null ? null : (order.get(item.workflowStateId) ?? null)),
      {
        id: 'state',
        header: 'State',
        sortUndefined: 'last',
        sortFn: (a, b) => (a.getValue<number>('state') ?? 0) - (b.getValue<number>('state') ?? 0),
        cell: (info) => {
          const state = stateOf(info.row.original, states);
          if (!state) return <span className="text-muted-foreground">No state</span>;
          return (
            <span className="flex min-w-0 items-center gap-1.5">
              <span
                aria-hidden="true"
                className="size-2 shrink-0 rounded-full"
                style={{ backgroundColor: state.color }}
              />
              <span className="truncate">{state.name}</span>
              {/* The card's one status, which its column stands for (decision 0037). */}
              <span className="shrink-0 text-muted-foreground text-xs" data-testid="list-status">
                {cardStatusLabels[info.row.original.status]}
              </span>
            </span>
          );
        },
      },
    ),
    column.accessor((item) => priorityRank[item.priority], {
      id: 'priority',
      header: 'Priority',
      sortFn: (a, b) => priorityRank[a.original.priority] - priorityRank[b.original.priority],
      cell: (info) => {
        const priority: Priority = info.row.original.priority;
        return <Badge className={priorityBadgeTone[priority]}>{priorityLabels[priority]}</Badge>;
      },
    }),
    column.accessor((item) => orUndefined(item.assigneeName), {
      id: 'assignee',
      header: 'Assignee',
      sortUndefined: 'last',
      sortFn: (a, b) => compareText(a.original.assigneeName ?? '', b.original.assigneeName ?? ''),
      cell: (info) =>
        info.row.original.assigneeName ? (
          <span className="truncate">{info.row.original.assigneeName}</span>
        ) : (
          <span className="text-muted-foreground">Unassigned</span>
        ),
    }),
    column.accessor((item) => orUndefined(item.startDate), {
      id: 'startDate',
      header: 'Start',
      sortUndefined: 'last',
      sortFn: (a, b) => (a.original.startDate ?? '').localeCompare(b.original.startDate ?? ''),
      cell: (info) => <DateCell day={info.row.original.startDate} />,
    }),
    column.accessor((item) => orUndefined(item.dueDate), {
      id: 'dueDate',
      header: 'Due',
      sortUndefined: 'last',
      sortFn: (a, b) => (a.original.dueDate ?? '').localeCompare(b.original.dueDate ?? ''),
      cell: (info) => {
        const overdue = isOverdue(info.row.original);
        return (
          <span className="flex items-center gap-1">
            <DateCell day={info.row.original.dueDate} tone={cn(overdue && 'font-medium text-red-700')} />
            {overdue ? <span className="sr-only">(overdue)</span> : null}
          </span>
        );
      },
    }),
    column.accessor('updatedAt', {
      header: 'Updated',
      sortDescFirst: true,
      sortFn: (a, b) => a.original.updatedAt.localeCompare(b.original.updatedAt),
      cell: (info) => (
        <time dateTime={info.getValue()} className="text-muted-foreground">
          {formatDateTime(info.getValue())}
        </time>
      ),
    }),
    column.accessor((item) => (item.isCompliant ? 101 : item.completion), {
      id: 'compliance',
      header: 'Compliance',
      sortFn: (a, b) => a.getValue<number>('compliance') - b.getValue<number>('compliance'),
      cell: (info) =>
        info.row.original.isCompliant ? (
          <span className="flex items-center gap-1 text-emerald-800">
            <CheckCircle2Icon aria-hidden="true" className="size-4" />
            Compliant
          </span>
        ) : (
          <span className="tabular-nums">{info.row.original.completion}% complete</span>
        ),
    }),
  ]);
}
