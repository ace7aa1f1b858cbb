// The recipes of docs/recipes/ run as written: the blocks a page marks `<!-- recipe -->` make one script,
// in order, run by the page's interpreter against a fresh meeting mock over loopback. Each recipe checks
// what it expects (an `assert`, a `test`), so one that stops working fails here. A missing interpreter
// fails too, saying how to get it: nothing is skipped in silence.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, globSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startMeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { MarkdownDoc } from '../../src/testing/MarkdownDoc.ts';
import { repositoryRoot } from './generatedDocs.ts';

const interpreters: Record<string, { command: string; file: string; install: string }> = {
  python: { command: 'python3', file: 'recipe.py', install: "install Python 3 (Debian: apt-get install python3)" },
  sh: { command: 'sh', file: 'recipe.sh', install: 'a POSIX sh and curl (Debian: apt-get install curl)' },
};

const pages = globSync('docs/recipes/*.md', { cwd: repositoryRoot }).sort();

/** The page's script: its recipe blocks in order, and the one language they share. */
function recipeOf(page: string): { lang: string; script: string } {
  const blocks = new MarkdownDoc(join(repositoryRoot, page)).fences().filter((f) => f.marker === 'recipe');
  const langs = [...new Set(blocks.map((b) => b.lang))];
  if (langs.length !== 1 || !interpreters[langs[0]!]) throw new Error(`${page}: the recipe blocks must share one language of ${Object.keys(interpreters).join(', ')}; found ${langs.join(', ') || 'none'}`);
  return { lang: langs[0]!, script: blocks.map((b) => b.content).join('\n') };
}

function run(command: string, file: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, [file], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, timeout: 120_000, maxBuffer: 4 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr: err && !stderr ? err.message : stderr });
    });
  });
}

describe('docs/recipes run as written', () => {
  test('there are recipes for curl, Python and a test runner', () => {
    expect(pages).toEqual(['docs/recipes/curl.md', 'docs/recipes/python.md', 'docs/recipes/test-runners.md']);
  });

  for (const page of pages) {
    test(page, async () => {
      const { lang, script } = recipeOf(page);
      const { command, file, install } = interpreters[lang]!;
      const found = spawnSync(command, ['-c', lang === 'python' ? 'pass' : 'true']);
      if (found.error || found.status !== 0) throw new Error(`${page} needs \`${command}\` to run its recipe: ${install}`);
      if (lang === 'sh' && spawnSync('curl', ['--version']).status !== 0) throw new Error(`${page} needs curl: ${install}`);
      const server = await startMeetingPlatformServer();
      const dir = mkdtempSync(join(tmpdir(), 'conform-recipe-'));
      try {
        writeFileSync(join(dir, file), script);
        const { clientId, clientSecret, accountId } = server.accounts[0]!;
        const result = await run(command, join(dir, file), { MOCK: server.url, MEETING_CLIENT_ID: clientId, MEETING_CLIENT_SECRET: clientSecret, MEETING_ACCOUNT_ID: accountId });
        expect(result.code, `${page}'s recipe failed:\n${result.stderr}${result.stdout}`).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await server.close();
      }
    });
  }
});
