// The house's rules, read off the code's own imports (TypeScript's preProcessFile, type-only imports
// included): the floors import only downward, nothing imports in a circle, the verdict layer
// (src/catalogue/, src/verdict/) stands below everything that judges, suites see of the harness only the
// suite API, the mocks, the client judges and the proxy know nothing of the harness that starts them,
// nobody imports the CLI, and no shipped code imports a test helper (src/testing/) or a module's test
// fixtures (its fixtures/). Each broken rule names the import that runs the wrong way.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { folderGraph, isTestCode, readImportGraph, type ImportGraph } from './testing/importGraph.ts';

/**
 * The floors, the ground first: each imports only its own and those below it. The bounded exchange is the
 * ground, in a folder of its own (src/exchange/): the meeting platform's client stands on it. Above it the
 * verdict layer, in folders of their own: the clause catalogue (src/catalogue/), then the result and report
 * model (src/verdict/: findings, evidence, reports, renderers, suppressions, diffs). Everything that judges
 * stands on them: the suites and the harness's own floors (src/harness/: the suite API, the targets, the
 * options, the run), and beside the harness the mocks, the client judges (src/client/) and the proxy,
 * which the harness starts.
 */
const floors = ['exchange', 'catalogue', 'verdict', 'suite-api', 'targets', 'options', 'run'] as const;
type Floor = (typeof floors)[number];

/** The verdict layer: below everything that judges, and importing nothing of it. */
const verdictLayer: readonly Floor[] = ['catalogue', 'verdict'];

/** The floors that are pure functions of data, run outside vitest too: none of them reaches vitest. */
const noVitest: readonly Floor[] = ['verdict', 'exchange', 'catalogue'];

function floorOf(file: string): Floor | undefined {
  const floor = /^src\/(exchange|catalogue|verdict)\//.exec(file)?.[1] ?? /^src\/harness\/([^/]+)\//.exec(file)?.[1];
  return floors.find((f) => f === floor);
}

/** What judges, beside the harness that starts it: the mocks, the client judges, the proxy. */
const judgesBeside = /^(mocks|src\/client|src\/proxy)\//;

/** Imports that run up the floors (product code; tests sit beside what they test). */
function upwardImports(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, { files }] of Object.entries(graph)) {
    const floor = floorOf(file);
    if (!floor || isTestCode(file)) continue;
    for (const to of files) {
      const target = floorOf(to);
      if (target && floors.indexOf(target) > floors.indexOf(floor)) found.push(`${file} (${floor}) -> ${to} (${target})`);
    }
  }
  return found;
}

/** Every set of files that import one another in a loop, each as its files in the order found. */
function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph[file]!.files) {
      if (!graph[to]) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph[file]!.files.includes(file)) cycles.push(component.reverse());
  };
  for (const file of Object.keys(graph).sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** What the rest of the tree may and may not import, by where a file stands; each broken rule says why. */
function brokenRules(graph: ImportGraph): string[] {
  const found: string[] = [];
  for (const [file, { files }] of Object.entries(graph)) {
    if (isTestCode(file)) continue;
    const floor = floorOf(file);
    const suite = /^suites\/([^/]+)\//.exec(file)?.[1];
    for (const to of files) {
      const target = floorOf(to);
      const arrow = `${file} -> ${to}`;
      if (floor && verdictLayer.includes(floor) && /^(src\/harness|mocks|src\/client|src\/proxy|suites|src\/cli)\//.test(to)) {
        found.push(`${arrow}: the verdict layer (src/catalogue/, src/verdict/) stands below everything that judges: it imports nothing of the harness, the mocks, the client judges, the proxy, the suites or the CLI`);
      } else if (floor && floors.indexOf(floor) < floors.indexOf('targets') && /^(mocks|src\/fetch-service)\//.test(to)) {
        found.push(`${arrow}: below targets/, nothing imports a mock or the reference (only the targets start them)`);
      }
      if (judgesBeside.test(file) && to.startsWith('src/harness/')) {
        found.push(`${arrow}: the mocks, the client judges and the proxy import nothing of the harness, which starts them: what they share with it is in the verdict layer (src/catalogue/, src/verdict/) and src/exchange/`);
      }
      if (file.startsWith('mocks/') && /^(suites|src\/cli)\//.test(to)) found.push(`${arrow}: a mock imports no suite and not the CLI`);
      if (suite !== undefined) {
        if (to.startsWith('src/harness/') && target !== 'suite-api') found.push(`${arrow}: a suite imports from the harness only the suite API (and what stands under it: the verdict layer, the exchange)`);
        if (/^(mocks|src\/fetch-service|src\/cli)\//.test(to)) found.push(`${arrow}: a suite leans on no mock, not on the reference, not on the CLI`);
        const other = /^suites\/([^/]+)\//.exec(to)?.[1];
        if (other !== undefined && other !== suite) found.push(`${arrow}: suites never import each other`);
      }
      if (to.startsWith('src/cli/') && !/^(src\/cli|bin|bench)\//.test(file)) found.push(`${arrow}: nothing imports the CLI but its launchers (bin/, bench/)`);
      if (isTestCode(to) && !/^(bench|scripts)\//.test(file)) found.push(`${arrow}: shipped code imports no test, test helper (testing/) or test fixture (fixtures/)`);
      if (file.startsWith('src/meeting-platform/') && to.startsWith('src/harness/')) found.push(`${arrow}: the meeting platform's client stands on the exchange alone; the harness's floors stand on it`);
      if (file.startsWith('src/records/') && /^(src\/harness|src\/catalogue|src\/verdict|src\/cli|mocks|suites)\//.test(to)) found.push(`${arrow}: the records library needs no harness, verdict layer, CLI, mock or suite`);
    }
  }
  return found;
}

/** Product files of the given floors that reach vitest, through whatever they import, each with the way there. */
function vitestReached(graph: ImportGraph, floors: readonly Floor[]): string[] {
  const found: string[] = [];
  for (const start of Object.keys(graph)) {
    const floor = floorOf(start);
    if (!floor || !floors.includes(floor) || isTestCode(start)) continue;
    const way = new Map<string, string[]>([[start, [start]]]);
    const queue = [start];
    while (queue.length) {
      const file = queue.shift()!;
      const { files, packages } = graph[file]!;
      const runner = packages.find((p) => p === 'vitest' || p.startsWith('vitest/'));
      if (runner) {
        found.push(`${[...way.get(file)!, runner].join(' -> ')}`);
        break;
      }
      for (const to of files) {
        if (way.has(to) || !graph[to]) continue;
        way.set(to, [...way.get(file)!, to]);
        queue.push(to);
      }
    }
  }
  return found;
}

const root = fileURLToPath(new URL('..', import.meta.url));

/** A graph from arrows "a -> b", a package as "pkg:NAME". */
function graphOf(...arrows: string[]): ImportGraph {
  const graph: ImportGraph = {};
  for (const arrow of arrows) {
    const [from, to] = arrow.split(' -> ') as [string, string];
    graph[from] ??= { files: [], packages: [] };
    if (to.startsWith('pkg:')) graph[from].packages.push(to.slice(4));
    else {
      graph[from].files.push(to);
      graph[to] ??= { files: [], packages: [] };
    }
  }
  return graph;
}

describe('the rules, on small graphs', () => {
  test('an import up the floors is found, one down or beside is not', () => {
    const graph = graphOf('src/exchange/a.ts -> src/harness/run/b.ts', 'src/harness/run/b.ts -> src/catalogue/c.ts', 'src/harness/run/b.ts -> src/harness/run/d.ts');
    expect(upwardImports(graph)).toEqual(['src/exchange/a.ts (exchange) -> src/harness/run/b.ts (run)']);
    // The verdict layer: the catalogue under the verdict, the verdict under the suite API.
    const verdict = graphOf('src/catalogue/c.ts -> src/verdict/RunReport.ts', 'src/verdict/finding.ts -> src/harness/suite-api/check.ts', 'src/harness/suite-api/check.ts -> src/verdict/finding.ts', 'src/verdict/RunReport.ts -> src/catalogue/c.ts');
    expect(upwardImports(verdict)).toEqual(['src/catalogue/c.ts (catalogue) -> src/verdict/RunReport.ts (verdict)', 'src/verdict/finding.ts (verdict) -> src/harness/suite-api/check.ts (suite-api)']);
    // A test beside the code imports what it needs from any floor.
    expect(upwardImports(graphOf('src/exchange/a.test.ts -> src/harness/run/b.ts'))).toEqual([]);
  });

  test('a loop of imports is found, however long, and a chain is not', () => {
    expect(importCycles(graphOf('a.ts -> b.ts', 'b.ts -> c.ts', 'c.ts -> a.ts', 'c.ts -> d.ts'))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(graphOf('a.ts -> a.ts'))).toEqual([['a.ts']]);
    expect(importCycles(graphOf('a.ts -> b.ts', 'b.ts -> c.ts', 'a.ts -> c.ts'))).toEqual([]);
  });

  test('folders that import each other through different files are a circle of folders', () => {
    const graph = graphOf('src/harness/suite-api/a.ts -> src/meeting-platform/b.ts', 'src/meeting-platform/c.ts -> src/harness/suite-api/d.ts', 'src/meeting-platform/c.test.ts -> src/harness/run/e.ts');
    expect(importCycles(graph)).toEqual([]);
    expect(importCycles(folderGraph(graph))).toEqual([['src/harness/suite-api', 'src/meeting-platform']]);
  });

  test('a suite importing past the suite API, a mock importing a suite or the harness, the verdict layer importing what judges, anything importing the CLI, shipped code importing a test helper', () => {
    const broken = brokenRules(
      graphOf(
        'suites/fetch-service/x.ts -> src/harness/targets/t.ts',
        'suites/fetch-service/x.ts -> src/harness/suite-api/check.ts',
        'suites/fetch-service/x.ts -> suites/meeting-platform/y.ts',
        'suites/fetch-service/x.ts -> mocks/origin/farm.ts',
        'mocks/origin/farm.ts -> suites/fetch-service/x.ts',
        'mocks/origin/farm.ts -> src/harness/run/run.ts',
        'mocks/origin/farm.ts -> src/verdict/RunReport.ts',
        'src/verdict/r.ts -> mocks/origin/farm.ts',
        'src/harness/targets/t.ts -> mocks/origin/farm.ts',
        'src/harness/run/run.ts -> src/cli/main.ts',
        'bin/conform.js -> src/cli/main.ts',
        'src/records/index.ts -> src/catalogue/catalogue.ts',
        'src/meeting-platform/exchange.ts -> src/harness/suite-api/check.ts',
        'src/meeting-platform/exchange.ts -> src/exchange/boundedRequest.ts',
        'src/harness/targets/t.ts -> src/testing/localOrigin.ts',
        'bench/hostile.bench.ts -> src/testing/startHostileTarget.ts',
        'suites/fetch-service/x.test.ts -> suites/fetch-service/fixtures/brokenVariants.ts',
        'suites/meeting-platform/y.ts -> src/verdict/finding.ts',
        'src/verdict/RunReport.ts -> src/harness/suite-api/check.ts',
        'src/verdict/finding.ts -> src/exchange/Redactor.ts',
        'src/catalogue/catalogue.ts -> src/client/ClientCase.ts',
        'src/catalogue/catalogue.ts -> suites/fetch-service/x.ts',
        'src/client/createClientJudge.ts -> src/verdict/buildReport.ts',
        'src/client/createClientJudge.ts -> src/harness/suite-api/check.ts',
        'src/proxy/createServerJudge.ts -> src/catalogue/catalogue.ts',
        'src/proxy/createServerJudge.ts -> src/harness/options/RunOptions.ts',
      ),
    );
    expect(broken.map((b) => b.split(':')[0]).sort()).toEqual([
      'suites/fetch-service/x.ts -> src/harness/targets/t.ts',
      'suites/fetch-service/x.ts -> suites/meeting-platform/y.ts',
      'suites/fetch-service/x.ts -> mocks/origin/farm.ts',
      'mocks/origin/farm.ts -> suites/fetch-service/x.ts',
      'mocks/origin/farm.ts -> src/harness/run/run.ts',
      'src/verdict/RunReport.ts -> src/harness/suite-api/check.ts',
      'src/catalogue/catalogue.ts -> src/client/ClientCase.ts',
      'src/catalogue/catalogue.ts -> suites/fetch-service/x.ts',
      'src/client/createClientJudge.ts -> src/harness/suite-api/check.ts',
      'src/proxy/createServerJudge.ts -> src/harness/options/RunOptions.ts',
      'src/harness/run/run.ts -> src/cli/main.ts',
      'src/verdict/r.ts -> mocks/origin/farm.ts',
      'src/records/index.ts -> src/catalogue/catalogue.ts',
      'src/meeting-platform/exchange.ts -> src/harness/suite-api/check.ts',
      'src/harness/targets/t.ts -> src/testing/localOrigin.ts',
    ].sort());
  });

  test('a report file that reaches vitest through another file is found, with the way there', () => {
    const graph = graphOf('src/verdict/r.ts -> src/harness/suite-api/f.ts', 'src/harness/suite-api/f.ts -> src/harness/suite-api/check.ts', 'src/harness/suite-api/check.ts -> pkg:vitest');
    expect(vitestReached(graph, noVitest)).toEqual(['src/verdict/r.ts -> src/harness/suite-api/f.ts -> src/harness/suite-api/check.ts -> vitest']);
    expect(vitestReached(graphOf('src/verdict/r.ts -> src/harness/suite-api/f.ts'), noVitest)).toEqual([]);
  });
});

describe("the tree's imports", () => {
  const graph = readImportGraph();

  test('are read: every file of the tree is there, and every import of a file of the tree names one', () => {
    for (const file of ['src/harness/run/run.ts', 'src/catalogue/catalogue.ts', 'mocks/origin/startOriginFarm.ts', 'src/cli/main.ts']) expect(graph).toHaveProperty([file]);
    const missing = Object.entries(graph).flatMap(([file, { files }]) => files.filter((to) => !/\.(json|sh)$/.test(to) && !existsSync(join(root, to))).map((to) => `${file} -> ${to}`));
    expect(missing).toEqual([]);
  });

  test('every file of src/harness, src/catalogue and src/verdict stands on one of the floors', () => {
    const outside = Object.keys(graph).filter((f) => /^src\/(harness|catalogue|verdict)\//.test(f) && !floorOf(f) && !isTestCode(f));
    expect(outside).toEqual([]);
  });

  test("keep test helpers in src/testing/ alone; a module's own test fixtures in its fixtures/", () => {
    const elsewhere = Object.keys(graph).filter((f) => /(^|\/)testing\//.test(f) && !f.startsWith('src/testing/'));
    expect(elsewhere).toEqual([]);
  });

  test('run down the floors: run, options, targets, suite API, verdict, catalogue, exchange', () => {
    expect(upwardImports(graph), 'imports that run up the floors (file (its floor) -> what it imports (a floor above)): import the other way, or move the code down').toEqual([]);
  });

  test('make no circle, type-only imports included', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  test('make no circle of folders either, each harness floor a folder', () => {
    expect(importCycles(folderGraph(graph))).toEqual([]);
  });

  test('keep the verdict layer under what judges, the suites to the suite API, the mocks, client judges and proxy off the harness, the CLI unimported, test code out of shipped code', () => {
    expect(brokenRules(graph), 'imports that run the wrong way, each with the rule it breaks').toEqual([]);
  });

  test('keep vitest out of the verdict, the exchange and the catalogue', () => {
    expect(vitestReached(graph, noVitest)).toEqual([]);
  });
});
