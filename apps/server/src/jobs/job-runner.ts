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
  /** What the job is called on the System Settings page (its state is kept in `jobStates`). */
  name?: string;
  intervalMinutes: number;
  run: (signal: AbortSignal) => Promise<unknown>;
  onError?: (error: unknown) => void;
}

/** What a runner of this process is doing, for the platform health (features/system-settings). */
export interface JobRunnerState {
  name: string;
  state: 'running' | 'idle' | 'stopped';
  intervalMinutes: number;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastError: string | null;
}

const runnerStates = new Set<JobRunnerState>();

/** The job runners started in this process, newest last (copies: reading them changes nothing). */
export function jobStates(): JobRunnerState[] {
  return [...runnerStates].map((state) => ({ ...state }));
}

export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const status: JobRunnerState = {
    name: options.name ?? 'Background job',
    state: 'idle',
    intervalMinutes: options.intervalMinutes,
    lastStartedAt: null,
    lastFinishedAt: null,
    lastError: null,
  };
  runnerStates.add(status);

  const tick = () => {
    if (running || stopping.signal.aborted) return;
    status.state = 'running';
    status.lastStartedAt = new Date();
    running = options
      .run(stopping.signal)
      .then(
        () => {
          status.lastError = null;
        },
        (error: unknown) => {
          status.lastError = error instanceof Error ? error.message : String(error);
          options.onError?.(error);
        },
      )
      .finally(() => {
        running = null;
        status.lastFinishedAt = new Date();
        if (status.state === 'running') status.state = 'idle';
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
      status.state = 'stopped';
      await running;
      runnerStates.delete(status);
    },
  };
}
