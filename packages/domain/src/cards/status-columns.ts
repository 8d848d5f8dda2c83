import { can } from '../auth/permissions';
import { clinicianTeamRoles, type Role, type TeamRole } from '../auth/roles';
import type { WorkflowState } from '../teams/workflow';
import type { CardState, CardStatus, NdisStatus } from './schemas';
import { cardStatusLabels, type TransitionInput, transitionError } from './workflow';

/**
 * One status per card (decision 0037). The compliance `status` is the card's one status; the team's
 * board columns are how the team names its stages, so each column stands for one status and a card
 * sits in a column of its status. `state` and `ndisStatus` are derived from the status, never chosen.
 * This module is the only place that maps between them: the server places cards with it and the
 * browser offers only the moves it allows.
 */

const rank: Record<CardStatus, number> = {
  draft: 0,
  'in-progress': 1,
  'pending-review': 2,
  approved: 3,
  archived: 4,
};

function byOrder(states: readonly WorkflowState[]): WorkflowState[] {
  return [...states].sort((a, b) => a.order - b.order);
}

/**
 * The status a column stands for, from its place in the team's workflow: the locked last column
 * (Done) is approved; of the columns a team names, the first is draft and every other is in-progress
 * (a team's own names, "Waiting on GP", are stages of the work, never a review the workflow would
 * refuse to enter). With the default To Do / In Progress / Done that is draft / in-progress /
 * approved; pending-review cards stay in their in-progress column, badged Pending Review.
 */
export function columnStatus(states: readonly WorkflowState[], columnId: string): CardStatus | null {
  const column = states.find((s) => s.id === columnId);
  if (!column) return null;
  if (!column.isEditable) return 'approved';
  const editable = byOrder(states).filter((s) => s.isEditable);
  const index = editable.findIndex((s) => s.id === columnId);
  return index === 0 ? 'draft' : 'in-progress';
}

/**
 * The columns a card of this status may sit in, in board order: those standing for the status, or,
 * when the team has none (pending-review, archived; in-progress on a one-column board), those of the
 * nearest earlier status that has some.
 */
export function columnsForStatus(states: readonly WorkflowState[], status: CardStatus): WorkflowState[] {
  const sorted = byOrder(states);
  for (let r = rank[status]; r >= 0; r--) {
    const found = sorted.filter((s) => {
      const of = columnStatus(states, s.id);
      return of !== null && rank[of] === r;
    });
    if (found.length > 0) return found;
  }
  return sorted.slice(0, 1);
}

/** The column a card of this status belongs in: its current one when that fits, else the first that does. */
export function columnForStatus(
  states: readonly WorkflowState[],
  status: CardStatus,
  currentColumnId: string | null,
): string | null {
  const fits = columnsForStatus(states, status);
  if (currentColumnId && fits.some((s) => s.id === currentColumnId)) return currentColumnId;
  return fits[0]?.id ?? null;
}

/**
 * The status a card takes when it is moved to a column: unchanged when the column fits its status
 * (a move between two columns of one stage, or a reorder), else the column's own status.
 */
export function statusForColumn(
  states: readonly WorkflowState[],
  status: CardStatus,
  columnId: string,
): CardStatus {
  if (columnsForStatus(states, status).some((s) => s.id === columnId)) return status;
  return columnStatus(states, columnId) ?? status;
}

/** Why a card cannot be moved to a column (the workflow's refusal), or null when it can. */
export function columnMoveError(
  states: readonly WorkflowState[],
  columnId: string,
  input: Omit<TransitionInput, 'to'>,
): string | null {
  const to = statusForColumn(states, input.from, columnId);
  return transitionError({ ...input, to });
}

/** The card panel's State, derived from the status (the team's column names it on the board). */
export function stateOfStatus(status: CardStatus): CardState {
  const states: Record<CardStatus, CardState> = {
    draft: 'todo',
    'in-progress': 'doing',
    'pending-review': 'review',
    approved: 'done',
    archived: 'done',
  };
  return states[status];
}

/**
 * NDIS Status, derived from the compliance status: Draft until submitted for review, In Review while
 * pending review, Approved once approved (and after archiving). 'submitted' (claimed with the NDIA) is
 * not a stage of the card workflow and is no longer given.
 */
export function ndisStatusOf(status: CardStatus): NdisStatus {
  const ndis: Record<CardStatus, NdisStatus> = {
    draft: 'draft',
    'in-progress': 'draft',
    'pending-review': 'in-review',
    approved: 'approved',
    archived: 'approved',
  };
  return ndis[status];
}

/**
 * A clinician for the workflow's approvals: a Practitioner or Therapist on the card's team, or a role
 * holding approve:plans (tenant admins). The server's team access computes the same.
 */
export function isClinicianOnTeam(
  role: Role | null | undefined,
  teamRole: TeamRole | null | undefined,
): boolean {
  if (!role) return false;
  return can(role, 'approve:plans') || (!!teamRole && clinicianTeamRoles.includes(teamRole));
}

export const statusFieldMessages = {
  state:
    "State is the card's column on the team's board and follows its status: move the card to another column or change its status instead.",
  ndisStatus:
    "NDIS Status follows the card's workflow status (Draft, In Review, Approved) and cannot be set: change the status instead.",
} as const;

/** 'Approved' for a status, for messages. */
export function statusLabel(status: CardStatus): string {
  return cardStatusLabels[status];
}
