import fs from 'node:fs';

/**
 * The Chromium the browser tests and the smoke test drive: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell: the browser without its window, which took about a sixth less CPU over a browser test file
 * than the whole browser), else Debian's chromium.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return fs.existsSync(shell) ? shell : '/usr/bin/chromium';
}
