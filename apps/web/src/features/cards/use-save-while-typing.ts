import { useEffect, useRef } from 'react';
import { onLeavingPage } from './unsent-changes';

/** How long after the last keystroke typing is saved (the spec's editor delay; issue 18). */
export const typingSaveDelayMs = 2_000;

/**
 * Saves a text box's typing while it is being typed (issue 18, "never lose typing"): `save` runs
 * `delayMs` after the last change of `value` while `pending`, and at once when the page is left,
 * the tab is closed or hidden, or the box goes away. Leaving the box (blur) is the caller's own save.
 * `save` hands the change to the card's save queue, which outlives the component.
 */
export function useSaveWhileTyping(
  pending: boolean,
  value: unknown,
  save: () => void,
  delayMs: number = typingSaveDelayMs,
): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the delay starts again at each change of the value
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => saveRef.current(), delayMs);
    return () => window.clearTimeout(timer);
  }, [pending, value, delayMs]);
  useEffect(() => {
    const saveIfPending = () => {
      if (pendingRef.current) saveRef.current();
    };
    const unregister = onLeavingPage(saveIfPending);
    return () => {
      unregister();
      saveIfPending();
    };
  }, []);
}
