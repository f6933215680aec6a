// What the learners saw, call by call and second by second: every request is timed on its own and sorted into one
// outcome. The load's verdict (0 errors) and the fault scripts' timelines both read this one record.
import { percentile } from '../load-loop.js';

/**
 * ok: 200 with `ok: true`. refusal: a business answer the journey expects (a deck too big for the coins left…).
 * retryable: 503 `server_upgrading` (or another kind the client retries after Retry-After). other_4xx: any other
 * refusal — a bug of the driver or the app. server_error: any other 5xx from the app (a 500 with a stack…).
 * balancer: a 502/503/504 that is not the app's envelope (HAProxy's own page: no instance could take it). network:
 * no answer (connection refused or reset, the 15 s timeout).
 */
export const OUTCOMES = ['ok', 'refusal', 'retryable', 'other_4xx', 'server_error', 'balancer', 'network'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Kinds the web client treats as "try again shortly": counted apart from other errors in the fault timelines. */
export const RETRYABLE_KINDS = new Set(['server_upgrading', 'pay_unavailable']);

export interface CallFigures {
  count: number;
  ok: number;
  /** Anything but ok and an expected refusal. */
  errors: number;
  by_outcome: Partial<Record<Outcome, number>>;
  latency_ms: { p50: number; p95: number; p99: number; max: number };
  requests_per_sec: number;
}

export interface Sample {
  call: string;
  outcome: Outcome;
  status: number;
  kind: string | null;
  ms: number;
  /** Seconds since the run began, when the answer came. */
  at: number;
}

const round = (n: number) => Number(n.toFixed(1));

export class Recorder {
  readonly samples: Sample[] = [];
  /** The first few failures of each outcome, with what the server said, for the results file. */
  readonly examples: Record<string, string[]> = {};
  private readonly began = performance.now();

  add(s: Omit<Sample, 'at'>, detail: string) {
    this.samples.push({ ...s, at: (performance.now() - this.began) / 1000 });
    if (s.outcome === 'ok') return;
    const key = `${s.outcome}`;
    const list = (this.examples[key] ??= []);
    if (list.length < 8) list.push(`${s.call}: ${s.status} ${s.kind ?? ''} ${detail}`.slice(0, 300));
  }

  /** Per call and all calls together, over the seconds the load ran. */
  perCall(seconds: number, from = 0, to = Infinity): Record<string, CallFigures> {
    const groups = new Map<string, Sample[]>();
    for (const s of this.samples) {
      if (s.at < from || s.at >= to) continue;
      for (const key of [s.call, 'all']) {
        const g = groups.get(key) ?? [];
        g.push(s);
        groups.set(key, g);
      }
    }
    const out: Record<string, CallFigures> = {};
    for (const key of [...groups.keys()].sort()) {
      const g = groups.get(key)!;
      const by: Partial<Record<Outcome, number>> = {};
      for (const s of g) by[s.outcome] = (by[s.outcome] ?? 0) + 1;
      const ms = g.map((s) => s.ms).sort((a, b) => a - b);
      out[key] = {
        count: g.length,
        ok: by.ok ?? 0,
        errors: g.length - (by.ok ?? 0) - (by.refusal ?? 0),
        by_outcome: by,
        latency_ms: {
          p50: round(percentile(ms, 0.5)),
          p95: round(percentile(ms, 0.95)),
          p99: round(percentile(ms, 0.99)),
          max: round(ms.at(-1) ?? 0),
        },
        requests_per_sec: Number((g.length / seconds).toFixed(1)),
      };
    }
    return out;
  }

  /** Requests by outcome for every second of the run: the fault scripts' timeline. */
  timeline(): { second: number; counts: Partial<Record<Outcome, number>> }[] {
    const rows: { second: number; counts: Partial<Record<Outcome, number>> }[] = [];
    for (const s of this.samples) {
      const sec = Math.floor(s.at);
      while (rows.length <= sec) rows.push({ second: rows.length, counts: {} });
      const c = rows[sec]!.counts;
      c[s.outcome] = (c[s.outcome] ?? 0) + 1;
    }
    return rows;
  }

  /** Seconds since the start of the run, for marking a fault's moments on the timeline. */
  now() {
    return Number(((performance.now() - this.began) / 1000).toFixed(2));
  }
}
