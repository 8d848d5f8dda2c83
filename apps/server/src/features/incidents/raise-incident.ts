import type {
  Incident,
  IncidentCategory,
  IncidentSeverity,
  ReportableCategory,
} from '@wattle/domain/incidents/schemas';
import { localDateTime } from '@wattle/domain/time/timer';
import { and, eq } from 'drizzle-orm';
import { incidents } from '../../db/schema/incidents';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { createCard } from '../cards/create-card';
import { requireIncidentAccess } from './incident-access';
import { selectIncidentRows, toIncident } from './incident-records';
import { changeIncident } from './update-incident';

export interface RaiseIncidentInput {
  participantId: string | null;
  teamId: string;
  occurredAt: Date;
  title: string;
  description: string;
  /** Given: the incident is reportable in this category, and its Commission clocks start. */
  reportableCategory?: ReportableCategory;
  /** When a key worker became aware; defaults to now (and the caller). */
  awareAt?: Date;
  restrictivePracticeUseId?: string;
  /** Defaults: 'restrictive-practice' for a restrictive practice use, else 'other'. */
  category?: IncidentCategory;
  /**
   * Empty (not assessed) unless given: an unauthorised restrictive practice is then notified within
   * 24 hours until someone records Low, no harm.
   */
  severity?: IncidentSeverity;
}

/** The incident-report template's description field takes 20 to 2,000 characters. */
const descriptionFieldLength = { min: 20, max: 2000 };

/**
 * Raises an incident from another part of Wattle (a restrictive practice used without
 * authorisation, issue 16 item 3): the incident-report card, made exactly as `POST /api/cards`
 * makes one (so its register entry comes with it), then its register fields, reportable when a
 * category is given, which starts the Commission's clocks and tells the owners and admins. Runs in
 * the caller's transaction; the caller needs write:incidents (and write:cards) on the team.
 *
 * Takes the caller's TenantContext (its tx and actor, with the tenant and the caller's standing,
 * which making a card needs).
 */
export async function raiseIncident(ctx: TenantContext, input: RaiseIncidentInput): Promise<Incident> {
  await requireIncidentAccess(ctx, input.teamId, 'write:incidents');
  const [tenant] = await ctx.tx
    .select({ timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  const at = localDateTime(input.occurredAt, tenant?.timeZone ?? 'Australia/Sydney');
  const description = input.description.trim();
  const fitsField =
    description.length >= descriptionFieldLength.min && description.length <= descriptionFieldLength.max;
  const card = await createCard(ctx, {
    teamId: input.teamId,
    title: input.title,
    description,
    templateId: 'incident-report',
    participantId: input.participantId,
    priority: input.reportableCategory ? 'high' : undefined,
    fieldValues: {
      'incident-date': at.date,
      'incident-time': at.time,
      ...(fitsField ? { 'incident-description': description } : {}),
    },
  });
  const [joined] = await selectIncidentRows(ctx.tx).where(
    and(eq(incidents.tenantId, ctx.tenantId), eq(incidents.cardId, card.id)),
  );
  if (!joined) throw new AppError('INTERNAL', 'The incident report was made without its register entry');
  await changeIncident(ctx, joined, {
    category: input.category ?? (input.restrictivePracticeUseId ? 'restrictive-practice' : undefined),
    severity: input.severity,
    ...(input.reportableCategory
      ? {
          reportable: true,
          reportableCategory: input.reportableCategory,
          awareAt: (input.awareAt ?? new Date()).toISOString(),
        }
      : {}),
    restrictivePracticeUseId: input.restrictivePracticeUseId,
  });
  const [row] = await selectIncidentRows(ctx.tx).where(
    and(eq(incidents.tenantId, ctx.tenantId), eq(incidents.id, joined.incident.id)),
  );
  return toIncident(ctx, row!);
}
