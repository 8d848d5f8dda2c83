// Small statistics and formatting helpers for the benchmark scripts.

/**
 * The value at percentile `p` (0-100) of `samples`, nearest-rank: the smallest sample that at least
 * p% of the samples are less than or equal to. `samples` must be sorted ascending.
 */
export function percentile(samples, p) {
  if (samples.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * samples.length);
  return samples[Math.min(samples.length, Math.max(1, rank)) - 1];
}

/** Sorted copy of the recorded latencies (ms) as a Float64Array, for percentile(). */
export function sortedSamples(recorder) {
  const sorted = recorder.values.slice(0, recorder.count);
  sorted.sort();
  return sorted;
}

/**
 * A growable Float64Array of latencies in milliseconds. At the request rates this machine reaches
 * (a few thousand per second) a 10 s run records well under a million samples: a few MB.
 */
export function createRecorder(initialCapacity = 65_536) {
  return {
    values: new Float64Array(initialCapacity),
    count: 0,
    record(ms) {
      if (this.count === this.values.length) {
        const bigger = new Float64Array(this.values.length * 2);
        bigger.set(this.values);
        this.values = bigger;
      }
      this.values[this.count++] = ms;
    },
  };
}

export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '-';
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1);
}

export function formatMb(kb) {
  if (kb === null || kb === undefined || !Number.isFinite(kb)) return '-';
  return `${(kb / 1024).toFixed(0)} MB`;
}

/** A plain-text table with right-aligned numeric columns (every column but the first two). */
export function renderTable(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
