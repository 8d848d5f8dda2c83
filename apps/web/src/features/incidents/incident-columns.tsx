import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import {
  type IncidentSeverityFilter,
  type IncidentSummary,
  incidentCategoryLabels,
  incidentSeverityLabel,
  incidentStatusLabels,
  reportableCategoryLabels,
} from '@wattle/domain/incidents/schemas';
import { DeadlineBadge } from '@/features/deadlines/deadline-badge';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { formatIncidentTime } from './incident-format';

/**
 * The register's columns (issue 16 item 4). The server sorts (the list is paged), so a sortable
 * column's id is the API's sort key; the Commission columns show each deadline as a badge with its
 * countdown, or when it was met.
 */
export const incidentTableFeatures = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof incidentTableFeatures, IncidentSummary>();

export const mobileIncidentColumnIds = new Set(['number', 'severity', 'notification']);

const severityTones: Record<IncidentSeverityFilter, string> = {
  'not-assessed': 'border-dashed text-muted-foreground',
  low: 'text-foreground',
  medium: 'border-transparent bg-amber-50 text-amber-900',
  high: 'border-transparent bg-orange-100 text-orange-900',
  critical: 'border-destructive/40 bg-destructive/10 text-destructive',
};

function CommissionCell({
  incident,
  kind,
}: {
  incident: IncidentSummary;
  kind: 'incident-notification' | 'incident-five-day-report';
}) {
  const deadline = incident.deadlines.find((d) => d.kind === kind);
  if (!incident.reportable || !deadline) return <span className="text-muted-foreground">—</span>;
  return <DeadlineBadge deadline={deadline} />;
}

export function incidentColumns(timeZone: string, onOpen: (id: string) => void) {
  return column.columns([
    column.accessor('workItemId', {
      id: 'number',
      header: 'Incident',
      cell: (info) => (
        <button
          type="button"
          onClick={() => onOpen(info.row.original.id)}
          className="flex flex-col items-start text-left focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          data-testid="incident-open"
        >
          <span className="font-medium underline-offset-4 hover:underline">{info.row.original.title}</span>
          <span className="text-muted-foreground text-xs">{info.getValue()}</span>
        </button>
      ),
    }),
    column.accessor('occurredAt', {
      id: 'occurredAt',
      header: 'Occurred',
      cell: (info) => (
        <span className="whitespace-nowrap">{formatIncidentTime(info.getValue(), timeZone)}</span>
      ),
    }),
    column.accessor((row) => row.participant?.name ?? '', {
      id: 'participant',
      header: 'Participant',
      cell: (info) => info.getValue() || <span className="text-muted-foreground">—</span>,
    }),
    column.accessor('category', {
      id: 'category',
      header: 'Category',
      cell: (info) => incidentCategoryLabels[info.getValue()],
    }),
    column.accessor('severity', {
      id: 'severity',
      header: 'Severity',
      cell: (info) => (
        <Badge variant="outline" className={cn(severityTones[info.getValue() ?? 'not-assessed'])}>
          {incidentSeverityLabel(info.getValue())}
        </Badge>
      ),
    }),
    column.accessor('reportableCategory', {
      id: 'reportable',
      header: 'Reportable',
      enableSorting: false,
      cell: (info) =>
        info.row.original.reportable && info.getValue() ? (
          <span className="font-medium text-destructive">{reportableCategoryLabels[info.getValue()!]}</span>
        ) : (
          <span className="text-muted-foreground">No</span>
        ),
    }),
    column.accessor('awareAt', {
      id: 'awareAt',
      header: 'Aware',
      cell: (info) =>
        info.getValue() ? (
          <span className="flex flex-col">
            <span className="whitespace-nowrap">{formatIncidentTime(info.getValue(), timeZone)}</span>
            <span className="text-muted-foreground text-xs">{info.row.original.awareBy?.name ?? ''}</span>
          </span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    }),
    column.display({
      id: 'notification',
      header: 'Notification',
      cell: (info) => <CommissionCell incident={info.row.original} kind="incident-notification" />,
    }),
    column.display({
      id: 'fiveDayReport',
      header: '5-day report',
      cell: (info) => <CommissionCell incident={info.row.original} kind="incident-five-day-report" />,
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      cell: (info) => incidentStatusLabels[info.getValue()],
    }),
  ]);
}
