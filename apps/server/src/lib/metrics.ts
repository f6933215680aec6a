import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** Request latency buckets in seconds: 1 ms to 5 s, about three per decade. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Every series one counter, gauge or histogram family holds, keyed by its rendered label set. */
type Labels = Record<string, string>;

interface Histogram {
  labels: Labels;
  counts: number[];
  sum: number;
  count: number;
}

/** A gauge read at scrape time: its labelled values, or a promise of them. */
export type GaugeReader = () => Array<[Labels, number]> | Promise<Array<[Labels, number]>>;

interface Family {
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
}

/** Label values escaped as the text exposition format asks: backslash, double quote and newline. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function renderLabels(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  if (pairs.length === 0) return '';
  return `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

function renderNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return '+Inf';
  if (n === -Infinity) return '-Inf';
  return String(n);
}

/**
 * The instance's figures in the Prometheus text exposition format (version 0.0.4), kept by hand: a few counters,
 * one latency histogram and gauges read when scraped. One per Deps, so two apps in one process (tests) never mix.
 */
export class Metrics {
  private readonly families = new Map<string, Family>();
  private readonly counters = new Map<string, Map<string, { labels: Labels; value: number }>>();
  private readonly histograms = new Map<string, Map<string, Histogram>>();
  private readonly gauges = new Map<string, GaugeReader>();

  constructor(private readonly buckets: readonly number[] = LATENCY_BUCKETS) {}

  /** Declares a counter; `inc` on an undeclared one throws, so a typo never silently makes a new family. */
  counter(name: string, help: string): this {
    this.families.set(name, { help, type: 'counter' });
    this.counters.set(name, new Map());
    return this;
  }

  histogram(name: string, help: string): this {
    this.families.set(name, { help, type: 'histogram' });
    this.histograms.set(name, new Map());
    return this;
  }

  gauge(name: string, help: string, read: GaugeReader): this {
    this.families.set(name, { help, type: 'gauge' });
    this.gauges.set(name, read);
    return this;
  }

  inc(name: string, labels: Labels = {}, by = 1): void {
    const series = this.counters.get(name);
    if (!series) throw new Error(`metric ${name} is not a declared counter`);
    const key = renderLabels(labels);
    const s = series.get(key);
    if (s) s.value += by;
    else series.set(key, { labels, value: by });
  }

  observe(name: string, labels: Labels, value: number): void {
    const series = this.histograms.get(name);
    if (!series) throw new Error(`metric ${name} is not a declared histogram`);
    const key = renderLabels(labels);
    let h = series.get(key);
    if (!h) {
      h = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      series.set(key, h);
    }
    // Buckets are cumulative in the output; here each observation lands in its first bucket only.
    const at = this.buckets.findIndex((b) => value <= b);
    if (at >= 0) h.counts[at]! += 1;
    h.sum += value;
    h.count += 1;
  }

  /** A counter's current value (tests, readiness reports). */
  value(name: string, labels: Labels = {}): number {
    return this.counters.get(name)?.get(renderLabels(labels))?.value ?? 0;
  }

  async render(): Promise<string> {
    const lines: string[] = [];
    for (const [name, family] of this.families) {
      const head = [`# HELP ${name} ${family.help}`, `# TYPE ${name} ${family.type}`];
      if (family.type === 'counter') {
        lines.push(...head);
        for (const s of this.counters.get(name)!.values())
          lines.push(`${name}${renderLabels(s.labels)} ${renderNumber(s.value)}`);
      } else if (family.type === 'histogram') {
        lines.push(...head);
        for (const h of this.histograms.get(name)!.values()) {
          let cumulative = 0;
          this.buckets.forEach((b, i) => {
            cumulative += h.counts[i]!;
            lines.push(`${name}_bucket${renderLabels(h.labels, ['le', String(b)])} ${cumulative}`);
          });
          lines.push(`${name}_bucket${renderLabels(h.labels, ['le', '+Inf'])} ${h.count}`);
          lines.push(`${name}_sum${renderLabels(h.labels)} ${renderNumber(h.sum)}`);
          lines.push(`${name}_count${renderLabels(h.labels)} ${h.count}`);
        }
      } else {
        // A reader that fails (the database is down) leaves its family out of this scrape rather than failing it.
        const values = await Promise.resolve()
          .then(() => this.gauges.get(name)!())
          .catch(() => null);
        if (!values) continue;
        lines.push(...head);
        for (const [labels, v] of values) lines.push(`${name}${renderLabels(labels)} ${renderNumber(v)}`);
      }
    }
    return `${lines.join('\n')}\n`;
  }
}

/** A status code's class label: 2xx, 4xx, 5xx. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** A reader cached for `ms`, so a scrape every second does not query the database every second. */
export function cachedReader(read: GaugeReader, ms: number, now: () => number = Date.now): GaugeReader {
  let last: { at: number; values: Promise<Array<[Labels, number]>> } | null = null;
  return () => {
    const t = now();
    if (!last || t - last.at >= ms) {
      const values = Promise.resolve().then(read);
      last = { at: t, values };
      // A failed read is not kept: the next scrape tries again.
      values.catch(() => {
        if (last?.values === values) last = null;
      });
    }
    return last.values;
  };
}

/** The counters and histogram every instance keeps; gauges are added by createDeps, which knows the database. */
export const METRIC = {
  requests: 'gre_http_requests_total',
  latency: 'gre_http_request_duration_seconds',
  paymentGrants: 'gre_payment_grants_total',
  slowQueries: 'gre_db_slow_queries_total',
  dbOutages: 'gre_db_unavailable_errors_total',
  limiterFallbacks: 'gre_rate_limiter_fallbacks_total',
} as const;

let sharedLoop: IntervalHistogram | null = null;

/** The event loop's delay, sampled by Node itself at 20 ms resolution; one per process, as the loop is. */
function eventLoopDelay(): IntervalHistogram {
  if (!sharedLoop) {
    sharedLoop = monitorEventLoopDelay({ resolution: 20 });
    sharedLoop.enable();
  }
  return sharedLoop;
}

export function createMetrics(): Metrics {
  const metrics = new Metrics()
    .counter(METRIC.requests, 'HTTP requests answered, by route (the call path, never the raw URL) and status class.')
    .histogram(METRIC.latency, 'Time from request to response, by route, in seconds.')
    .counter(METRIC.paymentGrants, 'Paid trades granted (the membership or flash coins were applied).')
    .counter(METRIC.slowQueries, 'Database statements slower than SLOW_QUERY_MS.')
    .counter(METRIC.dbOutages, 'Requests answered server_upgrading because the database was unreachable or full.')
    .counter(METRIC.limiterFallbacks, 'Rate-limiter calls answered without Redis, by the policy applied.');
  // Unlabelled counters start at 0, so rate() has a series before the first event.
  for (const name of [METRIC.paymentGrants, METRIC.slowQueries, METRIC.dbOutages]) metrics.inc(name, {}, 0);
  const loop = eventLoopDelay();
  metrics.gauge('gre_process_resident_memory_bytes', 'Resident set size of this process.', () => [
    [{}, process.memoryUsage.rss()],
  ]);
  metrics.gauge('gre_event_loop_lag_seconds', 'Event-loop delay since the last scrape: p99 and max.', () => {
    const values: Array<[Labels, number]> = [
      [{ quantile: '0.99' }, loop.percentile(99) / 1e9],
      [{ quantile: 'max' }, loop.max / 1e9],
    ];
    loop.reset();
    return values;
  });
  return metrics;
}
