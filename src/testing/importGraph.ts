// The tree's imports, read off the code itself (TypeScript's preProcessFile, type-only imports
// included): what src/importDirection.test.ts holds to the house's rules, and what `npm run docs` draws
// in docs/architecture.md. One reader, so the drawing shows the graph the test judges.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Repository-relative path of a file → what it imports: files of the tree (their paths) and packages (their names). */
export type ImportGraph = Record<string, { files: string[]; packages: string[] }>;

/** A project test or test helper: it imports what it tests, from any floor, and nothing imports it but tests. */
export function isTestCode(file: string): boolean {
  return file.endsWith('.test.ts') || /(^|\/)(testing|fixtures)\//.test(file);
}

/** The folder a product file stands in, as the house counts rooms: each harness floor, each of src/'s folders, mocks/ and suites/ whole; undefined for test code. */
export function folderOf(file: string): string | undefined {
  return isTestCode(file) ? undefined : (/^src\/harness\/[^/]+(?=\/)/.exec(file)?.[0] ?? /^(src\/[^/]+(?=\/)|src|mocks|suites|bench|scripts|bin)/.exec(file)?.[0]);
}

/**
 * The tree's product files by folder (folderOf), with the folders each imports from: the drawing the
 * house should make.
 */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folders: ImportGraph = {};
  for (const [file, { files }] of Object.entries(graph)) {
    const from = folderOf(file);
    if (!from) continue;
    folders[from] ??= { files: [], packages: [] };
    for (const to of files.map(folderOf)) if (to && to !== from && !folders[from].files.includes(to)) folders[from].files.push(to);
  }
  for (const { files } of Object.values(folders)) for (const to of files) folders[to] ??= { files: [], packages: [] };
  return folders;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const codeDirs = ['src', 'mocks', 'suites', 'bench', 'scripts', 'bin'];
/** A user's project that imports the packed package by name (installedPackage.test.ts): none of the tree's. */
const notTheTree = ['scripts/package-test/user-project'];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || notTheTree.includes(path) ? [] : sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every source file of the tree (and the top level's config files) with what it imports. */
export function readImportGraph(): ImportGraph {
  const files = [...codeDirs.flatMap(sourceFiles), ...readdirSync(root).filter((f) => /\.(ts|mts)$/.test(f))];
  const graph: ImportGraph = {};
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const specifiers = importedFiles.map((i) => i.fileName);
    graph[file] = {
      files: specifiers.filter((s) => s.startsWith('.')).map((s) => normalize(join(dirname(file), s)).split('\\').join('/')),
      packages: specifiers.filter((s) => !s.startsWith('.')),
    };
  }
  return graph;
}
