// The pages `npm run docs` writes are what the tree makes now: a clause, a path or an import changed
// without the docs rewritten fails here, naming the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generatedDocs, replaceGeneratedBlock, repositoryRoot } from './generatedDocs.ts';
import { importDiagram, transitiveReduction } from './importDiagram.ts';
import { markdownText } from './matrixPage.ts';

describe('the generated pages of docs/', () => {
  test.each(generatedDocs().map((d) => [d.path, d] as const))('%s is up to date (npm run docs rewrites it)', (path, { text }) => {
    expect(readFileSync(join(repositoryRoot, path), 'utf8') === text, `${path} is stale: run npm run docs`).toBe(true);
  });
});

describe('how they are made', () => {
  test('a generated block is replaced between its markers, the rest of the page kept; a page without them is refused', () => {
    const page = 'intro\n<!-- generated: import graph (npm run docs) -->\nold\n<!-- /generated -->\nafter\n';
    expect(replaceGeneratedBlock(page, 'import graph', 'new')).toBe('intro\n<!-- generated: import graph (npm run docs) -->\nnew\n<!-- /generated -->\nafter\n');
    expect(() => replaceGeneratedBlock('intro\n', 'import graph', 'new')).toThrow(/no <!-- generated: import graph -->/);
  });

  test('the drawing leaves out an arrow a longer way already makes, and the table keeps it', () => {
    const graph = { a: { files: ['b', 'c'], packages: [] }, b: { files: ['c'], packages: [] }, c: { files: [], packages: [] } };
    expect(transitiveReduction(graph)).toEqual({ a: { files: ['b'], packages: [] }, b: { files: ['c'], packages: [] }, c: { files: [], packages: [] } });
    const text = importDiagram({ 'src/cli': { files: ['src/harness/run', 'src/json'], packages: [] }, 'src/harness/run': { files: ['src/json'], packages: [] }, 'src/json': { files: [], packages: [] }, bench: { files: ['src/cli'], packages: [] } });
    expect(text).toContain('src_cli --> src_harness_run');
    expect(text).not.toContain('src_cli --> src_json');
    expect(text).toContain('| `src/cli` | `src/harness/run`, `src/json` |');
    expect(text).not.toContain('bench');
  });

  test('catalogue text is shown as written: emphasis, links, tags and table cells escaped, code spans and words kept', () => {
    expect(markdownText('MP-CLIENT-* and <API_KEY> in [brackets], `a|b*c`, next_page_token, _x_')).toBe('MP-CLIENT-\\* and &lt;API_KEY&gt; in \\[brackets\\], `a|b*c`, next_page_token, \\_x\\_');
    expect(markdownText('a | b', true)).toBe('a \\| b');
  });
});
