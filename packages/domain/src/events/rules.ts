/**
 * One message of the live change feed, `GET /api/events` (DESIGN.md section 4): which record
 * changed, so the client can invalidate the matching queries. It never carries the record itself.
 * `id` is '*' when several records of the entity changed at once (e.g. all notifications marked read).
 *
 * A plain type and guard, free of zod: the web reads every message on every page with it.
 * `schemas.ts` beside it is the same contract as a zod schema, for the server.
 */
export const changeEventTypes = ['created', 'updated', 'deleted'] as const;
export type ChangeEventType = (typeof changeEventTypes)[number];

export interface ChangeEvent {
  type: ChangeEventType;
  entity: string;
  id: string;
  version: number | null;
}

/** True for a well-formed change event; `version` is a whole number (a safe integer) or null. */
export function isChangeEvent(value: unknown): value is ChangeEvent {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (changeEventTypes as readonly unknown[]).includes(candidate.type) &&
    typeof candidate.entity === 'string' &&
    typeof candidate.id === 'string' &&
    (candidate.version === null || Number.isSafeInteger(candidate.version))
  );
}
