import { startTransition, useEffect, useState } from 'react';
import { useDrawnAsOnServer } from '@/ui/use-drawn-as-on-server';

/** Whether the app has painted a page since it started (set by useNoteAppPainted in the shell). */
let appHasPainted = false;

/** Runs `task` in a task queued from an animation frame: after that frame's paint. */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the page has painted once after this component mounted, then true (set in a
 * transition, which React renders in slices the browser can interrupt). Parts of a page below the
 * fold (a card's audit trail, its comments) wait for it, so opening the page paints what is in
 * sight first (issue 19: opening a plan from the board drew the whole page in the click's task).
 *
 * `onlyOnAppStart`: true at once in a page opened from another page of the app, waiting only on the
 * app's first page, whose largest paint should not wait for it (a card's form: issue 19, warm loads).
 */
export function useAfterFirstPaint({ onlyOnAppStart = false }: { onlyOnAppStart?: boolean } = {}): boolean {
  // While React hydrates the server's first paint, as the server drew it (false): the app may have
  // painted by the time React reaches this part of the page (docs/decisions/0041-server-first-paint.md).
  const drawnAsOnServer = useDrawnAsOnServer();
  const [painted, setPainted] = useState(() => onlyOnAppStart && appHasPainted && !drawnAsOnServer);
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [painted]);
  return painted;
}

/** Whether the app has painted a page since it started: false while its first page is drawn. */
export function hasAppPainted(): boolean {
  return appHasPainted;
}

/** Notes, once the app's first page has painted, that it has (the shell calls it once). */
export function useNoteAppPainted(): void {
  useEffect(() => {
    if (appHasPainted) return;
    return afterNextPaint(() => {
      appHasPainted = true;
    });
  }, []);
}
