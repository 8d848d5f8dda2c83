import { storageKeys } from '../../lib/storage-keys';

// Apart from participant-draft.ts so that sign-in and sign-out, which run in the shell of every page,
// do not bring the participant form's schemas (and zod) into the shell's first load.

/**
 * Removes the unsaved participant forms kept in this browser (health information): everyone's at
 * sign-out, or, when someone signs in, everyone's but theirs.
 */
export function forgetParticipantDrafts(options: { keepUserId?: string } = {}): void {
  const prefix = `${storageKeys.participantDraft}.`;
  const kept = options.keepUserId ? `${prefix}${options.keepUserId}.` : null;
  try {
    const storage = window.localStorage;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix) && !(kept && key.startsWith(kept))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept either.
  }
}
