import { storageKeys } from '../../lib/storage-keys';
import {
  hasChanges,
  type ParticipantFormField,
  type ParticipantFormValues,
  parseStoredValues,
  rebaseOnCurrent,
} from './participant-form-values';

/**
 * The participant form never loses typing: what is typed in create or edit mode is mirrored to
 * localStorage under the person, the tenant and the participant ('new' for create mode), removed once
 * saved, and removed for everyone at sign-out (forget-participant-drafts.ts). Opening the form again
 * brings it back.
 *
 * Key: `wattle.participantDraft.<userId>.<tenantId>.<participantId | new>` →
 * `{ v: 1, values, original, baseVersion, savedAt }`.
 */

export interface ParticipantDraft {
  values: ParticipantFormValues;
  /** The values the typing started from (the participant as it was opened; empty in create mode). */
  original: ParticipantFormValues;
  /** The participant's version the typing started from (0 in create mode). */
  baseVersion: number;
  /** When it was last written (ISO instant). */
  savedAt: string;
}

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): DraftStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export interface DraftTarget {
  userId: string;
  tenantId: string;
  /** The participant's id, or 'new' for the create form. */
  participantId: string;
}

export function participantDraftKey({ userId, tenantId, participantId }: DraftTarget): string {
  return `${storageKeys.participantDraft}.${userId}.${tenantId}.${participantId}`;
}

export function readParticipantDraft(
  target: DraftTarget,
  fallback: ParticipantFormValues,
  storage: DraftStorage | null = defaultStorage(),
): ParticipantDraft | null {
  let parsed: unknown;
  try {
    const raw = storage?.getItem(participantDraftKey(target)) ?? null;
    if (raw === null) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (record.v !== 1) return null;
  return {
    values: parseStoredValues(record.values, fallback),
    original: parseStoredValues(record.original, fallback),
    baseVersion:
      typeof record.baseVersion === 'number' && Number.isInteger(record.baseVersion) ? record.baseVersion : 0,
    savedAt: typeof record.savedAt === 'string' ? record.savedAt : new Date(0).toISOString(),
  };
}

export function writeParticipantDraft(
  target: DraftTarget,
  draft: Omit<ParticipantDraft, 'savedAt'>,
  storage: DraftStorage | null = defaultStorage(),
  now: Date = new Date(),
): void {
  try {
    storage?.setItem(
      participantDraftKey(target),
      JSON.stringify({ v: 1, ...draft, savedAt: now.toISOString() }),
    );
  } catch {
    // A full or blocked storage: the values are still in the form.
  }
}

export function removeParticipantDraft(
  target: DraftTarget,
  storage: DraftStorage | null = defaultStorage(),
): void {
  try {
    storage?.removeItem(participantDraftKey(target));
  } catch {
    // Blocked storage held nothing.
  }
}

export interface FormStart {
  /** The values the changes are measured from. */
  original: ParticipantFormValues;
  /** What the form opens with. */
  values: ParticipantFormValues;
  /** The version a save starts from (0 in create mode). */
  baseVersion: number;
  /** Set when unsaved typing was brought back. */
  restored: {
    savedAt: string;
    overlapping: ParticipantFormField[];
    takenFromServer: ParticipantFormField[];
  } | null;
}

/**
 * Where the form starts: the record as it is (or empty values), with a stored draft laid over it. A
 * draft typed over an older version keeps every field the person changed and takes the rest from the
 * record as it is now, so reopening after someone else's save loses neither side's work.
 */
export function resumeDraft(
  current: ParticipantFormValues,
  currentVersion: number,
  draft: ParticipantDraft | null,
): FormStart {
  const fresh: FormStart = {
    original: current,
    values: current,
    baseVersion: currentVersion,
    restored: null,
  };
  if (!draft) return fresh;
  if (draft.baseVersion === currentVersion) {
    if (!hasChanges(current, draft.values)) return fresh;
    return {
      original: current,
      values: draft.values,
      baseVersion: currentVersion,
      restored: { savedAt: draft.savedAt, overlapping: [], takenFromServer: [] },
    };
  }
  const rebased = rebaseOnCurrent(draft.original, draft.values, current);
  if (!hasChanges(current, rebased.values)) return fresh;
  return {
    original: current,
    values: rebased.values,
    baseVersion: currentVersion,
    restored: {
      savedAt: draft.savedAt,
      overlapping: rebased.overlapping,
      takenFromServer: rebased.takenFromServer,
    },
  };
}
