import { incidentLink } from '@wattle/domain/deadlines/schemas';
import { type ReportableCategory, reportableCategoryLabels } from '@wattle/domain/incidents/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { findTenantAdmins } from '../../jobs/recipients';
import { formatDateTime } from '../cards/pdf-text';
import { createNotifications } from '../notifications/create-notifications';

/**
 * A newly reportable incident: the tenant's owners and admins hear at once (high priority, linked
 * to the incident in the register, and carrying its card), since the Commission's notification clock is already running. The
 * person who marked it knows already. The deadline job adds its reminders later.
 */
export async function notifyReportableIncident(
  ctx: TenantContext,
  incident: {
    id: string;
    cardId: string;
    participantId: string | null;
    reportableCategory: ReportableCategory;
    workItemId: string;
    participantName: string | null;
  },
  clocks: { notificationDue: Date; timeZone: string },
): Promise<void> {
  const recipients = (await findTenantAdmins(ctx.tx, ctx.tenantId)).filter((id) => id !== ctx.actor.id);
  const about = incident.participantName ? ` for ${incident.participantName}` : '';
  const message = `Reportable incident ${incident.workItemId}${about} (${reportableCategoryLabels[incident.reportableCategory]}): notify the NDIS Commission by ${formatDateTime(clocks.notificationDue, clocks.timeZone)}`;
  await createNotifications(
    ctx.tx,
    recipients.map((userId) => ({
      tenantId: ctx.tenantId,
      userId,
      type: 'info' as const,
      priority: 'high' as const,
      message,
      cardId: incident.cardId,
      link: incidentLink(incident.id),
      participantId: incident.participantId,
      participantName: incident.participantName,
    })),
  );
}
