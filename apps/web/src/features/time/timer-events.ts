/**
 * Asks the header's timer (features/time/timer-slot.tsx) to start or to show itself, from Quick Add
 * on any page, the phone's bottom bar included (where the chip is hidden).
 */
export type TimerRequest = 'start' | 'open';

const listeners = new Set<(request: TimerRequest) => void>();

export function requestTimer(request: TimerRequest): void {
  for (const listener of listeners) listener(request);
}

export function onTimerRequest(listener: (request: TimerRequest) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
