/**
 * Starts the first page's reads as the app's code starts to run (app/first-reads.ts). main.tsx imports
 * this module straight after the locale data's warm-up, so it runs before the router, React and the
 * pages' code.
 */
import { appQueryClient } from './app/app-query-client';
import { startFirstReads } from './app/first-reads';

void startFirstReads(appQueryClient, window.location.pathname);
