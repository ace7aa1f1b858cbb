// What docs/, README.md and the code's comments name in the tree exists: a path under one of the
// project's folders (a glob finds at least one file), and a test, suite or bench file named by itself.
// A mention that outlives a move or a rename fails here with the file that has it and what to do.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { repositoryRoot } from './generatedDocs.ts';

const folders = ['src', 'mocks', 'suites', 'specs', 'scripts', 'bench', 'docs', 'bin'];
// Tests are left out: they name paths that must not exist (the import-direction test's made-up files).
const readers = [...globSync('docs/**/*.md', { cwd: repositoryRoot }), 'README.md', ...globSync(`{${folders.join(',')}}/**/*.ts`, { cwd: repositoryRoot, exclude: ['**/*.test.ts', 'src/generated/**'] })].sort();
const pathPattern = new RegExp(String.raw`(?<![\w./*-])((?:${folders.join('|')})\/[\w.\-/*{}]*[\w*}])`, 'g');
const namePattern = /(?<![\w./*-])([\w.-]+\.(?:test|suite|bench)\.ts)\b/g;
const namesInTree = new Set(globSync(`{${folders.join(',')}}/**/*`, { cwd: repositoryRoot }).map((f) => basename(f)));

function exists(path: string): boolean {
  if (/[*{]/.test(path)) return globSync(path, { cwd: repositoryRoot }).length > 0;
  return existsSync(join(repositoryRoot, path)) || existsSync(join(repositoryRoot, `${path}.ts`));
}

/** Each mention of a path that is not there, as "FILE:LINE PATH". */
function missingIn(file: string): string[] {
  const missing: string[] = [];
  readFileSync(join(repositoryRoot, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      // A line may say a file is absent on purpose ("… does not exist: …").
      if (/does not exist|no such file/.test(line)) return;
      for (const m of line.matchAll(pathPattern)) {
        // A path built in a template literal (`suites/**/*.suite.${extension}`) is not a mention.
        if (/^\.?\$\{/.test(line.slice(m.index + m[0].length))) continue;
        if (!exists(m[1]!)) missing.push(`${file}:${i + 1} ${m[1]}`);
      }
      for (const [, name] of line.matchAll(namePattern)) if (!namesInTree.has(name!)) missing.push(`${file}:${i + 1} ${name}`);
    });
  return missing;
}

describe('what docs and comments name exists', () => {
  test('they are read: docs, README and the sources', () => {
    expect(readers).toContain('docs/add-a-check.md');
    expect(readers).toContain('src/cli/main.ts');
    expect(readers.length).toBeGreaterThan(300);
  });

  test('every path and test file they name is in the tree', () => {
    const missing = readers.flatMap(missingIn);
    expect(missing, `named but not in the tree (fix the path where it is named, or drop the mention):\n${missing.join('\n')}`).toEqual([]);
  });

  test('no source cites a document the project does not have', () => {
    const cites = readers.filter((f) => /\bDESIGN\.md\b/.test(readFileSync(join(repositoryRoot, f), 'utf8')));
    expect(cites, 'DESIGN.md is the team\'s design card, not in this repository: cite docs/ instead').toEqual([]);
  });

  test('a made-up path is caught, a real one is not', () => {
    expect([...'see src/nowhere/gone.ts and mocks/MockExchange.ts'.matchAll(pathPattern)].map((m) => m[1]).filter((p) => !exists(p!))).toEqual(['src/nowhere/gone.ts']);
  });
});
