import { Counter, Gauge, type Registry } from 'prom-client';
import { loopHealth } from '../../lib/loop-health.js';

/**
 * Each background loop of this process (lib/loop-health.ts): when its last pass went well, and how many failed. A
 * cluster's scrape keeps the latest success of any process (max) and adds up the errors.
 */
export function registerLoopMetrics(registry: Registry) {
  new Gauge({
    name: 'rwa_loop_last_success_timestamp_seconds',
    help: 'When each background loop last finished a pass without error (seconds since the epoch; its start time until then).',
    labelNames: ['loop'] as const,
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const [loop, h] of loopHealth()) this.set({ loop }, h.lastSuccessAt ?? h.startedAt);
    },
  });
  new Gauge({
    name: 'rwa_loop_running',
    help: 'Processes running each background loop.',
    labelNames: ['loop'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [loop] of loopHealth()) this.set({ loop }, 1);
    },
  });
  const errors = new Counter({
    name: 'rwa_loop_errors_total',
    help: 'Failed passes of each background loop.',
    labelNames: ['loop'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [loop, h] of loopHealth()) errors.inc({ loop }, h.errors);
    },
  });
}
