/**
 * Starts the first page's reads as the app's code starts to run (app/first-reads.ts). main.tsx imports
 * this module straight after the locale data's warm-up, so it runs before the router, React and the
 * pages' code. Over the server's first paint, the page's answers came with it (app/first-paint-data.ts):
 * the same reads then find them in the cache and nothing goes out that the page has.
 */
import { appQueryClient } from './app/app-query-client';
import { runtimeTimeZone, startFromFirstPaintData } from './app/first-paint-data';
import { startFirstReads } from './app/first-reads';
import { keepOfflineCopiesOfFirstPaint } from './features/team-views/work-items-query';

/** Whether the page's answers came with the server's first paint, and whether the app can hydrate its markup. */
export const firstPaintStart = startFromFirstPaintData(appQueryClient, runtimeTimeZone());
if (firstPaintStart !== 'none') keepOfflineCopiesOfFirstPaint(appQueryClient);

void startFirstReads(appQueryClient, window.location.pathname);
