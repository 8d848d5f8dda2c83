/**
 * Settles once `work` has settled, or after `ms` if that is sooner; never rejects. A route's loader
 * holds a page's first drawing back this way for reads it would otherwise draw twice for (once
 * without them, again as each arrives: issue 19), while a slow or failing read never keeps the page
 * from drawing: the page then shows its own loading and error states as before.
 */
export function waitBriefly(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}

/**
 * How long a page's first drawing waits for what it would otherwise draw twice for. A warm load's
 * reads answer in tens of milliseconds on a quick phone but several hundred on a slow one, whose
 * main thread is busy as they arrive; drawing the shell or a page again for a late answer cost
 * 150–300 ms at 4x CPU slowdown (issue 19). It stays under the router's own wait (1 s) before it
 * shows a pending page.
 */
export const firstDrawingWaitMs = 600;
