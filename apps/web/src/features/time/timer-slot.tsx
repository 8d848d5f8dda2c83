import { useEffect, useState } from 'react';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { LazyPartBoundary, lazyPart } from '@/ui/lazy-part';
import { onTimerRequest, type TimerRequest } from './timer-events';
import { useTimer } from './timer-query';

const TimerControls = lazyPart(() => import('./timer-controls'), 'TimerControls');

/**
 * The header's place for the running timer (spec work section 2, "Running timer"). It reads the
 * timer on every page but loads the chip and its dialog only once a timer runs or Quick Add asks
 * for it; from then on they stay, so the entry Stop & Save made can still open after the chip goes.
 */
export function TimerSlot() {
  const tenantId = useCurrentTenantId();
  const timer = useTimer(tenantId);
  const isRunning = timer.data?.running === true;
  const [isNeeded, setNeeded] = useState(false);
  const [request, setRequest] = useState<{ kind: TimerRequest; at: number } | null>(null);

  useEffect(() => {
    if (isRunning) setNeeded(true);
  }, [isRunning]);

  useEffect(
    () =>
      onTimerRequest((kind) => {
        setNeeded(true);
        setRequest({ kind, at: Date.now() });
      }),
    [],
  );

  if (!isNeeded || !tenantId) return null;
  return (
    <LazyPartBoundary fallback={null}>
      <TimerControls
        key={tenantId}
        tenantId={tenantId}
        timer={timer.data}
        request={request}
        onRequestHandled={() => setRequest(null)}
      />
    </LazyPartBoundary>
  );
}
