import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFromFirstPaintData } from './first-paint-data';
import { createQueryClient } from './query-client';

/** A page whose `#first-paint-data` element holds `text`, or a page without one. */
function pageWith(text: string | null) {
  const element = text === null ? null : { textContent: text, remove: vi.fn() };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'first-paint-data' ? element : null) });
  return element;
}

/** What the server writes: the answers it drew from, and the zone it drew in. */
function drawnIn(timeZone: string) {
  const server = new QueryClient();
  server.setQueryData(['me'], { id: 'user-1', name: 'Priya' });
  server.setQueryData(['tenants'], [{ id: 'tenant-1', name: 'Sunrise Care' }]);
  return JSON.stringify({ timeZone, answers: dehydrate(server) });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startFromFirstPaintData', () => {
  it("starts the app's cache with the answers the server drew the page from, and reads them once", async () => {
    const element = pageWith(drawnIn('Australia/Sydney'));
    const app = createQueryClient();

    expect(startFromFirstPaintData(app, 'Australia/Sydney')).toBe('hydrate');
    expect(app.getQueryData(['me'])).toEqual({ id: 'user-1', name: 'Priya' });
    expect(app.getQueryData(['tenants'])).toEqual([{ id: 'tenant-1', name: 'Sunrise Care' }]);
    // Fresh: the router's reads are answered without going to the server again.
    await expect(app.fetchQuery({ queryKey: ['me'], queryFn: () => 'read again' })).resolves.toEqual({
      id: 'user-1',
      name: 'Priya',
    });
    expect(element?.remove).toHaveBeenCalled();
  });

  it("keeps the answers but draws the page anew in a browser in another time zone than the server's", () => {
    pageWith(drawnIn('UTC'));
    const app = createQueryClient();
    expect(startFromFirstPaintData(app, 'Australia/Perth')).toBe('answers');
    expect(app.getQueryData(['me'])).toEqual({ id: 'user-1', name: 'Priya' });
  });

  it('says so when the page came without them, or with something else', () => {
    pageWith(null);
    expect(startFromFirstPaintData(createQueryClient(), 'UTC')).toBe('none');
    const element = pageWith('<not json>');
    const app = createQueryClient();
    expect(startFromFirstPaintData(app, 'UTC')).toBe('none');
    expect(app.getQueryCache().getAll()).toEqual([]);
    expect(element?.remove).toHaveBeenCalled();
    pageWith(JSON.stringify({ lines: ['not answers'] }));
    expect(startFromFirstPaintData(createQueryClient(), 'UTC')).toBe('none');
  });
});
