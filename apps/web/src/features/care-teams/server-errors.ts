import { participantFieldsShape } from '@wattle/domain/participants/schemas';
import { ApiError, validationIssues } from '../../lib/http';
import { stepOfPath, type WizardStep } from './wizard-steps';

/**
 * Where a refusal of `POST /api/care-teams` belongs in the wizard: the step and field it concerns
 * (a duplicate NDIS number goes back to step 1's NDIS number, an e-mail already on the team to its
 * member on step 2), or, for anything not about one field, a message on the step the user is on.
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
  // A participant rule checked after validation names the field alone (['dateOfBirth']).
  if (typeof path[0] === 'string' && Object.hasOwn(participantFieldsShape, path[0])) {
    return formFieldOfRequestPath(['participant', ...path]);
  }
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

function detail(details: unknown, key: string): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/**
 * A refusal about one field that is not a validation failure (a taken NDIS number, a participant who
 * got a team meanwhile, an e-mail already on the team) names it in `details.field`.
 */
function fieldOfRefusal(error: ApiError, members: readonly { email: string }[]): FieldProblem | null {
  switch (detail(error.details, 'field')) {
    case 'ndisNumber':
      return { step: 'participant', field: 'participant.ndisNumber', message: error.message };
    case 'participantId':
      return { step: 'participant', field: 'existingParticipant', message: error.message };
    case 'email': {
      const email = detail(error.details, 'email')?.toLowerCase();
      const index = members.findIndex((member) => member.email.trim().toLowerCase() === email);
      return {
        step: 'team',
        field: index >= 0 ? `members.${index}.email` : 'members',
        message: error.message,
      };
    }
    default:
      return null;
  }
}

export function wizardRefusal(error: unknown, members: readonly { email: string }[] = []): WizardRefusal {
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
  const problem = error instanceof ApiError ? fieldOfRefusal(error, members) : null;
  if (problem) return { fields: [problem], general: null };
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
