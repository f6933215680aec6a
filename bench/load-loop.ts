// Load generators with exact percentiles for bench/bank-filter.ts: every request is timed on its own with
// performance.now() (autocannon reports p97.5 but no p95, and a shape here is a rotation of different bodies).

export interface LoadFigures {
  concurrency: number;
  duration_s: number;
  requests: number;
  requests_per_sec: number;
  latency_ms: { p50: number; p95: number; p99: number; max: number; mean: number };
  /** Answers other than 200, or failed connections. */
  errors: number;
}

/** The value below which a share q of the sorted samples fall (nearest rank). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

const round = (ms: number) => Number(ms.toFixed(2));

/** Sorted samples → the figures every run reports. */
function figures(samples: number[], errors: number, elapsedS: number, concurrency: number): LoadFigures {
  samples.sort((a, b) => a - b);
  return {
    concurrency,
    duration_s: Number(elapsedS.toFixed(2)),
    requests: samples.length,
    requests_per_sec: Math.round(samples.length / elapsedS),
    latency_ms: {
      p50: round(percentile(samples, 0.5)),
      p95: round(percentile(samples, 0.95)),
      p99: round(percentile(samples, 0.99)),
      max: round(samples.at(-1) ?? 0),
      mean: round(samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length)),
    },
    errors,
  };
}

/** One timed request; false when it failed or did not answer 200. */
async function timedPost(
  url: string,
  headers: Record<string, string>,
  body: string,
  samples: number[],
): Promise<boolean> {
  const t = performance.now();
  try {
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  } finally {
    samples.push(performance.now() - t);
  }
}

/**
 * Starts `fire(i)` at `rate` per second for `seconds`, evenly spaced, whether or not earlier ones have finished, and
 * resolves when all have; `fire` must not reject. Returns the most that were running at once.
 */
export async function openLoop(rate: number, seconds: number, fire: (i: number) => Promise<void>): Promise<number> {
  let inFlight = 0;
  let most = 0;
  const started = performance.now();
  const total = Math.max(1, Math.round(rate * seconds));
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight += 1;
    most = Math.max(most, inFlight);
    pending.push(fire(i).finally(() => (inFlight -= 1)));
  }
  await Promise.all(pending);
  return most;
}

/**
 * An open loop: requests start at `rate` per second (evenly spaced) whether or not earlier ones have answered, as
 * learners' requests do. A closed loop at saturation only measures queueing (latency = in flight / throughput); the
 * latency a learner sees at a given load is this one. `concurrency` in the figures is the most that were in flight.
 */
export async function driveRate(
  url: string,
  headers: Record<string, string>,
  bodies: string[],
  rate: number,
  seconds: number,
): Promise<LoadFigures> {
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  const most = await openLoop(rate, seconds, async (i) => {
    if (!(await timedPost(url, headers, bodies[i % bodies.length]!, samples))) errors += 1;
  });
  return figures(samples, errors, (performance.now() - started) / 1000, most);
}

/** A closed loop: `concurrency` workers each send the next body as soon as the last one answered (the most it serves). */
export async function driveLoad(
  url: string,
  headers: Record<string, string>,
  bodies: string[],
  concurrency: number,
  seconds: number,
): Promise<LoadFigures> {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until)
      if (!(await timedPost(url, headers, bodies[next++ % bodies.length]!, samples))) errors += 1;
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return figures(samples, errors, (performance.now() - started) / 1000, concurrency);
}
