import { Link } from '@tanstack/react-router';
import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { ParticipantListItem } from '@wattle/domain/participants/schemas';
import { TriangleAlertIcon } from 'lucide-react';
import { formatDate } from './participant-format';
import { ParticipantStatusBadge } from './participant-status-badge';

/**
 * The participant list's columns (issue 13 part 3): Name, NDIS Number, Status, Team, Plan End and
 * Alerts. The server sorts (the list is paged), so each sortable column's id is the API's sort key.
 */
export const participantTableFeatures = tableFeatures({ rowSortingFeature });

const column = createColumnHelper<typeof participantTableFeatures, ParticipantListItem>();

/** Which columns a phone shows: the rest would push the page sideways. */
export const mobileParticipantColumnIds = new Set(['name', 'status', 'alerts']);

/** CSS grid widths per column: the header and every row share them so cells line up. */
export const participantColumnWidths: Record<string, string> = {
  name: 'minmax(14rem, 1fr)',
  ndisNumber: '8.5rem',
  status: '7rem',
  team: 'minmax(10rem, 14rem)',
  planEnd: '8rem',
  alerts: '6rem',
};
export const mobileParticipantColumnWidths: Record<string, string> = {
  name: 'minmax(0, 1fr)',
  status: '5.5rem',
  alerts: '5rem',
};

const none = <span className="text-muted-foreground">—</span>;

export const participantColumns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <Link
        to="/participants/$participantId"
        params={{ participantId: info.row.original.id }}
        // Opening a participant is an audited read: nothing is fetched before the person opens it.
        preload={false}
        className="truncate font-medium underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="participant-link"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('ndisNumber', {
    header: 'NDIS Number',
    enableSorting: false,
    cell: (info) => {
      const value = info.getValue();
      return value ? <span className="font-mono text-xs tabular-nums">{value}</span> : none;
    },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <ParticipantStatusBadge status={info.getValue()} />,
  }),
  column.accessor('teamName', {
    id: 'team',
    header: 'Team',
    cell: (info) => {
      const value = info.getValue();
      return value ? (
        <span className="truncate">{value}</span>
      ) : (
        <span className="text-muted-foreground">No team</span>
      );
    },
  }),
  column.accessor('planEndDate', {
    id: 'planEnd',
    header: 'Plan End',
    cell: (info) => {
      const value = info.getValue();
      return value ? (
        <time dateTime={value} className="whitespace-nowrap">
          {formatDate(value)}
        </time>
      ) : (
        <span className="text-muted-foreground">No plan</span>
      );
    },
  }),
  column.accessor('alertCount', {
    id: 'alerts',
    header: 'Alerts',
    cell: (info) => {
      const count = info.getValue();
      if (count === 0) return <span className="text-muted-foreground tabular-nums">0</span>;
      return (
        <span className="flex items-center gap-1 font-medium text-amber-900 tabular-nums">
          <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
          {count}
          <span className="sr-only">{count === 1 ? ' alert' : ' alerts'}</span>
        </span>
      );
    },
  }),
]);
