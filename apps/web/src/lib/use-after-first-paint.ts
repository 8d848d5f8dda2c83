import { startTransition, useEffect, useState } from 'react';

/**
 * False until the page has painted once after this component mounted, then true (set in a
 * transition, which React renders in slices the browser can interrupt). Parts of a page below the
 * fold (a card's audit trail, its comments) wait for it, so opening the page paints what is in
 * sight first (issue 19: opening a plan from the board drew the whole page in the click's task).
 * A task queued from an animation frame runs after that frame's paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
