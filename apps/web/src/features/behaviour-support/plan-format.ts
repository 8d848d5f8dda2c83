import type { Deadline } from '@wattle/domain/deadlines/schemas';

/** yyyy-mm-dd as dd/mm/yyyy (the project's date format for people); '' for none. */
export function displayDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

const overdueLabels: Partial<Record<Deadline['kind'], string>> = {
  'bsp-interim': 'Interim plan overdue',
  'bsp-comprehensive': 'Comprehensive plan overdue',
  'bsp-review': 'Plan review overdue',
};

/** What is overdue, in the words the BSP home shows ("Interim plan overdue"), each once. */
export function overdueMessages(deadlines: readonly Pick<Deadline, 'kind' | 'status'>[]): string[] {
  const messages = deadlines
    .filter((d) => d.status === 'overdue')
    .map((d) => overdueLabels[d.kind])
    .filter((m): m is string => !!m);
  return [...new Set(messages)];
}

/** The soonest deadline not yet met, if any. */
export function nextOpenDeadline<T extends Pick<Deadline, 'dueAt' | 'metAt'>>(
  deadlines: readonly T[],
): T | null {
  return (
    [...deadlines].filter((d) => d.metAt === null).sort((a, b) => a.dueAt.localeCompare(b.dueAt))[0] ?? null
  );
}
