/**
 * Runs `task` when the browser is next idle (at most `timeoutMs` later), or on the next task where
 * `requestIdleCallback` is missing: work the page does not need to show what it shows (an offline
 * copy, the code of the page a click will most likely open).
 */
export function whenIdle(task: () => void, timeoutMs = 1000): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(task, { timeout: timeoutMs });
  } else {
    setTimeout(task, 0);
  }
}
