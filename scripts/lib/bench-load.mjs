// Drives one route with autocannon for a fixed time and reports throughput and exact latency
// percentiles. autocannon's own histogram offers p90 and p97.5 but no p95, and rounds to whole
// milliseconds; so every response's latency is also recorded here (autocannon's 'response' event
// gives it in fractional milliseconds) and the percentiles are computed from the raw samples.
import autocannon from 'autocannon';
import { createRecorder, percentile, sortedSamples } from './bench-stats.mjs';

/**
 * Runs `connections` keep-alive connections, each sending its next request as soon as the previous
 * answer arrives, for `durationSeconds`. Only 127.0.0.1 is ever targeted. Either one route (`url`
 * with `headers`), or `requests`: autocannon's request list (each may build its own path, headers and
 * body in `setupRequest`) sent to the server at `url`.
 */
export async function runLoad({ url, headers = {}, requests, connections, durationSeconds, record = true }) {
  const target = new URL(url);
  if (target.hostname !== '127.0.0.1') throw new Error(`refusing to load ${target.hostname}`);

  const recorder = createRecorder();
  const statusCounts = {};
  const startedAt = performance.now();
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: durationSeconds,
    // A request that hangs would stall its connection: give up on it well before the run ends.
    timeout: 10,
    ...(requests ? { requests } : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    statusCounts[statusCode] = (statusCounts[statusCode] ?? 0) + 1;
    if (record && statusCode >= 200 && statusCode < 300) recorder.record(responseTimeMs);
  });
  const result = await instance;
  const elapsedSeconds = (performance.now() - startedAt) / 1000;

  const samples = sortedSamples(recorder);
  const ok = samples.length;
  return {
    // A request list builds its own paths.
    ...(requests ? {} : { url: target.pathname }),
    connections,
    durationSeconds: elapsedSeconds,
    requests: ok,
    requestsPerSecond: ok / elapsedSeconds,
    latencyMs: {
      p50: percentile(samples, 50),
      p90: percentile(samples, 90),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
      max: samples.length ? samples[samples.length - 1] : Number.NaN,
      mean: samples.length ? samples.reduce((a, b) => a + b, 0) / samples.length : Number.NaN,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    autocannon: {
      requestsPerSecondAverage: result.requests.average,
      latencyP50: result.latency.p50,
      latencyP97_5: result.latency.p97_5,
    },
  };
}

/** Throws unless every answer of `run` was 2xx, with no socket error or timeout. */
export function assertClean(label, run) {
  if (run.non2xx === 0 && run.errors === 0 && run.timeouts === 0) return;
  throw new Error(
    `${label}: ${run.non2xx} non-2xx answers, ${run.errors} errors, ${run.timeouts} timeouts ` +
      `(status counts ${JSON.stringify(run.statusCounts)})`,
  );
}

/** The median of `runs` by throughput (the lower middle one of an even count). */
export function medianByThroughput(runs) {
  const byRps = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return byRps[Math.floor((byRps.length - 1) / 2)];
}
