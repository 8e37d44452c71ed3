// What the write benchmarks (bench/fleet.ts, bench/api.ts) read of the service's Prometheus metrics:
// a histogram's buckets, scraped before and after a run and subtracted, merged over the instances,
// and its quantiles interpolated within the buckets as Prometheus's histogram_quantile does.

/** A histogram's cumulative bucket counts by upper bound (`le`, +Infinity for "+Inf"). */
export type Buckets = Map<number, number>;

/** The histogram `name`'s buckets (summed over any other labels) from the metrics at `url`; empty when the instance does not export it. */
export async function scrapeBuckets(url: string, name: string): Promise<Buckets> {
  const text = await (await fetch(url)).text();
  const buckets: Buckets = new Map();
  const line = new RegExp(`^${name}_bucket\\{([^}]*)\\}\\s+(\\S+)`, 'gm');
  for (const [, labels, value] of text.matchAll(line)) {
    const le = /(?:^|,)le="([^"]+)"/.exec(labels!)?.[1];
    if (le === undefined) continue;
    const bound = le === '+Inf' ? Infinity : Number(le);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(value));
  }
  return buckets;
}

/** A gauge's value (the first series) from the metrics at `url`; undefined when the instance does not export it. */
export async function scrapeGauge(url: string, name: string): Promise<number | undefined> {
  const text = await (await fetch(url)).text();
  const value = new RegExp(`^${name}(?:\\{[^}]*\\})?\\s+(\\S+)`, 'm').exec(text)?.[1];
  return value === undefined ? undefined : Number(value);
}

/** What was observed between two scrapes of one instance (`after` minus `before`, bucket by bucket). */
export function bucketsBetween(before: Buckets, after: Buckets): Buckets {
  return new Map([...after].map(([le, count]) => [le, count - (before.get(le) ?? 0)]));
}

/** Several instances' buckets as one histogram (the sum by `le`, as `sum by (le)` in PromQL). */
export function mergeBuckets(all: Buckets[]): Buckets {
  const merged: Buckets = new Map();
  for (const buckets of all) for (const [le, count] of buckets) merged.set(le, (merged.get(le) ?? 0) + count);
  return merged;
}

/**
 * The q-quantile (0..1) of a histogram, as PromQL's histogram_quantile computes it: the bucket the
 * rank falls in, then linear interpolation between its lower and upper bounds (0 for the first
 * bucket); a rank in the +Inf bucket answers the highest finite bound. Undefined when nothing was
 * observed.
 */
export function histogramQuantile(q: number, buckets: Buckets): number | undefined {
  const sorted = [...buckets].sort(([a], [b]) => a - b);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0 || sorted.at(-1)![0] !== Infinity) return undefined;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [le, count] of sorted) {
    if (count >= rank) {
      if (le === Infinity) return sorted.at(-2)?.[0];
      return count === below ? le : lower + (le - lower) * ((rank - below) / (count - below));
    }
    lower = le;
    below = count;
  }
  return undefined;
}

/** Seconds as milliseconds for a table, or a dash when there is no figure. */
export const msOrDash = (seconds: number | undefined) => (seconds === undefined ? '–' : `${Math.round(seconds * 1000)}`);
