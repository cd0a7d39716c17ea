/**
 * deploy/prometheus/alerts.yml is valid for Prometheus (`promtool check rules`) and each alert fires when it should
 * (`promtool test rules` on alerts.test.yml beside it). Needs Debian's package `prometheus`; without it the test says
 * so and is skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROMTOOL = '/usr/bin/promtool';
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/prometheus');
const present = fs.existsSync(PROMTOOL);
if (!present) console.log(`prometheus-alerts: skipped: ${PROMTOOL} is missing (Debian package prometheus)`);

const promtool = (...args: string[]) => {
  const run = spawnSync(PROMTOOL, args, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
};

describe.runIf(present)('the Prometheus alert rules', () => {
  it('pass promtool check rules', () => {
    const run = promtool('check', 'rules', 'alerts.yml');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('SUCCESS: 9 rules found');
  });

  it('fire as alerts.test.yml expects (promtool test rules)', () => {
    const run = promtool('test', 'rules', 'alerts.test.yml');
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain('SUCCESS');
  });
});
