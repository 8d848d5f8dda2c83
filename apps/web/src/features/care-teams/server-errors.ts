import { ApiError, validationIssues } from '../../lib/http';
import { stepOfPath, type WizardStep } from './wizard-steps';

/**
 * Where a refusal of `POST /api/care-teams` belongs in the wizard: the step and field it concerns
 * (a duplicate NDIS number goes back to step 1's NDIS number, a bad invite e-mail to its member on
 * step 2), or, for anything not about one field, a message on the step the user is on.
 */

export interface FieldProblem {
  step: WizardStep;
  /** The form's field path (react-hook-form dot notation). */
  field: string;
  message: string;
}

export interface WizardRefusal {
  fields: FieldProblem[];
  /** A message about the request as a whole, or null when every problem has its field. */
  general: string | null;
}

/** The request's path (CreateCareTeamSchema) as the path of the wizard's field that holds it. */
export function formFieldOfRequestPath(path: readonly (string | number)[]): string {
  const [first, second, third] = path;
  if (first === 'participant') {
    if (second === 'goals') return 'participant.goals';
    if (typeof second !== 'string') return 'participant.name';
    return typeof third === 'string' ? `participant.${second}.${third}` : `participant.${second}`;
  }
  if (first === 'participantId') return 'existingParticipant';
  if (first === 'team') return 'teamName';
  if (first === 'members') return typeof second === 'number' ? `members.${second}.email` : 'members';
  return 'templateSet';
}

function conflictField(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const field = (details as { field?: unknown }).field;
  return typeof field === 'string' ? field : null;
}

export function wizardRefusal(error: unknown): WizardRefusal {
  const issues = validationIssues(error);
  if (issues.length > 0) {
    return {
      fields: issues.map((issue) => ({
        step: stepOfPath(issue.path),
        field: formFieldOfRequestPath(issue.path),
        message: issue.message,
      })),
      general: null,
    };
  }
  if (
    error instanceof ApiError &&
    error.code === 'CONFLICT' &&
    conflictField(error.details) === 'ndisNumber'
  ) {
    return {
      fields: [{ step: 'participant', field: 'participant.ndisNumber', message: error.message }],
      general: null,
    };
  }
  return {
    fields: [],
    general: error instanceof Error ? error.message : 'The care team could not be created. Please try again.',
  };
}

/** The first step with a problem: the wizard goes back there. */
export function firstStepWithProblem(
  refusal: WizardRefusal,
  order: readonly WizardStep[],
): WizardStep | null {
  for (const step of order) {
    if (refusal.fields.some((problem) => problem.step === step)) return step;
  }
  return null;
}
