/**
 * What the page knows about changes not yet on the server, for leaving it (issue 18 "Never lose
 * typing"). Kept free of the queue and React so the app shell can guard navigation without loading
 * the cards feature:
 *
 * - editors register a hand-over: "put what is typed into the save queue now" (their debounce has
 *   not run yet); it runs before an in-app navigation and when the tab is closed or hidden;
 * - the save queues (and editors holding a refused value) register whether they hold changes that
 *   cannot be sent now (offline, refused, in conflict): leaving then asks first;
 * - the save queues register an exit sender: when the tab closes or is hidden every waiting change
 *   is sent at once with a keepalive fetch (sendBeacon cannot set the CSRF and tenant headers).
 */

const handOvers = new Set<() => void>();
const unsendableChecks = new Set<() => boolean>();
const exitSenders = new Set<() => void>();

function register<T>(set: Set<T>, entry: T): () => void {
  set.add(entry);
  return () => {
    set.delete(entry);
  };
}

/** An editor's "hand what is typed to the save queue now". Returns the unregister. */
export function onLeavingPage(handOver: () => void): () => void {
  return register(handOvers, handOver);
}

/** A source of changes that cannot be sent now. Returns the unregister. */
export function registerUnsendableCheck(check: () => boolean): () => void {
  return register(unsendableChecks, check);
}

/** Sends what waits, at once and with keepalive, as the page goes. Returns the unregister. */
export function registerExitSender(send: () => void): () => void {
  return register(exitSenders, send);
}

/** Every editor hands its typing to the save queues now. */
export function handOverTyping(): void {
  for (const handOver of [...handOvers]) {
    try {
      handOver();
    } catch {
      // One editor failing must not keep the others' typing back.
    }
  }
}

/** Typing handed over first, then: does anything wait that cannot be sent now? */
export function hasUnsendableChanges(): boolean {
  handOverTyping();
  return [...unsendableChecks].some((check) => check());
}

/** The tab is closing or hidden (a hidden tab may never come back on phones): send everything now. */
export function sendEverythingNow(): void {
  handOverTyping();
  for (const send of [...exitSenders]) send();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', sendEverythingNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendEverythingNow();
  });
}
