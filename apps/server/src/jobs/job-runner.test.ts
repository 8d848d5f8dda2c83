import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobStates, startJobRunner } from './job-runner';

/** A job whose runs finish only when the test says so. */
function controlledJob() {
  const runs: { signal: AbortSignal; finish: () => void; fail: (e: Error) => void }[] = [];
  const run = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      runs.push({ signal, finish: resolve, fail: reject });
    });
  return { runs, run };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('job runner', () => {
  it('runs at start and then every interval', async () => {
    const job = controlledJob();
    const runner = startJobRunner({ intervalMinutes: 60, run: job.run });
    expect(job.runs).toHaveLength(1);
    job.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(job.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.runs).toHaveLength(2);
    job.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(job.runs).toHaveLength(3);
    job.runs[2]!.finish();
    await runner.stop();
  });

  it('never runs twice at once: a run due while one is going is skipped', async () => {
    const job = controlledJob();
    const runner = startJobRunner({ intervalMinutes: 1, run: job.run });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(job.runs).toHaveLength(1);
    job.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.runs).toHaveLength(2);
    job.runs[1]!.finish();
    await runner.stop();
  });

  it('keeps running after a failed run, and reports it', async () => {
    const job = controlledJob();
    const errors: unknown[] = [];
    const runner = startJobRunner({ intervalMinutes: 1, run: job.run, onError: (e) => errors.push(e) });
    job.runs[0]!.fail(new Error('database unavailable'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(errors).toEqual([new Error('database unavailable')]);
    expect(job.runs).toHaveLength(2);
    job.runs[1]!.finish();
    await runner.stop();
  });

  it('tells the platform health what it is doing: running, its last error until a run succeeds, gone once stopped', async () => {
    const job = controlledJob();
    const runner = startJobRunner({ name: 'State test job', intervalMinutes: 1, run: job.run });
    const state = () => jobStates().find((s) => s.name === 'State test job');
    expect(state()).toMatchObject({ state: 'running', intervalMinutes: 1, lastFinishedAt: null });
    job.runs[0]!.fail(new Error('SMTP refused'));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ state: 'idle', lastError: 'SMTP refused' });
    expect(state()!.lastFinishedAt).not.toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    job.runs[1]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ state: 'idle', lastError: null });
    await runner.stop();
    expect(state()).toBeUndefined();
  });

  it('stops cleanly: signals the run in progress, waits for it, and starts no other', async () => {
    const job = controlledJob();
    const runner = startJobRunner({ intervalMinutes: 1, run: job.run });
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    expect(job.runs[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    job.runs[0]!.finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(job.runs).toHaveLength(1);
  });
});
