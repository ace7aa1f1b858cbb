// The fetch suite against a deployment anywhere, each topology of docs/ci.md's recipe run for real on
// loopback, on ports free at test time: the deployment on the runner (the page's shell recipe as written,
// run by bash), and the deployment elsewhere (the farm at public URLs other than where it listens, behind
// a TCP forwarder, the deployment admitting only the public ports and trusting only the operator's CA).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { startPortForwarder, type PortForwarder } from '../../testing/startPortForwarder.ts';
import { MarkdownDoc } from '../../testing/MarkdownDoc.ts';
import { runConform } from '../../testing/runConform.ts';
import { createTestCertificates } from '../../testing/createTestCertificates.ts';
import { freePorts } from '../../testing/freePorts.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = join(root, 'bin', 'conform.js');
const work = mkdtempSync(join(tmpdir(), 'conform-anywhere-'));
const groups = new Set<number>();
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const group of groups) stopGroup(group, 'SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

function stopGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // Gone already.
  }
}

/** A command in a process group of its own (stopped with everything it started), its stdout by line. */
function start(command: string, args: string[], env: Record<string, string>): { child: ChildProcess; lines: AsyncIterator<string>; output: () => string } {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  groups.add(child.pid!);
  let output = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return { child, lines, output: () => output };
}

/** Stops a started command (SIGTERM to its group, as a user's Ctrl+C) and waits for it. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  stopGroup(child.pid!, 'SIGTERM');
  await exited;
}

/** The shell block docs/ci.md marks as the recipe for a deployment on the runner. */
function runnerRecipe(): string {
  const block = new MarkdownDoc(join(root, 'docs', 'ci.md')).fences('sh').find((f) => f.marker?.startsWith('recipe: deployment on the runner'));
  if (!block) throw new Error('docs/ci.md has no recipe block for a deployment on the runner');
  return block.content;
}

describe('the fetch suite against a deployment anywhere', () => {
  test("on the runner: docs/ci.md's recipe as written, its fixed ports swapped for free ones, passes", { timeout: 240_000 }, async ({ signal }) => {
    const recipe = runnerRecipe();
    const fixed = [...new Set(recipe.match(/\b(80\d\d|84\d\d)\b/g))];
    // The recipe's five ports: the service's and the farm's four.
    expect(fixed.sort()).toEqual(['8080', '8081', '8443', '8444', '8445']);
    const free = await freePorts(fixed.length);
    const script = fixed.reduce((text, port, i) => text.replaceAll(new RegExp(`\\b${port}\\b`, 'g'), String(free[i])), recipe).replaceAll('npx conform', `"${process.execPath}" "${bin}"`);
    // Whatever the recipe started in the background stops with the script.
    const { child, output } = start('bash', ['-euo', 'pipefail', '-c', `trap 'kill $(jobs -p) 2>/dev/null; wait' EXIT\n${script}`], { SVC_API_KEY: '' });
    signal.addEventListener('abort', () => stopGroup(child.pid!, 'SIGKILL'));
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, `${stdout.slice(-3000)}\n${output().slice(-3000)}`).toBe(0);
    expect(stdout).toMatch(/^PASS in [\d.]+s \(seed 7\)\n\d+ passed, 0 failed, 0 skipped$/m);
  });

  test('elsewhere: a farm at public URLs other than where it listens, behind a forwarder, with a supplied certificate, passes through it', { timeout: 240_000 }, async () => {
    const key = `conform-anywhere-${randomBytes(12).toString('hex')}`;
    const certs = await createTestCertificates(['origin.test']);
    const files = { cert: join(work, 'origin.pem'), key: join(work, 'origin-key.pem'), ca: join(work, 'operator-ca.pem') };
    writeFileSync(files.cert, certs.issued.cert);
    writeFileSync(files.key, certs.issued.key);
    writeFileSync(files.ca, certs.ca);

    // The public side: four ports on 127.0.0.1 the deployment is told of; the farm listens on others.
    const pub = await freePorts(4);
    const publicUrls = [`http://127.0.0.1:${pub[0]}`, `https://127.0.0.1:${pub[1]}`, `https://127.0.0.1:${pub[2]}`, `https://127.0.0.1:${pub[3]}`];
    const farm = start(process.execPath, [
      bin, 'origin',
      '--public-url', publicUrls[0]!, '--public-tls-url', publicUrls[1]!, '--public-expired-tls-url', publicUrls[2]!, '--public-wrong-host-tls-url', publicUrls[3]!,
      '--cert', files.cert, '--key', files.key,
    ], {});
    closers.push(() => stop(farm.child));
    const listing: string[] = [];
    for (let line = await farm.lines.next(); !line.done; line = await farm.lines.next()) {
      listing.push(line.value);
      if (line.value.startsWith('info')) break;
    }
    const bound = listing.slice(0, 4).map((line) => /\(listening on https?:\/\/127\.0\.0\.1:(\d+)\)$/.exec(line)?.[1]);
    expect(listing.slice(0, 4).map((line) => line.split(/\s+/)[1]), listing.join('\n') + farm.output()).toEqual(publicUrls);
    expect(bound.every((port) => port !== undefined && !pub.includes(Number(port))), listing.join('\n')).toBe(true);

    const forwarder: PortForwarder = await startPortForwarder(pub.map((from, i) => ({ from, to: { host: '127.0.0.1', port: Number(bound[i]) } })));
    closers.push(() => forwarder.close());

    // The deployment: admits the public ports only, trusts the operator's CA (as a public one), not the farm's.
    const service = start(process.execPath, [bin, 'serve', 'fetch-service', '--port', '0', '--timeout-ms', '5000', ...pub.flatMap((port) => ['--allow-host', `127.0.0.1:${port}`])], {
      SVC_API_KEY: key,
      NODE_EXTRA_CA_CERTS: files.ca,
    });
    closers.push(() => stop(service.child));
    const serviceUrl = (await service.lines.next()).value as string;
    expect(serviceUrl, service.output()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const fetchThrough = async (url: string): Promise<number> => {
      const res = await fetch(`${serviceUrl}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
      await res.arrayBuffer();
      return res.status;
    };
    // The valid-TLS listener presents the supplied certificate through the forwarder: verified, fetched.
    expect(await fetchThrough(`${publicUrls[1]}/small`)).toBe(200);
    // Where the farm listens is no destination the deployment admits: what the run passes, it passed through the forwarder.
    expect(await fetchThrough(`http://127.0.0.1:${bound[0]}/small`)).toBe(403);

    const r = await runConform(['run', 'fetch-service', '--base-url', serviceUrl, '--origin-url', publicUrls[0]!, '--fetch-timeout', '5'], { SVC_API_KEY: key });
    expect(r.exitCode, r.stdout.slice(-4000) + r.stderr).toBe(0);
    expect(r.report!.checks.filter((c) => c.status === 'failed')).toEqual([]);
    for (const port of pub) expect(forwarder.connections(port), `connections through 127.0.0.1:${port}`).toBeGreaterThan(0);
  });
});
