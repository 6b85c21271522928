/** Latency histograms (1 ms buckets) and the figures the feed benchmark reports. */

/** Anything slower than this many ms lands in the last bucket. */
export const MAX_LATENCY_MS = 60_000;

export function newHistogram(): number[] {
  return new Array<number>(MAX_LATENCY_MS + 1).fill(0);
}

export function record(histogram: number[], ms: number): void {
  histogram[Math.min(MAX_LATENCY_MS, Math.max(0, Math.round(ms)))]++;
}

export function addInto(target: number[], source: number[]): void {
  for (let ms = 0; ms < source.length; ms++) target[ms] += source[ms];
}

/** The smallest bucket at or below which a fraction `q` of the samples lie; NaN without samples. */
export function percentile(histogram: number[], q: number): number {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms++) {
    seen += histogram[ms];
    if (seen >= rank) return ms;
  }
  return histogram.length - 1;
}

export function summary(histogram: number[]): { p50: number; p99: number; max: number } {
  return { p50: percentile(histogram, 0.5), p99: percentile(histogram, 0.99), max: percentile(histogram, 1) };
}

export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Samples how late a 10 ms timer fires: the time a message waits behind other work on the event loop. */
export function monitorLoopLag(): { stop(): { p50: number; p99: number; max: number } } {
  const histogram = newHistogram();
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    record(histogram, now - expected);
    expected = now + 10;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return summary(histogram);
    },
  };
}
