import { useSyncExternalStore } from 'react';

/** Viewport classes of DESIGN.md section 6: mobile below 640 px, tablet 640–1023, desktop from 1024. */
export type Viewport = 'mobile' | 'tablet' | 'desktop';

const mobileQuery = '(max-width: 639.98px)';
const tabletQuery = '(max-width: 1023.98px)';

function currentViewport(): Viewport {
  if (typeof window === 'undefined' || !window.matchMedia) return 'desktop';
  if (window.matchMedia(mobileQuery).matches) return 'mobile';
  if (window.matchMedia(tabletQuery).matches) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  const lists = [window.matchMedia(mobileQuery), window.matchMedia(tabletQuery)];
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The viewport class, updated as the window is resized. */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, currentViewport, () => 'desktop');
}
