import { deadlineStatusLabels } from '../deadlines/schemas';
import {
  type IncidentSummary,
  incidentCategoryLabels,
  incidentSeverityLabel,
  incidentStatusLabels,
  reportableCategoryLabels,
} from './schemas';

/** The register's CSV (`GET /api/incidents.csv`): one row per incident, in this order. */
export const incidentCsvColumns = [
  'Work item',
  'Title',
  'Participant',
  'Team',
  'Occurred',
  'Category',
  'Severity',
  'Reportable',
  'Reportable category',
  'Aware at',
  'Aware by',
  'Notification due',
  'Notification status',
  'Notified at',
  'Notification reference',
  '5-day report due',
  '5-day report status',
  '5-day report at',
  '5-day report reference',
  'Status',
  'Open actions',
] as const;

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant as dd/mm/yyyy hh:mm (24-hour) in the tenant's zone; empty for none. */
export function formatRegisterInstant(at: string | null, timeZone: string): string {
  if (!at) return '';
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** One incident's CSV cells, in `incidentCsvColumns` order. */
export function incidentCsvRow(incident: IncidentSummary, timeZone: string): string[] {
  const when = (at: string | null) => formatRegisterInstant(at, timeZone);
  const notification = incident.deadlines.find((d) => d.kind === 'incident-notification');
  const report = incident.deadlines.find((d) => d.kind === 'incident-five-day-report');
  return [
    incident.workItemId,
    incident.title,
    incident.participant?.name ?? '',
    incident.team.name,
    when(incident.occurredAt),
    incidentCategoryLabels[incident.category],
    incidentSeverityLabel(incident.severity),
    incident.reportable ? 'Yes' : 'No',
    incident.reportable && incident.reportableCategory
      ? reportableCategoryLabels[incident.reportableCategory]
      : '',
    when(incident.awareAt),
    incident.awareBy?.name ?? '',
    when(notification?.dueAt ?? null),
    notification ? deadlineStatusLabels[notification.status] : '',
    when(incident.notifiedAt),
    incident.notificationReference ?? '',
    when(report?.dueAt ?? null),
    report ? deadlineStatusLabels[report.status] : '',
    when(incident.fiveDayReportAt),
    incident.fiveDayReportReference ?? '',
    incidentStatusLabels[incident.status],
    String(incident.openActionCount),
  ];
}
