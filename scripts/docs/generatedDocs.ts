import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suiteNames } from '../../src/catalogue/suites.ts';
import { folderGraph, readImportGraph } from '../../src/testing/importGraph.ts';
import { importDiagram } from './importDiagram.ts';
import { matrixPage } from './matrixPage.ts';

/** A file of docs/ that `npm run docs` writes, wholly or between markers, and what it must hold. */
export interface GeneratedDoc {
  /** Repository-relative. */
  path: string;
  text: string;
}

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `text` with what stands between `<!-- generated: NAME … -->` and the next `<!-- /generated -->`
 * replaced by `block`, the markers kept. Throws when the markers are not there: a page that lost them
 * would otherwise go stale unnoticed.
 */
export function replaceGeneratedBlock(text: string, name: string, block: string): string {
  const open = new RegExp(`<!-- generated: ${name}\\b[^>]*-->\\n`);
  const start = open.exec(text);
  const end = start && text.indexOf('<!-- /generated -->', start.index);
  if (!start || end === null || end < 0) throw new Error(`no <!-- generated: ${name} --> … <!-- /generated --> block`);
  const from = start.index + start[0].length;
  return `${text.slice(0, from)}${block.trimEnd()}\n${text.slice(end)}`;
}

/** Every generated doc as the tree's specs and code make it now. */
export function generatedDocs(): GeneratedDoc[] {
  const architecture = 'docs/architecture.md';
  const current = readFileSync(join(repositoryRoot, architecture), 'utf8');
  return [
    ...suiteNames.map((suite) => ({ path: `docs/matrix/${suite}.md`, text: matrixPage(suite) })),
    { path: architecture, text: replaceGeneratedBlock(current, 'import graph', importDiagram(folderGraph(readImportGraph()))) },
  ];
}
