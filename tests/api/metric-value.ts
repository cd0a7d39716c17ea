import type { Counter } from 'prom-client';

/** A business counter's value in this process (its series with `labels`, or all its series summed). */
export async function metricValue(counter: Counter, labels: Record<string, string> = {}): Promise<number> {
  const { values } = await counter.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, want]) => v.labels[k] === want))
    .reduce((sum, v) => sum + v.value, 0);
}
