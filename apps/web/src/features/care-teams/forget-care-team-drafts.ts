import { forgetDrafts } from '../../lib/forget-drafts';

// Apart from draft-storage.ts so that sign-in and sign-out, which run in the shell of every page, do
// not bring the wizard's schemas (and zod) into the shell's first load (docs/performance.md).

/** Prefix of the wizard's drafts in sessionStorage: `wattle.careTeamDraft.<userId>.<tenantId>`. */
export const careTeamDraftPrefix = 'wattle.careTeamDraft';

/**
 * Removes the Create care team wizard's drafts kept in this tab: everyone's at sign-out, or, when
 * someone signs in, everyone's but theirs. They hold health information.
 */
export function forgetCareTeamDrafts(options: { keepUserId?: string } = {}): void {
  forgetDrafts('session', careTeamDraftPrefix, options);
}
