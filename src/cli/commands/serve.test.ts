import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { describe, expect, test } from 'vitest';
import { useOriginFarm } from '../../../mocks/origin/fixtures/useOriginFarm.ts';
import { createLoopbackOnlyDial } from '../../fetch-service/loopbackOnlyDial.ts';
import { startLocalOrigin } from '../../testing/localOrigin.ts';
import { createStubResolver } from '../../fetch-service/stubResolver.ts';
import { UsageError } from '../UsageError.ts';
import { apiKeysFrom, registerServe, runServeFetchService, type ServeFetchServiceOptions } from './serve.ts';

const KEY = 'serve-test-key-31415926';

async function parse(args: string[], env: Record<string, string | undefined> = {}): Promise<{ out: string; error: unknown }> {
  let out = '';
  const program = new Command('conform').exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => {} });
  registerServe(program, env);
  try {
    await program.parseAsync(args, { from: 'user' });
    return { out, error: undefined };
  } catch (error) {
    return { out, error };
  }
}

const defaults: ServeFetchServiceOptions = {
  port: 0,
  host: '127.0.0.1',
  apiKey: [KEY],
  allowHost: [],
  timeoutMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
  maxConcurrency: 10,
};

describe('conform serve fetch-service: flags', () => {
  test('--help lists every flag with its default, and no key value', async () => {
    const { out, error } = await parse(['serve', 'fetch-service', '--help'], { SVC_API_KEY: KEY });
    expect(error).toBeInstanceOf(CommanderError);
    for (const [flag, shown] of [
      ['--port', '(default: 8080)'],
      ['--host', '(default: "127.0.0.1")'],
      ['--api-key', '(default: $SVC_API_KEY)'],
      ['--allow-host', '(default: none)'],
      ['--origin-url', 'admit the origin farm running at URL'],
      ['--timeout-ms', '(default: 60000)'],
      ['--max-bytes', '(default: 10485760 = 10 MiB)'],
      ['--max-concurrency', '(default: 10)'],
    ]) {
      expect(out).toContain(flag);
      expect(out.replace(/\s+/g, ' ')).toContain(shown);
    }
    expect(out).not.toContain(KEY);
  });

  test.each([
    ['a timeout over 60 s', ['--timeout-ms', '60001']],
    ['a zero size cap', ['--max-bytes', '0']],
    ['a non-integer concurrency', ['--max-concurrency', 'lots']],
    ['a port out of range', ['--port', '70000']],
    ['a URL as allow-host', ['--allow-host', 'http://127.0.0.1:8080/']],
    ['an empty key', ['--api-key', '']],
  ])('%s is a usage error (exit 2)', async (_name, args) => {
    const { error } = await parse(['serve', 'fetch-service', ...args]);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
  });

  test('with no key anywhere the service refuses to start', async () => {
    const run = runServeFetchService({ ...defaults, apiKey: [] }, {}, () => {}, async () => {});
    await expect(run).rejects.toThrow(/no API key configured/);
    await expect(run).rejects.toBeInstanceOf(UsageError);
  });

  test('keys come from the flags, else from SVC_API_KEY', () => {
    expect(apiKeysFrom({ apiKey: ['a', 'b'] }, { SVC_API_KEY: 'env' })).toEqual(['a', 'b']);
    expect(apiKeysFrom({ apiKey: [] }, { SVC_API_KEY: 'env' })).toEqual(['env']);
    expect(apiKeysFrom({ apiKey: [] }, { SVC_API_KEY: '' })).toEqual([]);
  });

  test('a port already taken is a usage error naming the address', async () => {
    const origin = await startLocalOrigin((_req, res) => res.end());
    const run = runServeFetchService({ ...defaults, port: origin.port }, {}, () => {}, async () => {}, { log: () => {} });
    await expect(run).rejects.toThrow(`cannot listen on 127.0.0.1:${origin.port}: EADDRINUSE`);
    await origin.close();
  });
});

describe('conform serve fetch-service: running', () => {
  test('prints the URL, serves with the key from the environment, closes when told to stop', async () => {
    let out = '';
    const client = createLoopbackOnlyDial().agent();
    let statuses: number[] = [];
    await runServeFetchService(
      { ...defaults, apiKey: [] },
      { SVC_API_KEY: KEY },
      (text) => (out += text),
      async (running) => {
        const ask = async (key?: string) => {
          const headers = key ? { 'x-svc-api-key': key, 'content-type': 'application/json' } : { 'content-type': 'application/json' };
          const res = await client.request({ origin: running.url, path: '/v1/fetch', method: 'POST', headers, body: '{"url":"http://127.0.0.1:9/"}' });
          await res.body.dump();
          return res.statusCode;
        };
        statuses = [await ask(), await ask(KEY)];
      },
      { log: () => {}, dial: createLoopbackOnlyDial().dial, resolve: createStubResolver().resolve },
    );
    expect(out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/);
    // No key: 401. With the key: 403, loopback port 9 not being allowlisted.
    expect(statuses).toEqual([401, 403]);
    await client.close();
  });
});

describe('conform serve fetch-service --origin-url: the farm admitted in one flag', () => {
  const farm = useOriginFarm();

  /** POST /v1/fetch of `url` to the service, with the key: the status and the fetched status or the error message. */
  async function fetchThrough(service: string, url: string, options: object = {}): Promise<string> {
    const res = await fetch(`${service}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ url, ...options }) });
    const body = (await res.json()) as { statusCode: number; message?: string };
    return `${res.status} ${body.message ?? body.statusCode}`;
  }

  test("every listener fetched (the valid one verified against the farm's CA, the others failing verification), the rest of loopback still refused", async () => {
    const outcomes: string[] = [];
    await runServeFetchService(
      { ...defaults, originUrl: farm().httpUrl },
      {},
      () => {},
      async (running) => {
        const f = farm();
        for (const url of [f.httpUrl, f.httpsUrl]) outcomes.push(await fetchThrough(running.url, `${url}/small`));
        for (const url of [f.expiredTlsUrl, f.wrongHostTlsUrl]) {
          outcomes.push(await fetchThrough(running.url, `${url}/small`));
          outcomes.push(await fetchThrough(running.url, `${url}/small`, { allowInsecureSsl: true }));
        }
        // Another port on the farm's host: the farm's listeners only are admitted.
        outcomes.push(await fetchThrough(running.url, `http://127.0.0.1:${Number(new URL(f.httpUrl).port) === 9 ? 10 : 9}/`));
      },
      { log: () => {}, dial: createLoopbackOnlyDial().dial, resolve: createStubResolver().resolve },
    );
    const tls = '502 TLS certificate verification failed for the fetched host. If it is a trusted test host or one you control, set allowInsecureSsl to true.';
    expect(outcomes).toEqual(['200 200', '200 200', tls, '200 200', tls, '200 200', '403 The destination is not permitted.']);
  });

  test('no farm at the URL: the service does not start (exit 2), saying so', async () => {
    const run = runServeFetchService({ ...defaults, originUrl: 'http://127.0.0.1:9' }, {}, () => {}, async () => {}, { log: () => {} });
    await expect(run).rejects.toThrow(new UsageError('--origin-url http://127.0.0.1:9 is not a running origin farm (GET /__farm/info failed); start it first: conform origin'));
  });
});

describe('conform serve fetch-service: as a process', () => {
  test('SIGTERM lets the fetch in flight finish, then the command returns; stderr is JSON lines without the key', async () => {
    const origin = await startLocalOrigin((_req, res) => {
      setTimeout(() => res.end('finished after SIGTERM'), 400);
    });
    const serveModule = fileURLToPath(new URL('./serve.ts', import.meta.url));
    const script = `
      import { Command } from 'commander';
      import { registerServe } from ${JSON.stringify(serveModule)};
      const program = new Command('conform').exitOverride();
      registerServe(program);
      await program.parseAsync(process.argv.slice(1), { from: 'user' });
      process.stdout.write('returned\\n');
    `;
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', script, 'serve', 'fetch-service', '--port', '0', '--allow-host', `127.0.0.1:${origin.port}`],
      { cwd: fileURLToPath(new URL('../../../', import.meta.url)), env: { ...process.env, SVC_API_KEY: KEY }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const url = (await lines.next()).value as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const client = createLoopbackOnlyDial().agent();
    const inFlight = client.request({
      origin: url,
      path: '/v1/fetch',
      method: 'POST',
      headers: { 'x-svc-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${origin.url}/` }),
    });
    await expect.poll(() => origin.requests.length).toBe(1);
    child.kill('SIGTERM');
    const reply = await inFlight;
    expect(reply.statusCode).toBe(200);
    expect(((await reply.body.json()) as { content: string }).content).toBe('finished after SIGTERM');
    expect((await lines.next()).value).toBe('returned');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);

    const events = stderr.trim().split('\n').map((l) => (JSON.parse(l) as { event: string }).event);
    expect(events).toEqual(['listening', 'shutting_down', 'request', 'closed']);
    expect(stderr).not.toContain(KEY);
    await client.close();
    await origin.close();
  });
});
