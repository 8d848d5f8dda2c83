/**
 * Microsoft Graph presence (spec shell section 7: GET /me/presence, shown with colours for
 * Available, Busy and anything else).
 */

/** The fields of Graph's presence resource the indicator uses. */
export interface Presence {
  availability: string | null;
  activity: string | null;
}

export type PresenceTone = 'available' | 'busy' | 'away' | 'offline';

/** Available is green, Busy red; offline or unknown grey; anything else (Away, Be right back…) amber. */
export function presenceTone(availability: string | null): PresenceTone {
  switch (availability) {
    case 'Available':
    case 'AvailableIdle':
      return 'available';
    case 'Busy':
    case 'BusyIdle':
    case 'DoNotDisturb':
      return 'busy';
    case 'Offline':
    case 'PresenceUnknown':
    case null:
      return 'offline';
    default:
      return 'away';
  }
}

/** 'BeRightBack' → 'Be right back'; Graph sends PascalCase words. */
export function presenceLabel(presence: Presence): string {
  const value = presence.availability ?? presence.activity ?? 'PresenceUnknown';
  if (value === 'PresenceUnknown') return 'Unknown';
  const words = value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? [value];
  return words.map((word, index) => (index === 0 ? word : word.toLowerCase())).join(' ');
}

/** Reads Graph's answer; anything unexpected counts as no presence. */
export function parsePresence(body: unknown): Presence | null {
  if (typeof body !== 'object' || body === null) return null;
  const { availability, activity } = body as Record<string, unknown>;
  const asText = (value: unknown) => (typeof value === 'string' && value ? value : null);
  if (asText(availability) === null && asText(activity) === null) return null;
  return { availability: asText(availability), activity: asText(activity) };
}
