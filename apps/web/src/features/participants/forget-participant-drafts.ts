import { forgetDrafts } from '../../lib/forget-drafts';
import { storageKeys } from '../../lib/storage-keys';

// Apart from participant-draft.ts so that sign-in and sign-out, which run in the shell of every page,
// do not bring the participant form's schemas (and zod) into the shell's first load.

/**
 * Removes the unsaved participant forms kept in this browser (health information): everyone's at
 * sign-out, or, when someone signs in, everyone's but theirs.
 */
export function forgetParticipantDrafts(options: { keepUserId?: string } = {}): void {
  forgetDrafts('local', storageKeys.participantDraft, options);
}
