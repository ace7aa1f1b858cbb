// The renderers compute nothing of their own: the report's presentation (root causes, verdict, matrices,
// clause table, counts) is derived once, by presentReport, and every format writes out that one view.
// Read off the code: a reporter imports from outside reporters/ nothing but types (`import type`, which
// no runtime loads), so no derivation can run inside one; what they share beside the view is text.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const reporters = dirname(fileURLToPath(import.meta.url));

/**
 * The modules `file` loads at run time from outside `folder` ("file -> module"): static imports and
 * re-exports that are not `import type` / `export type` (an inline `{ type X }` still loads its module),
 * and dynamic imports. Packages are the renderers' own business (node:util, the JUnit builder).
 */
function valueImportsFrom(file: string, source: string, folder: string): string[] {
  const found: string[] = [];
  const outside = (specifier: string) => specifier.startsWith('.') && relative(folder, join(dirname(file), specifier)).startsWith('..');
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly && outside(node.moduleSpecifier.text)) found.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly && outside(node.moduleSpecifier.text)) found.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (!specifier || !ts.isStringLiteral(specifier) || outside(specifier.text)) found.push(specifier && ts.isStringLiteral(specifier) ? specifier.text : '(a computed module)');
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found.map((m) => `${relative(folder, file)} -> ${m}`);
}

describe('the rule, on small files', () => {
  const file = join(reporters, 'renderSomething.ts');
  const imports = (source: string) => valueImportsFrom(file, source, reporters);

  test('a derivation imported into a renderer is found, however it is imported', () => {
    expect(imports("import { rootCauses } from '../rootCauses.ts';")).toEqual(['renderSomething.ts -> ../rootCauses.ts']);
    expect(imports("import { type RootCause, rootCauses } from '../rootCauses.ts';")).toHaveLength(1);
    expect(imports("import { type RootCause } from '../rootCauses.ts';")).toHaveLength(1);
    expect(imports("import * as verdict from '../runVerdict.ts';")).toHaveLength(1);
    expect(imports("export { clauseMatrix } from '../clauseMatrix.ts';")).toHaveLength(1);
    expect(imports("const { verdictOf } = await import('../runVerdict.ts');")).toHaveLength(1);
    expect(imports("import '../buildReport.ts';")).toHaveLength(1);
  });

  test('types, the other reporters and packages are not', () => {
    expect(imports("import type { ReportView, RootCause } from '../ReportView.ts';")).toEqual([]);
    expect(imports("export type { RunReport } from '../RunReport.ts';")).toEqual([]);
    expect(imports("import { failureDetails } from './failureDetails.ts';")).toEqual([]);
    expect(imports("const render = (await import('./renderJson.ts')).renderJson;")).toEqual([]);
    expect(imports("import { styleText } from 'node:util';")).toEqual([]);
  });
});

test('every reporter takes from outside reporters/ types only: the view it is handed is all it shows', () => {
  const files = readdirSync(reporters).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  // Each format's renderer is among them: the rule holds over the files it is about.
  expect(files).toEqual(expect.arrayContaining(['renderConsole.ts', 'renderHtml.ts', 'renderMarkdown.ts', 'renderJunit.ts', 'renderJson.ts']));
  const found = files.flatMap((f) => valueImportsFrom(join(reporters, f), readFileSync(join(reporters, f), 'utf8'), reporters));
  expect(found).toEqual([]);
});
