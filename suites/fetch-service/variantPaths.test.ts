// Every broken fetch service declares the paths of the clause × path matrix it breaks, and every path of a
// clause the suite's checks judge has a variant that lists it, but the paths still awaiting one, named
// below: a path added to specs/fetch-service.paths.json with no service broken there fails here, and so
// does a listed path once a variant lists it (the list only shrinks). pathVariants.test.ts holds the path
// variants' declarations to their runs (pathMismatches).
import { describe, expect, test } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/catalogue.ts';
import { loadPathMatrix } from '../../src/catalogue/pathMatrix.ts';
import { declarationProblems, pathsWithoutVariant, type DeclaredBreak } from '../../src/testing/brokenPaths.ts';
import { brokenVariants } from './fixtures/brokenVariants.ts';
import { generatedVariants } from './fixtures/generatedVariants.ts';
import { pathVariants } from './fixtures/pathVariants.ts';
import { securityVariants } from './fixtures/securityVariants.ts';

const matrix = loadPathMatrix('fetch-service')!;
const variants: DeclaredBreak[] = [...brokenVariants, ...securityVariants, ...pathVariants, ...generatedVariants];
// The client clauses judge an app's requests, not the service's answers: broken clients prove them
// (src/client/fixtures/fetchServiceClients.ts, fetchServiceClientJudge.test.ts).
const serverClauses = loadCatalogue('fetch-service').clauses.filter((c) => c.group !== 'client').map((c) => c.id);

/**
 * The paths (`CLAUSE path`) no broken service can break in a run that judges it: 2 of the 281 paths of
 * the server clauses. The preflight's own fetches (whyFarmOutOfReach.ts) ask the seed's way, proxies
 * omitted and the farm's certificate verified: a service failing a fetch with proxies omitted is stopped
 * there ("cannot fetch from the origin farm", its answer quoted: brokenServices.test.ts), and one refusing a certificate that
 * verifies is stopped by whyCertificateRefused, before any check. The list only shrinks.
 */
const pathsAwaitingVariant: readonly string[] = [
  'FS-TLS-VERIFIED direct',
  'FS-PROXIES-OPTION omitted',
];

describe('the fetch-service variants and the clause × path matrix', () => {
  test('every variant declares, for each clause it breaks, paths of that clause the matrix has', () => {
    expect(declarationProblems(matrix, variants), 'variants whose `paths` name no path of specs/fetch-service.paths.json for a clause they break: fix the variant\'s `paths` (suites/fetch-service/fixtures/pathVariants.ts), or add the path to the matrix').toEqual([]);
  });

  test('every path of a clause the checks judge is listed as broken by a variant, but those awaiting one', () => {
    expect(serverClauses.length).toBeGreaterThan(35);
    const without = pathsWithoutVariant(matrix, serverClauses, variants);
    expect(without.filter((p) => !pathsAwaitingVariant.includes(p)), 'paths no variant breaks: add a variant (fixtures/pathVariants.ts)').toEqual([]);
    expect(pathsAwaitingVariant.filter((p) => !without.includes(p)), 'listed as awaiting a variant, yet one breaks it (or the matrix has no such path): take it off the list').toEqual([]);
    expect(new Set(pathsAwaitingVariant).size).toBe(pathsAwaitingVariant.length);
  });
});
