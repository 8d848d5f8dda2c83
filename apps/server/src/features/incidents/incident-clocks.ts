import {
  incidentFiveDayReportDue,
  incidentNotificationDue,
} from '@wattle/domain/deadlines/commission-deadlines';
import { incidentDeadlineKinds } from '@wattle/domain/deadlines/schemas';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants';
import type { TenantContext } from '../../http/tenant-scope';
import { dropDeadlines, keepDeadline } from '../deadlines/keep-deadlines';
import type { IncidentRow } from './incident-records';

/**
 * Harm decides whether an unauthorised restrictive practice may wait 5 business days (Reportable
 * Incidents Rules: a use that caused no harm) or must be notified in 24 hours. The register has no
 * harm field, so severity carries it: Low records that nobody was harmed; anything higher, as well
 * as a use not yet assessed (raised at Medium), keeps the stricter 24 hours.
 */
export function causedHarm(incident: Pick<IncidentRow, 'severity'>): boolean {
  return incident.severity !== 'low';
}

/**
 * Keeps a reportable incident's Commission clocks in step with its register entry, in the same
 * transaction: the notification and 5-day report run from awareAt in the tenant's time zone and
 * state's business days, and are met by notifiedAt and fiveDayReportAt. An incident that is not
 * (or no longer) reportable has none.
 */
export async function keepIncidentClocks(
  ctx: TenantContext,
  incident: IncidentRow,
): Promise<{ notificationDue: Date; timeZone: string } | null> {
  if (!incident.reportable || !incident.awareAt || !incident.reportableCategory) {
    await dropDeadlines(ctx.tx, ctx.tenantId, incident.id, incidentDeadlineKinds);
    return null;
  }
  const [tenant] = await ctx.tx
    .select({ timeZone: tenants.timeZone, profile: tenants.profile })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const timeZone = tenant?.timeZone ?? 'Australia/Sydney';
  const state = tenantState({ addressState: tenant?.profile.address?.state, timeZone });
  const subject = {
    subjectType: 'incident' as const,
    subjectId: incident.id,
    participantId: incident.participantId,
    teamId: incident.teamId,
  };
  const notificationDue = incidentNotificationDue(
    incident.awareAt,
    incident.reportableCategory,
    state,
    timeZone,
    { causedHarm: causedHarm(incident) },
  );
  await keepDeadline(ctx.tx, ctx.tenantId, {
    ...subject,
    kind: 'incident-notification',
    dueAt: notificationDue,
    metAt: incident.notifiedAt,
  });
  await keepDeadline(ctx.tx, ctx.tenantId, {
    ...subject,
    kind: 'incident-five-day-report',
    dueAt: incidentFiveDayReportDue(incident.awareAt, state, timeZone),
    metAt: incident.fiveDayReportAt,
  });
  return { notificationDue, timeZone };
}
