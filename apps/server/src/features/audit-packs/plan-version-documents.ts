import type { ManifestFile } from '@wattle/domain/audit-packs/schemas';
import { type VersionBasis, versionsInPeriod } from '@wattle/domain/behaviour-support/versions-in-period';
import type { PlanVersionStatus } from '@wattle/domain/behaviour-support/workflow';
import { validateCompliance } from '@wattle/domain/cards/compliance';
import type { Card, CardStatus } from '@wattle/domain/cards/schemas';
import { instantOnClock } from '@wattle/domain/restrictive-practices/rules';
import type { FieldValues, FormTemplate } from '@wattle/domain/templates/schemas';
import { addDays } from '@wattle/domain/time/clock';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  behaviourSupportPlans as plans,
  behaviourSupportPlanVersions as versions,
} from '../../db/schema/behaviour-support';
import { users } from '../../db/schema/users';
import { formatDateTime } from '../cards/pdf-text';
import type { EvidenceScope } from './evidence-scope';

/**
 * A behaviour support plan's card in an audit pack shows the plan as approved, not as its working
 * card is being edited now (decision 0025: an approved version is immutable; issue 16 item 6): each
 * version in force during the pack's period, from its frozen copy in behaviour_support_plan_versions,
 * or, none approved by the period's end, the latest version then. Cards that are not a plan's working
 * card (a plan written on a plain card) are drawn as they are.
 */
export interface PlanVersionDocument {
  planId: string;
  number: number;
  status: PlanVersionStatus;
  approvedAt: Date | null;
  approvedByName: string | null;
  basis: VersionBasis;
  /** The frozen values; null for a draft, whose values are its working card's. */
  fieldValues: FieldValues | null;
  updatedAt: Date;
}

/** The period as instants: from the first day's midnight to the midnight after the last, in the tenant's zone. */
function periodInstants(scope: Pick<EvidenceScope, 'periodFrom' | 'periodTo' | 'timeZone'>) {
  return {
    start: new Date(instantOnClock(scope.periodFrom, '00:00', scope.timeZone)),
    end: new Date(instantOnClock(addDays(scope.periodTo, 1), '00:00', scope.timeZone)),
  };
}

/** For each card that is a plan's working card, the versions the pack shows, oldest first. */
export async function planVersionsOfCards(
  tx: Tx,
  scope: EvidenceScope,
  cardIds: string[],
): Promise<Map<string, PlanVersionDocument[]>> {
  const byCard = new Map<string, PlanVersionDocument[]>();
  if (cardIds.length === 0) return byCard;
  const planRows = await tx
    .select({ id: plans.id, cardId: plans.cardId })
    .from(plans)
    .where(and(eq(plans.tenantId, scope.tenantId), inArray(plans.cardId, cardIds)));
  if (planRows.length === 0) return byCard;
  const versionRows = await tx
    .select({
      planId: versions.planId,
      number: versions.number,
      status: versions.status,
      fieldValues: versions.fieldValues,
      approvedAt: versions.approvedAt,
      approvedBy: versions.approvedBy,
      createdAt: versions.createdAt,
      updatedAt: versions.updatedAt,
    })
    .from(versions)
    .where(
      and(
        eq(versions.tenantId, scope.tenantId),
        inArray(
          versions.planId,
          planRows.map((p) => p.id),
        ),
      ),
    )
    .orderBy(asc(versions.planId), asc(versions.number));
  const approverIds = [...new Set(versionRows.flatMap((v) => (v.approvedBy ? [v.approvedBy] : [])))];
  const approvers =
    approverIds.length > 0
      ? await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, approverIds))
      : [];
  const nameOf = new Map(approvers.map((u) => [u.id, u.name]));
  const period = periodInstants(scope);
  for (const plan of planRows) {
    if (!plan.cardId) continue;
    const picked = versionsInPeriod(
      versionRows.filter((v) => v.planId === plan.id),
      period,
    );
    byCard.set(
      plan.cardId,
      picked.map(({ version, basis }) => ({
        planId: plan.id,
        number: version.number,
        status: version.status,
        approvedAt: version.approvedAt,
        approvedByName: version.approvedBy ? (nameOf.get(version.approvedBy) ?? null) : null,
        basis,
        fieldValues: version.status === 'draft' ? null : (version.fieldValues as FieldValues),
        updatedAt: version.updatedAt,
      })),
    );
  }
  return byCard;
}

const cardStatusOfVersion: Record<PlanVersionStatus, CardStatus> = {
  draft: 'in-progress',
  rejected: 'in-progress',
  'in-review': 'pending-review',
  approved: 'approved',
  superseded: 'approved',
};

const versionStatusLabels: Record<PlanVersionStatus, string> = {
  draft: 'Draft',
  rejected: 'Sent back',
  'in-review': 'In review',
  approved: 'Approved',
  superseded: 'Superseded',
};

/** The card as the version has it: the version's values, their compliance, and its status. */
export function cardAsVersion(card: Card, template: FormTemplate, version: PlanVersionDocument): Card {
  const fieldValues = version.fieldValues ?? card.fieldValues;
  return {
    ...card,
    fieldValues,
    compliance: version.fieldValues
      ? validateCompliance(template, fieldValues, version.updatedAt)
      : card.compliance,
    status: cardStatusOfVersion[version.status],
    updatedAt: (version.fieldValues ? version.updatedAt : new Date(card.updatedAt)).toISOString(),
  };
}

/** The line the PDF prints under its header: which version, approved when and by whom, and why it is here. */
export function versionNote(version: PlanVersionDocument, timeZone: string): string {
  const approved = version.approvedAt
    ? `Approved ${formatDateTime(version.approvedAt, timeZone)}${version.approvedByName ? ` by ${version.approvedByName}` : ''}`
    : versionStatusLabels[version.status];
  const why =
    version.basis === 'in-force'
      ? 'In force during the audit period'
      : "No version was approved by the audit period's end: the latest version then";
  return `Plan version ${version.number}  ·  ${approved}  ·  ${why}`;
}

/** What the manifest says of the PDF: the plan, the version, and why it is the one shown. */
export function manifestPlanVersion(version: PlanVersionDocument): Pick<ManifestFile, 'planVersion'> {
  return {
    planVersion: {
      planId: version.planId,
      number: version.number,
      status: version.status,
      approvedAt: version.approvedAt?.toISOString() ?? null,
      basis: version.basis,
    },
  };
}
