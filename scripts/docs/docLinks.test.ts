// README.md and every page of docs/ link only where something is: a relative link names a file or
// folder of the tree, and an anchor (#…, on the page itself or another page) a heading there, as GitHub
// makes its anchors. A page moved, renamed or retitled breaks the links to it here, not for a reader.
import { existsSync, globSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MarkdownDoc } from '../../src/testing/MarkdownDoc.ts';
import { repositoryRoot } from './generatedDocs.ts';

/** Repository-relative paths of the pages: README.md and docs/**. */
const pages = ['README.md', ...globSync('docs/**/*.md', { cwd: repositoryRoot }).sort()];

/** Why a link of `page` goes nowhere, or undefined when it resolves. */
function brokenLink(page: string, href: string, docs: Map<string, MarkdownDoc>): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return undefined;
  const [path = '', anchor] = href.split('#', 2);
  const target = path ? join(dirname(page), decodeURI(path)) : page;
  if (!existsSync(join(repositoryRoot, target))) return `${target} does not exist`;
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md') || statSync(join(repositoryRoot, target)).isDirectory()) return `#${anchor}: ${target} is no Markdown page`;
  let doc = docs.get(target);
  if (!doc) docs.set(target, (doc = new MarkdownDoc(join(repositoryRoot, target))));
  return doc.anchors().has(anchor) ? undefined : `${target} has no heading for #${anchor}`;
}

describe('links in README.md and docs/', () => {
  test('there are pages, and links in them', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/command-line.md', 'docs/add-a-check.md', 'docs/matrix/meeting-platform.md']));
  });

  test.each(pages)('%s: every relative link resolves, to a file and a heading', (page) => {
    const docs = new Map<string, MarkdownDoc>();
    const doc = new MarkdownDoc(join(repositoryRoot, page));
    const broken = doc.links().flatMap(({ href, line }) => {
      const why = brokenLink(page, href, docs);
      return why ? [`${page}:${line + 1}: ${href}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  test('a link to a missing page, a missing heading or a heading of another page is caught', () => {
    const docs = new Map<string, MarkdownDoc>();
    expect(brokenLink('README.md', 'docs/nowhere.md', docs)).toBe('docs/nowhere.md does not exist');
    expect(brokenLink('README.md', 'docs/ci.md#no-such-heading', docs)).toBe('docs/ci.md has no heading for #no-such-heading');
    expect(brokenLink('docs/ci.md', 'verdicts.md#accepted-deviations', docs)).toBeUndefined();
    expect(brokenLink('docs/ci.md', '#which-targets-run', docs)).toBeUndefined();
    expect(brokenLink('docs/ci.md', 'https://example.com/x#y', docs)).toBeUndefined();
  });
});
