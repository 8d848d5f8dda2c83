import type { Dashboard } from '@wattle/domain/dashboard/schemas';

/** What the dashboard's tiles say, as plain functions (tested beside). */

/** 630 → '10 h 30 min'; 60 → '1 h'; 45 → '45 min'; 0 → '0 h'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0 && rest > 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** '1 card', '3 cards'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The hours tile's title for its scope. */
export function hoursTitle(scope: NonNullable<Dashboard['hours']>['scope']): string {
  switch (scope) {
    case 'own':
      return 'Your hours this week';
    case 'teams':
      return 'Your teams’ hours this week';
    case 'tenant':
      return 'Hours this week';
  }
}
