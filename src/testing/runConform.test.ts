import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';
import { runConform } from './runConform.ts';

/** Processes with an argument that starts with `script` (Linux's /proc): the validator, not the command naming it. */
function processesWith(script: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(script)) found.push(Number(name));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

// A run whose validator never answers: a grandchild of the command (conform → vitest worker → validator).
test.skipIf(process.platform !== 'linux')('a run stopped by its signal ends at once, and everything it started ends with it', async () => {
  const script = `setInterval(() => {}, 1e6) // conform-test-${randomUUID()}`;
  const hang = `node -e "${script}"`;
  const stop = new AbortController();
  const result = runConform(['run', 'unit-record', '--validator', hang], {}, { signal: stop.signal });
  await vi.waitFor(() => expect(processesWith(script)).not.toEqual([]), { timeout: 60_000, interval: 100 });
  stop.abort();
  const r = await result;
  expect(r.exitCode).not.toBe(0);
  await vi.waitFor(() => expect(processesWith(script)).toEqual([]), { timeout: 10_000, interval: 50 });
}, 90_000);
