import { useEffect, useState } from 'react';

/**
 * The current moment, renewed every `everyMs` (a minute by default) so countdowns tick down without a
 * reload. One timer per component; the badge is small, so a page of them costs little.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
