/**
 * The Grafana dashboard (deploy/grafana/rwa-commerce.json) asks only for series /metrics serves: every metric name in
 * its queries is one the server registers (server/modules/metrics, by its name in the source) or one of prom-client's
 * default metrics.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dashboard = JSON.parse(fs.readFileSync('deploy/grafana/rwa-commerce.json', 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const source = fs
  .readdirSync('server/modules/metrics')
  .map((f) => fs.readFileSync(path.join('server/modules/metrics', f), 'utf8'))
  .join('\n');
const PROM_DEFAULT = /^(process_|nodejs_)/;
const FUNCTIONS = new Set(['sum', 'max', 'min', 'rate', 'increase', 'histogram_quantile', 'time', 'by', 'le']);

describe('the Grafana dashboard', () => {
  it('queries only metrics the server serves', () => {
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    const names = new Set<string>();
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets) {
        const bare = expr.replace(/\{[^}]*\}/g, '').replace(/\([^()]*\b(?:by|without)\b[^()]*\)/g, '');
        for (const [word] of bare.matchAll(/[a-z_][a-z0-9_]*/g))
          if (!FUNCTIONS.has(word) && /_/.test(word)) names.add(word.replace(/_(bucket|count|sum)$/, ''));
      }
    const unknown = [...names].filter((n) => !PROM_DEFAULT.test(n) && !source.includes(`'${n}'`));
    expect(unknown).toEqual([]);
    expect(names).toContain('rwa_loop_last_success_timestamp_seconds');
  });
});
