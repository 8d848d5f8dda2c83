import {
  type PlanVersion,
  type PlanVersionSummary,
  planMessages,
} from '@wattle/domain/behaviour-support/schemas';
import { diffVersionValues, type VersionDiff } from '@wattle/domain/behaviour-support/version-diff';
import { planTemplateIds } from '@wattle/domain/behaviour-support/workflow';
import type { FieldValues } from '@wattle/domain/templates/schemas';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { findTemplate } from '../templates/template-records';
import {
  loadPlanRow,
  namesOfVersions,
  type PlanRow,
  type PlanVersionRow,
  planCard,
  planVersionRows,
  toVersionSummary,
} from './plan-records';

/**
 * A plan's versions (issue 16 item 1). An approved, superseded or in-review version answers its frozen
 * copy; the draft being written answers its working card's values as they are now.
 */

const versionNotFound = () => new AppError('NOT_FOUND', planMessages.versionNotFound);

/** `GET /{id}/versions`: oldest first. */
export async function listPlanVersions(ctx: TenantContext, planId: string): Promise<PlanVersionSummary[]> {
  await loadPlanRow(ctx, planId);
  const rows = await planVersionRows(ctx, planId);
  const names = await namesOfVersions(ctx, rows);
  return rows.map((row) => toVersionSummary(row, names));
}

async function valuesOf(ctx: TenantContext, plan: PlanRow, row: PlanVersionRow): Promise<FieldValues> {
  if (row.status !== 'draft') return row.fieldValues as FieldValues;
  const card = await planCard(ctx, plan.cardId);
  return (card?.fieldValues ?? row.fieldValues) as FieldValues;
}

/** `GET /{id}/versions/{n}`: one version with its field values. */
export async function readPlanVersion(
  ctx: TenantContext,
  planId: string,
  number: number,
): Promise<PlanVersion> {
  const { row: plan } = await loadPlanRow(ctx, planId);
  const rows = await planVersionRows(ctx, planId);
  const row = rows.find((r) => r.number === number);
  if (!row) throw versionNotFound();
  const names = await namesOfVersions(ctx, [row]);
  return {
    ...toVersionSummary(row, names),
    planId,
    fieldValues: await valuesOf(ctx, plan, row),
    isFrozen: row.status !== 'draft',
  };
}

/** `GET /{id}/diff?from&to`: field by field, labelled from the plan's template. */
export async function diffPlanVersions(
  ctx: TenantContext,
  planId: string,
  from: number,
  to: number,
): Promise<VersionDiff> {
  const { row: plan } = await loadPlanRow(ctx, planId);
  const rows = await planVersionRows(ctx, planId);
  const a = rows.find((r) => r.number === from);
  const b = rows.find((r) => r.number === to);
  if (!a || !b) throw versionNotFound();
  const template = await findTemplate(ctx, planTemplateIds[plan.kind], { includeInactive: true });
  const diff = diffVersionValues(
    template?.fields ?? [],
    await valuesOf(ctx, plan, a),
    await valuesOf(ctx, plan, b),
  );
  return { from, to, fields: diff, changedCount: diff.filter((d) => d.change !== 'unchanged').length };
}
