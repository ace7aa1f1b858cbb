// Stopping the process a user started stops the server it runs, with a clean close, and frees its ports:
// conform itself (bin/conform.js) taking SIGTERM or SIGINT, and conform started the way npx starts it
// (`sh -c 'conform …'`, the shell passing no signal on) when that launcher is killed. Nothing here judges
// time: each test waits for the ports to refuse connections, bounded by the test's timeout.
import { afterEach, describe, expect, test } from 'vitest';
import { conformBin, exitOf, startServerCommand, untilRefused, type StartedServerCommand } from '../testing/startServerCommand.ts';

const servers: Array<{ name: string; args: string[]; ready: RegExp; listeners: number }> = [
  { name: 'mock fetch-service', args: ['mock', 'fetch-service', '--port', '0'], ready: /Stop with Ctrl\+C/, listeners: 1 },
  { name: 'mock meeting-platform', args: ['mock', 'meeting-platform', '--port', '0'], ready: /Stop with Ctrl\+C/, listeners: 1 },
  { name: 'origin', args: ['origin', '--port', '0'], ready: /^info\s/m, listeners: 4 },
  { name: 'serve fetch-service', args: ['serve', 'fetch-service', '--port', '0', '--api-key', 'signal-test-key-0123'], ready: /^http:\/\/127\.0\.0\.1:\d+\n/m, listeners: 1 },
];

const started: StartedServerCommand[] = [];
afterEach(() => {
  for (const s of started.splice(0)) s.cleanUp();
});

async function start(argv: string[], ready: RegExp, listeners: number): Promise<StartedServerCommand> {
  const server = await startServerCommand(argv, ready);
  started.push(server);
  expect(server.ports).toHaveLength(listeners);
  return server;
}

describe('a server command stops when the process the user started is stopped', () => {
  test.for(servers.flatMap((s) => (['SIGTERM', 'SIGINT'] as const).map((signal) => ({ ...s, signal }))))(
    '$name: $signal to bin/conform.js closes it cleanly (exit 0) and frees its ports',
    { timeout: 60_000 },
    async ({ args, ready, listeners, signal }) => {
      const server = await start([process.execPath, conformBin, ...args], ready, listeners);
      server.launcher.kill(signal);
      expect(await exitOf(server.launcher)).toEqual([0, null]);
      await untilRefused(server.ports);
    },
  );

  test.for(servers)('$name: killing the launcher npx runs it through (sh -c) stops the orphaned server and frees its ports', { timeout: 60_000 }, async ({ args, ready, listeners }) => {
    // What npm exec runs: a shell with the command line, conform its child. The shell dies of the signal.
    const line = [process.execPath, conformBin, ...args].map((a) => `'${a}'`).join(' ');
    // npm marks what it launches with $npm_command; only then is the parent's death the launch's end.
    const server = await startServerCommand(['/bin/sh', '-c', line], ready, { env: { ...process.env, npm_command: 'exec' } });
    started.push(server);
    expect(server.ports).toHaveLength(listeners);
    server.launcher.kill('SIGTERM');
    await exitOf(server.launcher);
    await untilRefused(server.ports);
  });
});
