// docs/integrations.md, "Check your integration against the mock": its vitest example runs as a user's
// test file would (the package's entry resolved to this repository's mock) and passes; with the UUID
// encoded once it fails, and its message starts with the lines the page shows.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { MarkdownDoc } from '../testing/MarkdownDoc.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const work = join(repo, '.tmp', `integration-example-${process.pid}`);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function section(): MarkdownDoc {
  return new MarkdownDoc(join(repo, 'docs', 'integrations.md')).section('Check your integration against the mock');
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  const child = spawn(process.execPath, [join(repo, 'node_modules', 'vitest', 'vitest.mjs'), ...args], { cwd: repo, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, out })));
}

test("the page's expectCleanClient example passes; encoding the UUID once fails it with the page's message", async () => {
  const doc = section();
  const example = doc.fences('ts')[0]?.content;
  const shown = /fails with:\n\n```\n([\s\S]*?)^```$/m.exec(doc.text)?.[1];
  expect(example, 'the example').toContain('expectCleanClient(mock);');
  expect(shown, 'the message the page shows').toBeTruthy();
  const encodeTwice = /^ {6}const id = .*$/m;
  expect(example).toMatch(encodeTwice);
  const variant = example!
    .replace(encodeTwice, '      const id = encodeURIComponent(uuid);')
    .replace('  expectCleanClient(mock);\n', "  try {\n    expectCleanClient(mock);\n  } catch (err) {\n    (await import('node:fs')).writeFileSync(process.env.EXAMPLE_CLIENT_MESSAGE!, (err as Error).message);\n    throw err;\n  }\n");
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'example.test.ts'), example!);
  writeFileSync(join(work, 'encodedOnce.test.ts'), variant);
  const entry = join(repo, 'mocks', 'meeting-platform', 'index.ts');
  writeFileSync(
    join(work, 'vitest.config.ts'),
    `export default { resolve: { alias: { 'conform-harness/mocks/meeting-platform': ${JSON.stringify(entry)} } }, test: { include: [${JSON.stringify(`.tmp/integration-example-${process.pid}/*.test.ts`)}] } };\n`,
  );
  const message = join(work, 'message.txt');
  const r = await run(['run', '--config', join(work, 'vitest.config.ts'), '--reporter', 'verbose'], { EXAMPLE_CLIENT_MESSAGE: message });
  expect(r.out).toMatch(/✓ .*example\.test\.ts > the integration keeps the platform's client clauses/);
  expect(r.out).toMatch(/× .*encodedOnce\.test\.ts > the integration keeps the platform's client clauses/);
  expect(r.code).toBe(1);
  const actual = readFileSync(message, 'utf8');
  expect(actual.slice(0, shown!.trimEnd().length)).toBe(shown!.trimEnd());
}, 120_000);
