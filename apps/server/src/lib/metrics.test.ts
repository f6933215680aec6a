import { describe, expect, it } from 'vitest';
import { cachedReader, createMetrics, METRIC, Metrics, statusClass } from './metrics.js';

describe('metrics in the Prometheus text format', () => {
  it('writes counters with HELP, TYPE and escaped labels', async () => {
    const m = new Metrics().counter('x_total', 'Things.');
    m.inc('x_total', { route: '/api/a', code: '2xx' });
    m.inc('x_total', { route: '/api/a', code: '2xx' }, 2);
    m.inc('x_total', { route: 'say "hi"\\\n' });
    const text = await m.render();
    expect(text).toContain('# HELP x_total Things.\n# TYPE x_total counter\n');
    expect(text).toContain('x_total{route="/api/a",code="2xx"} 3\n');
    expect(text).toContain('x_total{route="say \\"hi\\"\\\\\\n"} 1\n');
    expect(m.value('x_total', { route: '/api/a', code: '2xx' })).toBe(3);
  });

  it('writes a histogram with cumulative buckets, +Inf, _sum and _count', async () => {
    const m = new Metrics([0.01, 0.1, 1]).histogram('lat_seconds', 'Latency.');
    for (const v of [0.005, 0.05, 0.05, 0.5, 7]) m.observe('lat_seconds', { route: '/r' }, v);
    const lines = (await m.render()).split('\n');
    expect(lines).toContain('# TYPE lat_seconds histogram');
    expect(lines).toContain('lat_seconds_bucket{route="/r",le="0.01"} 1');
    expect(lines).toContain('lat_seconds_bucket{route="/r",le="0.1"} 3');
    expect(lines).toContain('lat_seconds_bucket{route="/r",le="1"} 4');
    expect(lines).toContain('lat_seconds_bucket{route="/r",le="+Inf"} 5');
    expect(lines).toContain('lat_seconds_sum{route="/r"} 7.605');
    expect(lines).toContain('lat_seconds_count{route="/r"} 5');
  });

  it('reads gauges at scrape time and leaves out one whose reader fails', async () => {
    let n = 1;
    const m = new Metrics()
      .gauge('g', 'A gauge.', () => [[{ state: 'idle' }, n]])
      .gauge('broken', 'Fails.', () => Promise.reject(new Error('db down')));
    expect(await m.render()).toContain('g{state="idle"} 1\n');
    n = 4;
    const text = await m.render();
    expect(text).toContain('g{state="idle"} 4\n');
    expect(text).not.toContain('broken');
  });

  it('refuses a counter that was never declared', () => {
    expect(() => new Metrics().inc('nope')).toThrow(/not a declared counter/);
  });

  it('the standard set declares every counter and the process gauges', async () => {
    const m = createMetrics();
    for (const name of Object.values(METRIC)) expect(await m.render()).toContain(`# HELP ${name} `);
    const text = await m.render();
    expect(text).toMatch(/^gre_process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^gre_event_loop_lag_seconds\{quantile="0.99"\} [\d.e+-]+$/m);
  });

  it('names status classes', () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(['2xx', '3xx', '4xx', '5xx']);
  });

  it('a cached reader reads at most once per period and retries after a failure', async () => {
    let t = 0;
    let reads = 0;
    let fail = false;
    const read = cachedReader(
      () => {
        reads += 1;
        if (fail) throw new Error('down');
        return [[{}, reads]];
      },
      5000,
      () => t,
    );
    expect(await read()).toEqual([[{}, 1]]);
    t = 4999;
    expect(await read()).toEqual([[{}, 1]]);
    t = 5000;
    fail = true;
    await expect(read()).rejects.toThrow('down');
    fail = false;
    expect(await read()).toEqual([[{}, 3]]);
  });
});
