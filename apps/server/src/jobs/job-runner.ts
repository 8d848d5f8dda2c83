/**
 * Runs a job at start and then every `intervalMinutes`, one run at a time: a run still going when the
 * next is due is not doubled (the due run is skipped). `stop()` cancels the timer, tells the run in
 * progress to stop at its next safe point (the AbortSignal) and waits for it, so shutdown never cuts a
 * transaction short. What the job has done lives in the database, so a restart simply runs it again.
 */
export interface JobRunner {
  /** Resolves when the current run (if any) has finished; no run starts afterwards. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  intervalMinutes: number;
  run: (signal: AbortSignal) => Promise<unknown>;
  onError?: (error: unknown) => void;
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running || stopping.signal.aborted) return;
    running = options
      .run(stopping.signal)
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(tick, options.intervalMinutes * 60_000);
  // The timer alone never keeps the process alive.
  timer.unref();
  tick();

  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
