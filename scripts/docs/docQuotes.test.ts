// A page of docs/ that quotes the tree marks each quoted block `<!-- quote: PATH -->`; the block must be
// in that file as written, so the walk-through of docs/add-a-check.md shows the code that runs and
// cannot drift from it. A line that is only "…" (or "// …") leaves out whole lines; "…" inside a line
// leaves out part of it. What is shown stands in the file in that order.
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MarkdownDoc } from '../../src/testing/MarkdownDoc.ts';
import { repositoryRoot } from './generatedDocs.ts';

/** Where a quoted block stops matching the file, or undefined when every part of it is there in order. */
function quoteMismatch(quoted: string, file: string): string | undefined {
  const parts = quoted
    .replace(/\n$/, '')
    .split(/^[ \t]*(?:\/\/[ \t]*)?…[ \t]*$\n?/m)
    .flatMap((lines) => lines.replace(/\n$/, '').split('…'))
    .filter((part) => part.trim() !== '');
  let from = 0;
  for (const part of parts) {
    const at = file.indexOf(part, from);
    if (at < 0) return `not in the file${from ? ' after the part before it' : ''}: ${JSON.stringify(part.length > 160 ? `${part.slice(0, 160)}…` : part)}`;
    from = at + part.length;
  }
  return undefined;
}

const pages = globSync('docs/**/*.md', { cwd: repositoryRoot }).sort();
const quotes = pages.flatMap((page) =>
  new MarkdownDoc(join(repositoryRoot, page))
    .fences()
    .filter((f) => f.marker?.startsWith('quote:'))
    .map((f) => ({ page, line: f.line + 1, file: f.marker!.slice('quote:'.length).trim(), content: f.content })),
);

describe('blocks of docs/ quoted from the tree', () => {
  test('the walk-through quotes the files it has a contributor change', () => {
    const quoted = new Set(quotes.filter((q) => q.page === 'docs/add-a-check.md').map((q) => q.file));
    expect([...quoted].sort()).toEqual(
      ['specs/meeting-platform.clauses.json', 'specs/meeting-platform.paths.json', 'suites/meeting-platform/apiChecks.ts', 'suites/meeting-platform/apiProbes.ts', 'suites/meeting-platform/meetingChecks.ts', 'suites/meeting-platform/fixtures/brokenVariants.ts', 'suites/meeting-platform/fixtures/pathVariants.ts'].sort(),
    );
  });

  test.each(quotes.map((q) => [`${q.page}:${q.line} ${q.file}`, q] as const))('%s stands in the file as shown', (_name, q) => {
    expect(quoteMismatch(q.content, readFileSync(join(repositoryRoot, q.file), 'utf8'))).toBeUndefined();
  });

  test('a quote that drifted from its file is caught: a changed line, parts out of order, an elision that hides nothing of the order', () => {
    const file = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
    expect(quoteMismatch('const a = 1;\nconst b = 2;\n', file)).toBeUndefined();
    expect(quoteMismatch('const a = 1;\n// …\nconst c = 3;\n', file)).toBeUndefined();
    expect(quoteMismatch('const a = …;\nconst b = 2;\n', file)).toBeUndefined();
    expect(quoteMismatch('const a = 1;\nconst b = 3;\n', file)).toMatch(/^not in the file: /);
    expect(quoteMismatch('const c = 3;\n…\nconst a = 1;\n', file)).toMatch(/^not in the file after the part before it: /);
  });
});
