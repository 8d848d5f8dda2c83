import type { Team } from '@wattle/domain/teams/schemas';
import { ApiError } from '../../lib/http';

/** The team as it is now, from a 409 answer to a stale `version` (`details.current`), if sent. */
export function currentTeamOfConflict(error: unknown): Team | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFLICT') return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  const current = (details as { current: unknown }).current;
  return typeof current === 'object' && current !== null && 'id' in current && 'version' in current
    ? (current as Team)
    : null;
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CONFLICT';
}

/** What the page says when someone else changed the team first. */
export const teamConflictMessage =
  'Someone else changed this team while you were editing. It has been reloaded: check it and make your change again.';
