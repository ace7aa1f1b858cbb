import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Chromium to check HTML reports in: $CONFORM_CHROMIUM, or Debian's package (.ci/run installs it). */
export const chromiumPath = [process.env.CONFORM_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));

export interface RenderedPage {
  status: number | null;
  /** The DOM after the page's scripts ran. */
  dom: string;
  /** Chromium's log: script errors show here. */
  log: string;
}

/** Opens a local HTML file in headless Chromium (no network, a throwaway profile) and returns its DOM. */
export function renderInChromium(file: string): RenderedPage {
  if (!chromiumPath) throw new Error('no Chromium: install Debian\'s chromium or set $CONFORM_CHROMIUM');
  const profile = mkdtempSync(join(tmpdir(), 'conform-chromium-'));
  try {
    const r = spawnSync(
      chromiumPath,
      ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--enable-logging=stderr', '--v=0', '--dump-dom', `file://${file}`],
      { encoding: 'utf8', timeout: 60_000 },
    );
    return { status: r.status, dom: r.stdout, log: r.stderr };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Renders an HTML text as a local file would be (see renderInChromium), from a throwaway folder. */
export function renderHtmlInChromium(html: string): RenderedPage {
  const dir = mkdtempSync(join(tmpdir(), 'conform-html-'));
  try {
    const file = join(dir, 'report.html');
    writeFileSync(file, html);
    return renderInChromium(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
