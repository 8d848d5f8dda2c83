import { forgetDrafts } from '../../lib/forget-drafts';
import { storageKeys } from '../../lib/storage-keys';

// Apart from comment-draft.ts so that sign-in and sign-out, which run in the shell of every page,
// do not bring the comment schemas (and zod) into the shell's first load (docs/performance.md).

/**
 * Removes the comment drafts kept in this browser: everyone's at sign-out, or, when someone signs
 * in, everyone's but theirs (a draft left by a person whose session ended goes once another signs in).
 */
export function forgetCommentDrafts(options: { keepUserId?: string } = {}): void {
  forgetDrafts('local', storageKeys.commentDraft, options);
}
