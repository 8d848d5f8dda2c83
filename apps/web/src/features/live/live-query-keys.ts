import { type ChangeEvent, isChangeEvent } from '@wattle/domain/events/rules';

/**
 * Which cached queries a change of each entity makes stale, by the prefixes of their keys (every
 * tenant-scoped key starts with its area and the tenant id). Entities without an entry are ignored
 * until their area is built; add one line here with the area.
 */
const liveAreas: Record<string, (tenantId: string) => (readonly unknown[])[]> = {
  notification: (tenantId) => [['notifications', tenantId]],
  // The person's notifications changed in another of their organisations: the switcher's counts.
  'tenant-unread': () => [['notification-counts']],
  favorite: (tenantId) => [['favorites', tenantId]],
  // A new team, or a change of who is on one, changes the teams lists (features/teams/api.ts).
  team: (tenantId) => [['tenant', tenantId, 'teams']],
  'team-member': (tenantId) => [['tenant', tenantId, 'teams']],
  // Lists, details and audit trails of cards (features/cards/api.ts), and the open searches
  // (features/search/api.ts searchKeys.all): a card's change can add it to a result, drop it or
  // change what a result shows. Comments are not searched, so they leave searches alone.
  card: (tenantId) => [
    ['cards', tenantId],
    ['search', tenantId],
    ['dashboard', tenantId],
  ],
  template: (tenantId) => [['templates', tenantId]],
  // Participant lists, records, plans and pickers (features/participants/api.ts participantKeys.all).
  participant: (tenantId) => [['participants', tenantId]],
  // Every card's comment thread (features/comments/api.ts keys are ['comments', tenantId, cardId]).
  // Uploads and deletions of files announce their 'Attached …' comment: file storage lists them
  // (features/files/api.ts fileKeys.all).
  comment: (tenantId) => [
    ['comments', tenantId],
    ['files', tenantId],
  ],
  // Time entries, their lists and totals (features/time/time-keys.ts); the person's running timer,
  // sent only to their own pages, so every tab and device shows the same chip within a second.
  'time-entry': (tenantId) => [
    ['time', tenantId, 'entries'],
    ['dashboard', tenantId],
  ],
  timer: (tenantId) => [['time', tenantId, 'timer']],
  // The time codes the entry dialog offers (an admin deactivating one disables it there).
  'time-code': (tenantId) => [['time', tenantId, 'codes']],
  // A catalogue import changes the imported years, the support items searched (features/rates) and
  // every time code's price limit.
  // Invoices and claim batches: the board, lists, totals, details (features/invoices/invoice-keys.ts).
  invoice: (tenantId) => [
    ['invoices', tenantId],
    ['dashboard', tenantId],
  ],
  // A global admin turned a feature on or off: the tenant list carries the flags the app hides by.
  'tenant-features': () => [['tenants']],
  // The tax-invoice settings page (features/tax-invoice-settings/api.ts).
  'tax-invoice-settings': (tenantId) => [['settings', tenantId, 'tax-invoice']],
  claim: (tenantId) => [['invoices', tenantId]],
  'support-catalogue': (tenantId) => [
    ['support-catalogue', tenantId],
    ['time', tenantId, 'codes'],
  ],
  // A participant's restrictive-practice register, log and monthly reports (features/restrictive-practices/api.ts).
  'restrictive-practice-authorisation': (tenantId) => [['restrictive-practices', tenantId]],
  'restrictive-practice-use': (tenantId) => [['restrictive-practices', tenantId]],
  'restrictive-practice-report': (tenantId) => [['restrictive-practices', tenantId]],
  // Behaviour support plans, their versions and engagements (features/behaviour-support/api.ts).
  // The dashboard (features/dashboard/api.ts) counts cards, deadlines, plans, incidents, time and invoices.
  'behaviour-support-plan': (tenantId) => [
    ['behaviour-support', tenantId],
    ['dashboard', tenantId],
  ],
  'behaviour-support-engagement': (tenantId) => [
    ['behaviour-support', tenantId],
    ['dashboard', tenantId],
  ],
  // Audit packs asked for, progressing and finished (features/audit-packs/api.ts).
  'audit-pack': (tenantId) => [['audit-packs', tenantId]],
  // Commission deadlines: every list and badge reading GET /api/deadlines (features/deadlines/deadline-keys.ts).
  deadline: (tenantId) => [
    ['deadlines', tenantId],
    ['dashboard', tenantId],
  ],
  // The incidents register and the open incident (features/incidents/incident-keys.ts).
  incident: (tenantId) => [
    ['incidents', tenantId],
    ['dashboard', tenantId],
  ],
};

export function liveQueryKeys(entity: string, tenantId: string): (readonly unknown[])[] {
  const keysOf = Object.hasOwn(liveAreas, entity) ? liveAreas[entity] : undefined;
  return keysOf ? keysOf(tenantId) : [];
}

/** Every key the feed keeps fresh: what the polling fallback refreshes while the stream is down. */
export function allLiveQueryKeys(tenantId: string): (readonly unknown[])[] {
  const keys = new Map<string, readonly unknown[]>();
  for (const keysOf of Object.values(liveAreas)) {
    for (const key of keysOf(tenantId)) keys.set(JSON.stringify(key), key);
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
