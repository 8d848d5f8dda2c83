// Drives one route with autocannon for a fixed time and reports throughput and exact latency
// percentiles. autocannon's own histogram offers p90 and p97.5 but no p95, and rounds to whole
// milliseconds; so every response's latency is also recorded here (autocannon's 'response' event
// gives it in fractional milliseconds) and the percentiles are computed from the raw samples.
import autocannon from 'autocannon';
import { createRecorder, percentile, sortedSamples } from './bench-stats.mjs';

/**
 * Runs `connections` keep-alive connections, each sending its next request as soon as the previous
 * answer arrives, for `durationSeconds`. Only 127.0.0.1 is ever targeted.
 */
export async function runLoad({ url, headers = {}, connections, durationSeconds, record = true }) {
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
    url: target.pathname,
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
