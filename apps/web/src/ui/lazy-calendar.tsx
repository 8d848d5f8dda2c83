import { type ComponentProps, useEffect, useState } from 'react';
import type { Calendar } from '@/ui/calendar';
import { lazyModule } from '@/ui/lazy-module';

// The calendar's code (react-day-picker and its date helpers, about 17 KB gzip) is fetched the first
// time a calendar is about to open: pages with date fields (the card page's plan) do not load it up
// front, and typing a date needs none of it (issue 19). A failed fetch is tried again next time.
const calendarModule = lazyModule(() => import('@/ui/calendar'));

/** Starts fetching the calendar (pointer over its button, Alt+Down) so it is usually there by the click. */
export function preloadCalendar(): void {
  calendarModule.load().catch(() => undefined);
}

export type LazyCalendarProps = ComponentProps<typeof Calendar> & {
  /** Called once the calendar is on the page (on mount when its code had already arrived). */
  onShown?: () => void;
};

/** The month calendar, or a short status line while its code is on the way. */
export function LazyCalendar({ onShown, ...props }: LazyCalendarProps) {
  const [module, setModule] = useState(calendarModule.current);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (module) return;
    let live = true;
    calendarModule.load().then(
      (loaded) => live && setModule(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the calendar appears (like autoFocus).
  useEffect(() => {
    if (module) onShown?.();
  }, [module]);

  if (!module) {
    return (
      <p role="status" className="p-3 text-muted-foreground text-sm">
        {failed ? 'The calendar could not load. Type the date instead.' : 'Loading calendar…'}
      </p>
    );
  }
  return <module.Calendar {...props} />;
}
