import type { FieldChange } from '@wattle/domain/audit/schemas';
import {
  hasCriticalIssue,
  requiredFieldIdsFilled,
  validateCompliance,
} from '@wattle/domain/cards/compliance';
import {
  type Card,
  type CardConflictDetails,
  type CardStatus,
  type ComplianceIssue,
  type EditableCardField,
  editableCardFields,
  type PatchCardInput,
} from '@wattle/domain/cards/schemas';
import {
  columnForStatus,
  ndisStatusOf,
  stateOfStatus,
  statusFieldMessages,
  statusForColumn,
} from '@wattle/domain/cards/status-columns';
import {
  cardStatusLabels,
  isStatusEditable,
  needsClinician,
  statusAfterSubmit,
  transitionError,
} from '@wattle/domain/cards/workflow';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import type { FieldValues, FormTemplate } from '@wattle/domain/templates/schemas';
import { signatureState, signedValuesHash } from '@wattle/domain/templates/signatures';
import { and, eq } from 'drizzle-orm';
import { type CardApproval, cards } from '../../db/schema/cards';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { requireParticipantOfTenant } from '../participants/participant-of-tenant';
import { positionFromPlace, spreadColumnIfCrowded } from './board-spacing';
import { assigneeNameOnTeam } from './card-assignee';
import { loadCard, lockTeamForBoardMove, selectCardRow, templateForCard, toCard } from './card-records';
import {
  auditValue,
  buildSearchText,
  checkedFieldValues,
  sameValue,
  tenantTimeZone,
  todayIn,
} from './card-values';
import { recordSignatures } from './record-signatures';

/**
 * Fields a card keeps changing while it is locked for review or approved: the workflow status and
 * the team's tracking choices (board column and place in it, State, NDIS Status). Everything else is
 * the record under review and waits until the card is moved back to in progress.
 */
const trackingFields = new Set<string>(['status', 'state', 'ndisStatus', 'workflowStateId', 'boardPosition']);

export const conflictMessage =
  'Someone else changed this card since you opened it. Review their changes and try again.';

export const boardPlaceConflictMessage =
  'The column changed since you opened it: a card you placed this one beside has moved. Review the board and try again.';

/** The 409 of a stale write: the card as it is now, and the fields someone else changed. */
export function conflictError(
  current: Card,
  conflictingFields: string[],
  message = conflictMessage,
): AppError {
  const details: CardConflictDetails = { current, conflictingFields };
  return new AppError('CONFLICT', message, details);
}

interface KeyChange {
  /** `title`, `status` … or `fieldValues.<id>`. */
  key: string;
  oldValue: unknown;
  newValue: unknown;
}

/**
 * `PATCH /api/cards/{id}`: field-level changes from the version the caller started from.
 *
 * - A stale version is applied when none of the changed fields was written after it; otherwise 409
 *   with the current card and the conflicting fields.
 * - A board move (`workflowStateId`, `boardPosition` or `boardPlace`) reads the team's columns under
 *   a lock of the team, so a concurrent workflow edit cannot remove the column it goes to, and the
 *   team's board moves take turns (two column spreads side by side would deadlock); `boardPlace`
 *   becomes a position between the named neighbours as they are now (409 when one has left the
 *   column).
 * - Field values must belong to the template and have the right shape (400); rich text is cleaned.
 * - Draft and in-progress cards take edits; later statuses only take status and tracking changes (422).
 * - Status moves follow the workflow table (422 with its message); moves into pending-review and
 *   approved need a clinician, and each appends an approval.
 * - `submit` is the form's Save: refused while a critical issue exists (422), then the status moves
 *   as "Card save status" says.
 * - Compliance, completed requirements and search text are recomputed; one audit entry ('updated' or
 *   'undo') carries every change. A PATCH that changes nothing answers the card as it is.
 */
export async function updateCard(ctx: TenantContext, id: string, input: PatchCardInput): Promise<Card> {
  // A board move reads the team's columns under the team's board-move lock, taken before the card's
  // own lock: a concurrent workflow edit, or another board move of the team (whose column spread may
  // renumber this card), then runs wholly before or after it.
  // A status change is one too: the card goes to a column of its new status (decision 0037).
  const isBoardMove =
    input.workflowStateId !== undefined ||
    input.boardPosition !== undefined ||
    input.boardPlace !== undefined ||
    input.status !== undefined ||
    input.submit === true;
  const lockedStates = isBoardMove ? await lockTeamForBoardMove(ctx, id) : null;
  const { card, row, access } = await loadCard(ctx, id, 'write:cards', { forUpdate: true });
  const workflowStates = lockedStates ?? access.workflowStates;
  const { boardPlace, ...patch } = input;
  // State and NDIS Status follow the status (decision 0037): a change of either is refused, saying so.
  for (const field of ['state', 'ndisStatus'] as const) {
    if (patch[field] !== undefined && patch[field] !== card[field]) {
      const message = statusFieldMessages[field];
      throw new AppError('VALIDATION_FAILED', message, [{ path: [field], message }]);
    }
  }
  const newStateId = patch.workflowStateId;
  if (newStateId && newStateId !== card.workflowStateId && !workflowStates.some((s) => s.id === newStateId)) {
    const message = `Unknown workflow state "${newStateId}"`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['workflowStateId'], message }]);
  }
  if (boardPlace) {
    const workflowStateId =
      patch.workflowStateId === undefined ? card.workflowStateId : patch.workflowStateId;
    if (!workflowStateId) {
      const message = 'A card placed on the board needs a workflow state';
      throw new AppError('VALIDATION_FAILED', message, [{ path: ['workflowStateId'], message }]);
    }
    const position = await positionFromPlace(
      ctx,
      { cardId: id, teamId: card.teamId, workflowStateId },
      boardPlace,
    );
    if (position === null) throw conflictError(card, ['boardPosition'], boardPlaceConflictMessage);
    patch.boardPosition = position;
  }
  const template = await templateForCard(ctx, card);
  const now = new Date();
  const checkedValues = checkedFieldValues(template, patch.fieldValues ?? {});
  const incomingValues = recordSignatures(ctx, access, {
    template,
    previous: card.fieldValues,
    incoming: checkedValues,
    values: mergedValues(card.fieldValues, checkedValues),
    now,
  });

  const changes: KeyChange[] = [];
  const cardChanges: Partial<Record<EditableCardField, unknown>> = {};
  for (const field of editableCardFields) {
    const next = patch[field];
    // The status is settled below, by the workflow, the column and the form's Save; State and NDIS
    // Status follow it.
    if (derivedFields.has(field) || next === undefined || sameValue(card[field], next)) continue;
    changes.push({ key: field, oldValue: card[field], newValue: next });
    cardChanges[field] = next;
  }
  const fieldValues: FieldValues = { ...card.fieldValues };
  for (const [fieldId, next] of Object.entries(incomingValues)) {
    const previous = card.fieldValues[fieldId] ?? null;
    if (sameValue(previous, next)) continue;
    changes.push({ key: `fieldValues.${fieldId}`, oldValue: previous, newValue: next });
    if (next === null) delete fieldValues[fieldId];
    else fieldValues[fieldId] = next;
  }

  if (typeof cardChanges.participantId === 'string') {
    await requireParticipantOfTenant(ctx, cardChanges.participantId);
  }

  // A stale version: refused only for fields written by someone else after it.
  const fieldVersions = row.card.fieldVersions;
  if (patch.version !== card.version) {
    const keys = changes.map((c) => c.key);
    if (patch.status !== undefined && patch.status !== card.status) keys.push('status');
    const conflicting =
      patch.version > card.version ? keys : keys.filter((key) => (fieldVersions[key] ?? 0) > patch.version);
    if (conflicting.length > 0) throw conflictError(card, conflicting);
  }

  if (!isStatusEditable(card.status) && changes.some((c) => !trackingFields.has(c.key))) {
    throw new AppError(
      'WORKFLOW_REFUSED',
      `This card is ${card.status} and can no longer be edited. Move it back to in progress first.`,
    );
  }

  let assigneeName = row.assigneeName;
  if (cardChanges.assigneeId !== undefined) {
    assigneeName = patch.assigneeId ? await assigneeNameOnTeam(ctx, card.teamId, patch.assigneeId) : null;
  }

  const documentIds = card.completedRequirements.documents;
  let status: CardStatus = card.status;
  // A move to another column is a move to the status that column stands for (decision 0037).
  let requested = patch.status;
  if (patch.workflowStateId && patch.workflowStateId !== card.workflowStateId) {
    const ofColumn = statusForColumn(workflowStates, patch.status ?? card.status, patch.workflowStateId);
    if (patch.status !== undefined && ofColumn !== patch.status) {
      const name = workflowStates.find((s) => s.id === patch.workflowStateId)?.name ?? patch.workflowStateId;
      throw new AppError(
        'WORKFLOW_REFUSED',
        `The "${name}" column is for ${cardStatusLabels[ofColumn]} cards, not ${cardStatusLabels[patch.status]}`,
      );
    }
    requested = ofColumn;
  }
  if (requested !== undefined && requested !== card.status) {
    const refusal = transitionError({
      from: card.status,
      to: requested,
      template,
      values: fieldValues,
      documentIds,
      isClinician: access.isClinician,
    });
    if (refusal) throw new AppError('WORKFLOW_REFUSED', refusal);
    status = requested;
  }

  const compliance = validateCompliance(template, fieldValues, now);
  if (patch.submit) {
    if (hasCriticalIssue(compliance.issues)) {
      throw new AppError(
        'COMPLIANCE_REQUIRED',
        'Critical issues must be resolved before submitting for review',
        {
          issues: compliance.issues.filter((i) => i.severity === 'critical'),
        },
      );
    }
    status = statusAfterSubmit({
      from: status,
      template,
      values: fieldValues,
      documentIds,
      isClinician: access.isClinician,
      completion: compliance.completion,
    });
  }
  if (status !== card.status) {
    changes.push({ key: 'status', oldValue: card.status, newValue: status });
    await placeInColumnOfStatus(ctx, { card, workflowStates, status, changes, cardChanges });
  }

  if (changes.length === 0) return card;

  // A signed value changed: the audit says which signatures no longer match the form.
  const noLongerMatching = signaturesNoLongerMatching(card.compliance.issues, compliance.issues);

  const version = card.version + 1;
  const approvals: CardApproval[] = [...card.completedRequirements.approvals];
  if (status !== card.status && needsClinician(status)) {
    approvals.push({ userId: ctx.actor.id, userName: ctx.actor.name, status, at: now.toISOString() });
  }
  const nextFieldVersions = { ...fieldVersions };
  for (const change of changes) nextFieldVersions[change.key] = version;
  const next = { ...card, ...(cardChanges as Partial<Card>), status, fieldValues };

  const updated = await ctx.tx
    .update(cards)
    .set({
      ...(cardChanges as Partial<typeof cards.$inferInsert>),
      status,
      state: stateOfStatus(status),
      ndisStatus: ndisStatusOf(status),
      fieldValues,
      compliance,
      completedRequirements: {
        fields: requiredFieldIdsFilled(template, fieldValues),
        documents: documentIds,
        approvals,
      },
      fieldVersions: nextFieldVersions,
      searchText: buildSearchText({
        workItemId: card.workItemId,
        title: next.title,
        description: next.description,
        assigneeName,
        dueDate: next.dueDate,
        createdDate: todayIn(await tenantTimeZone(ctx), new Date(card.createdAt)),
        fieldValues,
      }),
      version,
      updatedAt: now,
      lastModifiedBy: ctx.actor.id,
    })
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, id), eq(cards.version, card.version)))
    .returning({ id: cards.id });
  if (updated.length === 0) {
    // Unreachable while the row is locked; kept so a lost lock can never overwrite silently.
    throw conflictError(
      card,
      changes.map((c) => c.key),
    );
  }

  // A drag to another column is audited as the column change alone: the number the card took there
  // means nothing to a reader. A reorder within a column is audited as its boardPosition change.
  // Signatures are audited with whether they match the form, before and after; one a changed value
  // unsettled is audited too, from 'matches' to 'changed' (decision 0021).
  const movedColumn = changes.some((c) => c.key === 'workflowStateId');
  const stateOf = signatureStates(template, card.fieldValues, fieldValues);
  const auditChanges: FieldChange[] = changes
    .filter((c) => !(movedColumn && c.key === 'boardPosition'))
    .map((c) => ({
      field: c.key,
      oldValue: auditValue(c.oldValue, stateOf.before(c.key)),
      newValue: auditValue(c.newValue, stateOf.after(c.key)),
    }));
  for (const fieldId of noLongerMatching) {
    const key = `fieldValues.${fieldId}`;
    if (changes.some((c) => c.key === key)) continue;
    auditChanges.push({
      field: key,
      oldValue: auditValue(card.fieldValues[fieldId], 'matches'),
      newValue: auditValue(fieldValues[fieldId], 'changed'),
    });
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'card',
    entityId: id,
    action: patch.intent === 'undo' ? 'undo' : 'updated',
    changes: auditChanges,
    metadata: {
      version,
      fromVersion: patch.version,
      ...(patch.submit ? { submit: true } : {}),
      ...(status !== card.status ? { statusFrom: card.status, statusTo: status } : {}),
      ...(noLongerMatching.length > 0 ? { signaturesNoLongerMatching: noLongerMatching } : {}),
    },
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'card', id, version },
  });
  if (next.workflowStateId && changes.some((c) => c.key === 'boardPosition' || c.key === 'workflowStateId')) {
    await spreadColumnIfCrowded(
      ctx,
      { id, teamId: card.teamId, workflowStateId: next.workflowStateId, boardPosition: next.boardPosition },
      now,
    );
  }
  const saved = await selectCardRow(ctx, id);
  return toCard(saved!);
}

/** Settled from the status (decision 0037), never taken from the PATCH as they are. */
const derivedFields = new Set<EditableCardField>(['status', 'state', 'ndisStatus']);

/**
 * A card whose status changed goes to a column of its new status (decision 0037): it stays where the
 * change put it when that column fits, else it goes to the bottom of the first column that does.
 */
async function placeInColumnOfStatus(
  ctx: TenantContext,
  move: {
    card: Card;
    workflowStates: WorkflowState[];
    status: CardStatus;
    changes: KeyChange[];
    cardChanges: Partial<Record<EditableCardField, unknown>>;
  },
): Promise<void> {
  const { card, workflowStates, status, changes, cardChanges } = move;
  const current =
    cardChanges.workflowStateId !== undefined
      ? (cardChanges.workflowStateId as string | null)
      : card.workflowStateId;
  const column = columnForStatus(workflowStates, status, current);
  if (!column || column === current) return;
  const position = await positionFromPlace(
    ctx,
    { cardId: card.id, teamId: card.teamId, workflowStateId: column },
    { aboveId: null, belowId: null },
  );
  for (const key of ['workflowStateId', 'boardPosition']) {
    const at = changes.findIndex((c) => c.key === key);
    if (at >= 0) changes.splice(at, 1);
  }
  changes.push({ key: 'workflowStateId', oldValue: card.workflowStateId, newValue: column });
  cardChanges.workflowStateId = column;
  if (position !== null && position !== card.boardPosition) {
    changes.push({ key: 'boardPosition', oldValue: card.boardPosition, newValue: position });
    cardChanges.boardPosition = position;
  }
}

/** The card's values with a write's values applied (null clears a field). */
function mergedValues(current: FieldValues, incoming: FieldValues): FieldValues {
  const merged: FieldValues = { ...current };
  for (const [id, value] of Object.entries(incoming)) {
    if (value === null) delete merged[id];
    else merged[id] = value;
  }
  return merged;
}

/** Ids of signature fields that matched the form before a write and no longer do after it. */
function signaturesNoLongerMatching(before: ComplianceIssue[], after: ComplianceIssue[]): string[] {
  const mismatched = (issues: ComplianceIssue[]) =>
    new Set(
      issues.filter((i) => i.type === 'signature-mismatch' && i.fieldId).map((i) => i.fieldId as string),
    );
  const was = mismatched(before);
  return [...mismatched(after)].filter((id) => !was.has(id));
}

/** Whether each signature matched the form before a write and after it, by change key. */
function signatureStates(template: FormTemplate | null, before: FieldValues, after: FieldValues) {
  // Hashed only when a signature is audited: most writes touch none.
  const hashes = new Map<FieldValues, string>();
  const stateIn = (values: FieldValues) => (key: string) => {
    const value = key.startsWith('fieldValues.') ? values[key.slice('fieldValues.'.length)] : undefined;
    if (!template || !value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    let hash = hashes.get(values);
    if (hash === undefined) {
      hash = signedValuesHash(template, values);
      hashes.set(values, hash);
    }
    return signatureState(value, hash);
  };
  return { before: stateIn(before), after: stateIn(after) };
}
