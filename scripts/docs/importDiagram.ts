import type { ImportGraph } from '../../src/testing/importGraph.ts';

/** The tools and launchers beside the product (benchmarks, scripts, the `conform` launcher): not drawn. */
const tools = new Set(['bench', 'scripts', 'bin']);

/** Every folder `from` reaches through one import or more. */
function reach(graph: ImportGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...graph[from]!.files];
  while (queue.length) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph[next]?.files ?? []));
  }
  return seen;
}

/** The imports a drawing needs: a → c is left out where a imports some b that reaches c anyway. */
export function transitiveReduction(graph: ImportGraph): ImportGraph {
  const reduced: ImportGraph = {};
  for (const [from, { files }] of Object.entries(graph)) {
    const viaOthers = new Set(files.flatMap((b) => [...reach(graph, b)]));
    reduced[from] = { files: files.filter((to) => !viaOthers.has(to)), packages: [] };
  }
  return reduced;
}

const nodeId = (folder: string) => folder.replace(/[^a-zA-Z0-9]/g, '_');
const floorOf = (folder: string) => /^src\/harness\/(.+)$/.exec(folder)?.[1];
/** The verdict layer's folders (src/importDirection.test.ts): boxed together, as the harness's floors are. */
const verdictLayer = new Set(['src/catalogue', 'src/verdict']);

/**
 * The folder graph of the product (folderGraph of src/testing/importGraph.ts, tools left out) as Markdown: a Mermaid
 * drawing of the imports a reader needs (the transitive reduction: no arrow where a longer way already
 * leads), the harness's floors boxed together and the verdict layer's, then every folder with every folder
 * it imports directly.
 */
export function importDiagram(folders: ImportGraph): string {
  const product: ImportGraph = Object.fromEntries(
    Object.entries(folders)
      .filter(([f]) => !tools.has(f))
      .map(([f, { files }]) => [f, { files: files.filter((t) => !tools.has(t)).sort(), packages: [] }]),
  );
  const names = Object.keys(product).sort();
  const reduced = transitiveReduction(product);
  const label = (f: string) => (floorOf(f) ? `${floorOf(f)}/` : f === 'src' ? 'src/index.ts' : `${f}/`);
  const lines = ['```mermaid', 'flowchart TD'];
  lines.push('  subgraph harness["src/harness/"]');
  for (const f of names.filter(floorOf)) lines.push(`    ${nodeId(f)}["${label(f)}"]`);
  lines.push('  end');
  lines.push('  subgraph verdict["the verdict layer"]');
  for (const f of names.filter((n) => verdictLayer.has(n))) lines.push(`    ${nodeId(f)}["${label(f)}"]`);
  lines.push('  end');
  for (const f of names.filter((n) => !floorOf(n) && !verdictLayer.has(n))) lines.push(`  ${nodeId(f)}["${label(f)}"]`);
  for (const f of names) for (const to of reduced[f]!.files.sort()) lines.push(`  ${nodeId(f)} --> ${nodeId(to)}`);
  lines.push('```', '', '| folder | imports, directly |', '|---|---|');
  for (const f of names) lines.push(`| \`${f}\` | ${product[f]!.files.map((t) => `\`${t}\``).join(', ') || '(nothing of the tree)'} |`);
  return lines.join('\n');
}
