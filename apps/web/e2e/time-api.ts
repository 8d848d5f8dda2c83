import type { APIRequestContext } from '@playwright/test';
import type { TimeEntry } from '@wattle/domain/time/entries';
import type { TimeCode } from '@wattle/domain/time/time-codes';
import type { Timer } from '@wattle/domain/time/timer';
import { expect, sunriseIdOf } from './fixtures';

/**
 * The time API as the signed-in person of a request context, in Sunrise: what the browser tests of
 * the time screens check against (issue 14).
 */
export async function timeApi(request: APIRequestContext) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  const tenantId = await sunriseIdOf(request);
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenantId };
  const read = async <T>(path: string): Promise<T> => {
    const response = await request.get(path, { headers });
    expect(response.ok(), `GET ${path}: ${await response.text()}`).toBe(true);
    return ((await response.json()) as { data: T }).data;
  };
  return {
    tenantId,
    codes: () => read<TimeCode[]>('/api/time-codes'),
    timer: () => read<Timer>('/api/timer'),
    /** The caller's own entries dated from `from` to `to`. */
    myEntries: (from: string, to: string) =>
      read<TimeEntry[]>(`/api/time-entries?${new URLSearchParams({ userId: 'me', from, to })}`),
    entries: (query: Record<string, string>) =>
      read<TimeEntry[]>(`/api/time-entries?${new URLSearchParams(query)}`),
    async create(body: Record<string, unknown>): Promise<TimeEntry> {
      const response = await request.post('/api/time-entries', { data: body, headers });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { data: TimeEntry }).data;
    },
    /** Discards a running timer, if any (a test's own leftovers). */
    async stopTimerWithoutSaving(): Promise<void> {
      await request.post('/api/timer/stop', { data: { save: false }, headers });
    },
  };
}

/** Today in Sydney, Sunrise's time zone, as YYYY-MM-DD. */
export function sydneyToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The Monday of the week `date` is in. */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}
