/**
 * Ends the task the app's code is evaluated in, here: main.tsx imports this module after the first
 * reads have started, so the rest of the startup code (React's DOM renderer, the router, the shell)
 * is evaluated in a later task, and the browser can paint, take input or run the reads' answers in
 * between. Issue 19: over a page the server drew, the evaluation was one task of 70–145 ms at 4x CPU
 * slowdown, all of it blocking time.
 *
 * The bundler keeps the startup modules in one chunk in the order they run, so the `await` below
 * holds back what comes after it in that chunk. A message on a channel (or `scheduler.yield()`) is
 * answered at once in a hidden tab too, where a timer may wait a second.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
};

await nextTask();

export {};
