/**
 * Starts loading the browser's locale data in a worker, beside the main thread's work, as the app
 * starts. Issue 19: every page draws a date, and the first date or number format the main thread
 * made loaded the locale data (ICU) first: 140–190 ms at 4x CPU slowdown on a slow machine, in the
 * middle of a warm load, before the first drawing. That data is loaded once per browser process and
 * shared by its threads, so after the worker has made one of each format the page's own first one
 * took about 1 ms. Imported first by main.tsx, so the worker starts before the rest of the app's
 * code runs. Without workers (or if one cannot start) the page loads the data itself, as before.
 */
export function warmUpLocaleData(): void {
  try {
    new Worker(new URL('./locale-data-warm-up.worker.ts', import.meta.url), {
      type: 'module',
      name: 'locale-data-warm-up',
    });
  } catch {
    // Only speed is lost.
  }
}
