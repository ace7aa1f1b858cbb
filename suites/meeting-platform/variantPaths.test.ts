// Every broken variant declares the paths of the clause × path matrix it breaks, and every path of a
// clause the suite's checks judge has a variant that lists it: a path added to specs/meeting-platform.paths.json
// without a platform broken there fails here. The variant tests hold each declaration to its run
// (pathMismatches): a listed path is one a failed check of its clause judged.
import { describe, expect, test } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/catalogue.ts';
import { loadPathMatrix, type PathMatrix } from '../../src/catalogue/pathMatrix.ts';
import { declarationProblems, pathMismatches, pathsWithoutVariant, type DeclaredBreak } from '../../src/testing/brokenPaths.ts';
import { brokenVariants } from './fixtures/brokenVariants.ts';
import { generatedVariants } from './fixtures/generatedVariants.ts';
import { pathVariants } from './fixtures/pathVariants.ts';

const matrix = loadPathMatrix('meeting-platform')!;
const variants: DeclaredBreak[] = [...brokenVariants, ...pathVariants, ...generatedVariants];
// The client clauses judge an app's requests, not the platform's answers: broken clients prove them
// (src/client/fixtures/meetingPlatformClients.ts, meetingPlatformClientJudge.test.ts).
const serverClauses = loadCatalogue('meeting-platform').clauses.filter((c) => c.group !== 'client').map((c) => c.id);

describe('the meeting-platform variants and the clause × path matrix', () => {
  test('every variant declares, for each clause it breaks, paths of that clause the matrix has', () => {
    expect(declarationProblems(matrix, variants), 'variants whose `paths` name no path of specs/meeting-platform.paths.json for a clause they break: fix the variant\'s `paths` (suites/meeting-platform/fixtures/pathVariants.ts or brokenVariants.ts), or add the path to the matrix').toEqual([]);
  });

  test('every path of a clause the checks judge is listed as broken by a variant', () => {
    expect(serverClauses.length).toBeGreaterThan(30);
    expect(pathsWithoutVariant(matrix, serverClauses, variants), 'paths no variant breaks: add a variant that bends the service on that path alone to suites/meeting-platform/fixtures/pathVariants.ts or brokenVariants.ts (docs/add-a-check.md, A)').toEqual([]);
  });
});

describe('how a declaration is held', () => {
  const small: PathMatrix = { suite: 'meeting-platform', clauses: { A: { one: '', two: '' }, B: { only: '' } } };

  test('a clause broken without paths, paths of a clause not broken and a path the matrix lacks are each named', () => {
    expect(declarationProblems(small, [{ name: 'v', breaks: ['A'], paths: { A: ['one'] } }])).toEqual([]);
    expect(declarationProblems(small, [{ name: 'v', breaks: ['A', 'B'], paths: { A: ['one'], B: [] } }])).toEqual(['v breaks B and declares none of its paths']);
    expect(declarationProblems(small, [{ name: 'v', breaks: ['A'], paths: { A: ['one'], B: ['only'] } }])).toEqual(['v declares paths of B, which it does not break']);
    expect(declarationProblems(small, [{ name: 'v', breaks: ['A'], paths: { A: ['three'] } }])).toEqual(['v: A has no path three in specs/meeting-platform.paths.json']);
  });

  test("a path no variant lists is named; a fault on 'every' path proves none of them", () => {
    expect(pathsWithoutVariant(small, ['A', 'B'], [{ name: 'v', breaks: ['A'], paths: { A: ['one'] } }])).toEqual(['A two', 'B only']);
    expect(pathsWithoutVariant(small, ['A'], [{ name: 'v', breaks: ['A'], paths: { A: 'every' } }])).toEqual(['A one', 'A two']);
    expect(pathsWithoutVariant(small, ['A'], [{ name: 'v', breaks: ['A'], paths: { A: ['one'] } }, { name: 'w', breaks: ['A'], paths: { A: ['two'] } }])).toEqual([]);
  });

  test('a run disagrees with a declaration where no failed check judged a listed path, or a check of one path failed elsewhere', () => {
    const variant = { name: 'v', breaks: ['A'], paths: { A: ['one'] } };
    expect(pathMismatches([{ clause: 'A', status: 'failed', paths: ['one', 'two'] }], variant)).toEqual([]);
    expect(pathMismatches([{ clause: 'A', status: 'passed', paths: ['one'] }], variant)).toEqual(['v: no failed check of A judged one']);
    expect(pathMismatches([{ clause: 'A', status: 'failed', paths: ['one'] }, { clause: 'A', status: 'failed', paths: ['two'] }], variant)).toEqual(['v: a check of A failed on two, which the variant does not declare']);
  });
});
