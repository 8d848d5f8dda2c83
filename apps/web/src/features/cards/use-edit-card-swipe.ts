import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef } from 'react';

/** A sideways swipe of at least this many pixels closes the panel (spec work section 9). */
export const swipeCloseThresholdPx = 50;

/**
 * A pointer moved far enough sideways, and mostly sideways (at least twice as far across as up or
 * down), to count as a swipe that closes the panel (spec work section 2).
 */
export function isSwipeToClose(dx: number, dy: number): boolean {
  return Math.abs(dx) >= swipeCloseThresholdPx && Math.abs(dx) > 2 * Math.abs(dy);
}

/**
 * Handlers for the panel header: a sideways swipe with a finger, pen or mouse calls `onSwipe`. The
 * end of the gesture is read from the window, so a swipe that leaves the header still counts; a tap
 * or click on the header's buttons moves too little to be one.
 */
export function useSwipeToClose(onSwipe: () => void) {
  const latest = useRef(onSwipe);
  useEffect(() => {
    latest.current = onSwipe;
  });
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const onPointerDown = useCallback((event: ReactPointerEvent) => {
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    stop.current?.();
    const start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    const onUp = (up: PointerEvent) => {
      if (up.pointerId !== start.id) return;
      cleanUp();
      if (isSwipeToClose(up.clientX - start.x, up.clientY - start.y)) latest.current();
    };
    const onCancel = (cancel: PointerEvent) => {
      if (cancel.pointerId === start.id) cleanUp();
    };
    const cleanUp = () => {
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      stop.current = null;
    };
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    stop.current = cleanUp;
  }, []);

  return { onPointerDown };
}
