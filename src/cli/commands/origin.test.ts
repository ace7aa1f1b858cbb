import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Command, CommanderError } from 'commander';
import { describe, expect, test } from 'vitest';
import { originRoutes } from '../../../mocks/origin/originRoutes.ts';
import { getRaw } from '../../testing/getRaw.ts';
import { createTestCertificates } from '../../testing/createTestCertificates.ts';
import { UsageError } from '../UsageError.ts';
import { registerOrigin, runOrigin } from './origin.ts';

const listenerNames = ['http', 'https', 'expired-tls', 'wrong-host-tls', 'info'];

/** The printed `NAME  URL` lines as a map. */
function parseListing(text: string): Map<string, string> {
  return new Map(text.trim().split('\n').map((line) => line.split(/\s+/) as [string, string]));
}

/** A `write` for runOrigin and the listing it prints, awaited as an event (a busy machine may take seconds to bind). */
function listing(): { write: (text: string) => void; printed: Promise<string> } {
  let out = '';
  let done: (text: string) => void = () => {};
  const printed = new Promise<string>((resolve) => (done = resolve));
  const write = (text: string): void => {
    out += text;
    if (/^info\s/m.test(out)) done(out);
  };
  return { write, printed };
}

const defaults = { host: '127.0.0.1', port: 0, tlsPort: 0, expiredTlsPort: 0, wrongHostTlsPort: 0, certName: [] };

async function parse(args: string[]): Promise<{ out: string; error: unknown }> {
  let out = '';
  const program = new Command('conform').exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => {} });
  registerOrigin(program);
  try {
    await program.parseAsync(args, { from: 'user' });
    return { out, error: undefined };
  } catch (error) {
    return { out, error };
  }
}

describe('conform origin', () => {
  test('--help documents the flags, the output shape and every route', async () => {
    const { out, error } = await parse(['origin', '--help']);
    expect(error).toBeInstanceOf(CommanderError);
    for (const flag of ['--port', '--tls-port', '--expired-tls-port', '--wrong-host-tls-port', '--host', '--cert-name', '--public-url', '--public-tls-url', '--public-expired-tls-url', '--public-wrong-host-tls-url', '--cert', '--key']) {
      expect(out).toContain(flag);
    }
    for (const name of listenerNames) expect(out).toMatch(new RegExp(`^  ${name} +http`, 'm'));
    for (const route of originRoutes) expect(out).toContain(`  ${route.path}`);
  });

  test('a bad port is a usage error', async () => {
    const { error } = await parse(['origin', '--tls-port', '70000']);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
  });

  test('prints each listener and the info URL, serves until stopped, then closes', async () => {
    let stop = (): void => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const { write, printed } = listing();
    const running = runOrigin(defaults, write, () => stopped);
    const urls = parseListing(await Promise.race([printed, running.then(() => '')]));
    expect([...urls.keys()]).toEqual(listenerNames);
    const info = (await (await fetch(urls.get('info')!)).json()) as Record<string, string>;
    expect(info.httpsUrl).toBe(urls.get('https'));
    expect(info.wrongHostTlsUrl).toBe(urls.get('wrong-host-tls'));
    stop();
    await running;
    expect((await getRaw(`${urls.get('http')}/small`)).error?.code).toBe('ECONNREFUSED');
  });

  test('a port in use is a usage error naming the address', async () => {
    let stop = (): void => {};
    const { write, printed } = listing();
    const first = runOrigin(defaults, write, () => new Promise<void>((resolve) => (stop = resolve)));
    const port = Number(new URL(parseListing(await Promise.race([printed, first.then(() => '')])).get('http')!).port);
    const second = runOrigin({ ...defaults, port }, () => {}, () => Promise.resolve());
    await expect(second).rejects.toThrow(new UsageError(`cannot listen on 127.0.0.1:${port}: EADDRINUSE`));
    stop();
    await first;
  });

  test('--public-url: the listing and /__farm/info name the public URLs, and where each listener listens', async () => {
    let stop = (): void => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const { write, printed } = listing();
    const options = { ...defaults, publicUrl: 'http://origin.test:8081', publicTlsUrl: 'https://tls.origin.test' };
    const running = runOrigin(options, write, () => stopped);
    const text = await Promise.race([printed, running.then(() => '')]);
    const urls = parseListing(text);
    expect(urls.get('http')).toBe('http://origin.test:8081');
    expect(urls.get('https')).toBe('https://tls.origin.test');
    expect(urls.get('expired-tls')).toMatch(/^https:\/\/origin\.test:\d+$/);
    expect(urls.get('info')).toBe('http://origin.test:8081/__farm/info');
    const bound = /^http +\S+ +\(listening on (http:\/\/127\.0\.0\.1:\d+)\)$/m.exec(text)?.[1];
    expect(bound, text).toBeDefined();
    const info = (await (await fetch(`${bound}/__farm/info`)).json()) as Record<string, string>;
    expect(info.httpUrl).toBe('http://origin.test:8081');
    expect(info.expiredTlsUrl).toBe(urls.get('expired-tls'));
    // The TLS listeners listen on the port the public URL of the expired one derives from.
    expect(text).toContain(`(listening on https://127.0.0.1:${new URL(urls.get('expired-tls')!).port})`);
    stop();
    await running;
  });

  test.each([
    [['--public-url', 'https://origin.test'], '--public-url "https://origin.test" must be http: the http listener speaks plain HTTP'],
    [['--public-tls-url', 'http://origin.test'], '--public-tls-url "http://origin.test" must be https: the https listener speaks TLS, forwarded as it is, not terminated in front of it'],
    [['--public-url', 'http://origin.test/farm'], '--public-url "http://origin.test/farm" must be a base URL (scheme://host[:port]), without a path, query or fragment'],
  ])('%j is a usage error', async (args, message) => {
    const { error } = await parse(['origin', ...args]);
    expect(error).toEqual(new UsageError(message));
  });

  test('--cert without --key, an unreadable file, a key of another certificate: usage errors naming the flags', async () => {
    const start = (more: object) => runOrigin({ ...defaults, ...more }, () => {}, () => Promise.resolve());
    await expect(start({ cert: '/nonexistent/cert.pem' })).rejects.toThrow(new UsageError('--cert and --key go together: the certificate and its private key'));
    await expect(start({ cert: '/nonexistent/cert.pem', key: '/nonexistent/key.pem' })).rejects.toThrow(new UsageError('--cert /nonexistent/cert.pem cannot be read: ENOENT'));
    const dir = mkdtempSync(join(tmpdir(), 'conform-origin-cert-'));
    try {
      const certs = await createTestCertificates(['origin.test']);
      writeFileSync(join(dir, 'cert.pem'), certs.issued.cert);
      writeFileSync(join(dir, 'other-key.pem'), certs.selfSigned.key);
      const files = `--cert ${join(dir, 'cert.pem')} --key ${join(dir, 'other-key.pem')}`;
      await expect(start({ cert: join(dir, 'cert.pem'), key: join(dir, 'other-key.pem') })).rejects.toThrow(new RegExp(`^${files}: the certificate and key cannot serve TLS: .*key values mismatch`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // SIGINT takes the same listener; one real process keeps the suite fast.
  test('in its own process, SIGTERM stops it cleanly (exit 0)', async () => {
    const command = new URL('./origin.ts', import.meta.url).href;
    const script = `
      const { Command } = await import('commander');
      const { registerOrigin } = await import(${JSON.stringify(command)});
      const program = new Command('conform');
      registerOrigin(program);
      await program.parseAsync(['origin', '--port', '0'], { from: 'user' });`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout });
    const seen: string[] = [];
    for await (const line of lines) {
      seen.push(line);
      if (line.startsWith('info')) break;
    }
    const urls = parseListing(seen.join('\n'));
    expect((await fetch(urls.get('info')!)).status).toBe(200);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect((await getRaw(`${urls.get('http')}/small`)).error?.code).toBe('ECONNREFUSED');
  });
});
