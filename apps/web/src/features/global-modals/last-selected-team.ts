import { readStoredJson, storageKeys, writeStoredJson } from '../../lib/storage-keys';

/**
 * The last selected team, remembered per tenant and user on this browser (spec shell section 4):
 * the team whose pages (/my-teams/{teamSlug}/…) the user last opened. New BSP uses it when the
 * current page belongs to no team.
 */

/** The team slug of a /my-teams/{teamSlug}/… path, or undefined for any other path. */
export function teamSlugInPath(pathname: string): string | undefined {
  const match = /^\/my-teams\/([^/?#]+)/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

function scopeKey(tenantId: string, userId: string): string {
  return `${tenantId}:${userId}`;
}

function readAll(): Record<string, string> {
  const stored = readStoredJson(storageKeys.lastSelectedTeam);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function readLastSelectedTeam(tenantId: string, userId: string): string | undefined {
  return readAll()[scopeKey(tenantId, userId)];
}

export function rememberLastSelectedTeam(tenantId: string, userId: string, teamSlug: string): void {
  const all = readAll();
  if (all[scopeKey(tenantId, userId)] === teamSlug) return;
  writeStoredJson(storageKeys.lastSelectedTeam, { ...all, [scopeKey(tenantId, userId)]: teamSlug });
}

/**
 * The team a new behaviour support plan goes to: the team of the current page, else the last
 * selected team while it still exists, else the first active team; undefined when there is none.
 * `teams` is undefined when the list could not be loaded: the remembered team is then used unchecked.
 */
export function chooseTeamForNewPlan(options: {
  pathname: string;
  lastSelected: string | undefined;
  teams: readonly { id: string; slug: string; status?: string }[] | undefined;
}): string | undefined {
  const fromPath = teamSlugInPath(options.pathname);
  if (fromPath) return fromPath;
  const { lastSelected, teams } = options;
  if (!teams) return lastSelected;
  if (lastSelected && teams.some((team) => team.slug === lastSelected)) return lastSelected;
  return (teams.find((team) => team.status !== 'archived') ?? teams[0])?.slug;
}

/**
 * The team a new card goes to at first (Quick Add New Task / New Incident): the first of the
 * preferred teams (the current page's, then the last selected; by slug or id) where the user may add
 * cards, else the first team where they may. Returns the team's id, or undefined when there is none.
 */
export function chooseTeamForNewCard(options: {
  preferred: readonly (string | undefined)[];
  /** The teams where the user may add cards (active, with write:cards). */
  writableTeams: readonly { id: string; slug: string }[];
}): string | undefined {
  const { writableTeams } = options;
  for (const slugOrId of options.preferred) {
    const team = slugOrId ? writableTeams.find((t) => t.slug === slugOrId || t.id === slugOrId) : undefined;
    if (team) return team.id;
  }
  return writableTeams[0]?.id;
}
