import { type ChangeEvent, isChangeEvent } from '@wattle/domain/events/rules';

/**
 * Which cached queries a change of each entity makes stale, by the prefix of their keys (every
 * tenant-scoped key starts with its area and the tenant id). Entities without an entry are ignored
 * until their area is built; add one line here with the area.
 */
const liveAreas: Record<string, (tenantId: string) => readonly unknown[]> = {
  notification: (tenantId) => ['notifications', tenantId],
  favorite: (tenantId) => ['favorites', tenantId],
  // A new team, or a change of who is on one, changes the teams lists (features/teams/api.ts).
  team: (tenantId) => ['tenant', tenantId, 'teams'],
  'team-member': (tenantId) => ['tenant', tenantId, 'teams'],
  // Lists, details and audit trails of cards (features/cards/api.ts).
  card: (tenantId) => ['cards', tenantId],
  template: (tenantId) => ['templates', tenantId],
  // Every card's comment thread (features/comments/api.ts keys are ['comments', tenantId, cardId]).
  comment: (tenantId) => ['comments', tenantId],
};

export function liveQueryKeys(entity: string, tenantId: string): (readonly unknown[])[] {
  const keyOf = Object.hasOwn(liveAreas, entity) ? liveAreas[entity] : undefined;
  return keyOf ? [keyOf(tenantId)] : [];
}

/** Every key the feed keeps fresh: what the polling fallback refreshes while the stream is down. */
export function allLiveQueryKeys(tenantId: string): (readonly unknown[])[] {
  const keys = new Map<string, readonly unknown[]>();
  for (const keyOf of Object.values(liveAreas)) {
    const key = keyOf(tenantId);
    keys.set(JSON.stringify(key), key);
  }
  return [...keys.values()];
}

/**
 * One server-sent message as a change event, holding only the event's own fields; anything else (a
 * malformed line) is nothing.
 */
export function parseChangeEvent(data: unknown): ChangeEvent | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isChangeEvent(value)) return null;
  const { type, entity, id, version } = value;
  return { type, entity, id, version };
}
