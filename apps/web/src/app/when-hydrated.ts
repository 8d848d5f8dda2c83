/**
 * When React has hydrated every element of the server's markup under `root` (hydrate-first-paint.tsx).
 * React gives no event for it: it keeps its fiber on each DOM element it has hydrated, under a key
 * starting `__reactFiber$`, so the markup is hydrated once no element is without one. Markup React
 * does not own is not waited for: what a component set with `dangerouslySetInnerHTML` (a sanitised
 * rich text), what React has replaced (no longer in the page) and what was not in the markup when
 * the watch began. Looked at every `intervalMs`; after `maxWaitMs` it settles anyway, so a part that
 * never hydrates cannot leave the page unusable.
 */
export function whenHydrated(
  root: Element,
  { intervalMs = 16, maxWaitMs = 10_000 }: { intervalMs?: number; maxWaitMs?: number } = {},
): { promise: Promise<void>; cancel: () => void } {
  let cancelNext = () => {};
  let cancelled = false;
  const promise = new Promise<void>((resolve) => {
    const giveUpAt = Date.now() + maxWaitMs;
    // The server's markup as it is now: elements a script of the app adds later (an editor's own
    // DOM) are never React's and are not waited for.
    const drawn = new Set(root.querySelectorAll('*'));
    const look = () => {
      if (cancelled) return;
      if (!hasUnhydratedElement(root, (element) => drawn.has(element)) || Date.now() >= giveUpAt) resolve();
      else cancelNext = later(look, intervalMs);
    };
    look();
  });
  return {
    promise,
    cancel: () => {
      cancelled = true;
      cancelNext();
    },
  };
}

interface TaskScheduler {
  postTask(
    task: () => void,
    options: { delay: number; priority: 'background'; signal: AbortSignal },
  ): Promise<unknown>;
}

/**
 * Runs `task` in `delayMs`, at the browser's lowest priority where it has `scheduler.postTask`, so the
 * looking never competes with React's hydrating; a timer elsewhere. Unlike a timer, a posted task also
 * runs in a page whose clock a browser test has stopped.
 */
function later(task: () => void, delayMs: number): () => void {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') {
    const controller = new AbortController();
    scheduler
      .postTask(task, { delay: delayMs, priority: 'background', signal: controller.signal })
      .catch(() => {
        // Aborted: the watch was cancelled.
      });
    return () => controller.abort();
  }
  const timer = setTimeout(task, delayMs);
  return () => clearTimeout(timer);
}

const fiberKeyPrefix = '__reactFiber$';
const propsKeyPrefix = '__reactProps$';

/** Whether some element under `root` that `isDrawn` (by the server) React has not hydrated yet. */
export function hasUnhydratedElement(root: Element, isDrawn: (element: Element) => boolean): boolean {
  const pending: Element[] = [...root.children];
  while (pending.length > 0) {
    const element = pending.pop() as Element;
    const keys = Object.keys(element);
    if (!keys.some((key) => key.startsWith(fiberKeyPrefix))) {
      if (isDrawn(element)) return true;
      continue;
    }
    const propsKey = keys.find((key) => key.startsWith(propsKeyPrefix));
    const props = propsKey
      ? (element as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[propsKey]
      : undefined;
    if (props?.dangerouslySetInnerHTML) continue;
    pending.push(...element.children);
  }
  return false;
}
