// Where a clause's checks are, so that its id leads to them. For each suite below, every clause of its
// catalogue (specs/<suite>.clauses.json; the `client` group aside, which suites never judge) is defined in
// exactly one `*Checks.ts` file of suites/<suite>/, the one its id names, and every `*Checks.ts` file there
// defines some clause. The suite file (`*.suite.ts`) only assembles: it names no clause. (No clause is
// assembly-only: a check always judges something, so its clause is that check's file's.)
//
// The naming rule: drop the suite's prefix ("FS-", "MP-") from the id; its first word, in lower case, names its
// group, and the group's file is `<group>Checks.ts`: FS-RESULT-STATUS → result → resultChecks.ts,
// FS-AUTH-KEY → authChecks.ts, FS-FUZZ-NO-5XX → fuzzChecks.ts. Ids whose leading words are a status code,
// or a word the clause shares a group with others under, are folded into a group by the suite's `folds`
// (the longest leading match wins): FS-429 → limit → limitChecks.ts, FS-502-TLS → tls, FS-CONTENT-TYPE → result.
//
// A clause is "defined" in a file where its id is written as a string, except where the file only refers to
// it: a control's `clause: 'FS-AUTH-KEY'` and `ctx.blocked('FS-AUTH-KEY', …)` name the clause that judges
// what a check leans on, and may stand anywhere. Generated checks' ids are written out too
// (`{ 'NO-5XX': 'FS-FUZZ-NO-5XX', … }`), never composed at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { isClientClause, loadCatalogue } from '../src/catalogue/catalogue.ts';
import type { SuiteName } from '../src/catalogue/suites.ts';

interface SuiteFiles {
  /** The ids' prefix, dash included. */
  prefix: string;
  /** Leading words of an id (after the prefix) → the group they fold into, where the first word is not the group. */
  folds: Record<string, string>;
}

const suites: Partial<Record<SuiteName, SuiteFiles>> = {
  'fetch-service': {
    prefix: 'FS-',
    folds: {
      '400': 'validation',
      '429': 'limit',
      '502-SIZE': 'limit',
      '504': 'limit',
      TIMEOUT: 'limit',
      '502-TLS': 'tls',
      CONTENT: 'result',
      ENCODING: 'result',
      ERROR: 'reply',
      INSECURE: 'destination',
      SSRF: 'destination',
      'SEC-KEY-FORWARD': 'credential',
      'SEC-CALLER-HEADERS': 'credential',
      'SEC-KEY-ECHO': 'keyEcho',
      'SEC-SCHEME': 'scheme',
      'SEC-REQUEST-LIMITS': 'requestLimit',
    },
  },
  'meeting-platform': {
    prefix: 'MP-',
    // Groups of two words: the file is named by both (MP-JOIN-URL-HTTPS → joinUrlChecks.ts).
    folds: { WRONG: 'wrongAddress', JSON: 'jsonOnly', MEETINGS: 'meetingsList', JOIN: 'joinUrl', ID: 'idEncoding', SPEC: 'specResponse' },
  },
};

/** The file a clause's checks belong in, and why: "resultChecks.ts (the id's first word, RESULT)". */
function homeOf(id: string, rule: SuiteFiles): { file: string; why: string } {
  if (!id.startsWith(rule.prefix)) throw new Error(`${id} does not start with the suite's prefix ${rule.prefix}`);
  const words = id.slice(rule.prefix.length);
  const fold = Object.keys(rule.folds)
    .filter((lead) => words === lead || words.startsWith(`${lead}-`))
    .sort((a, b) => b.length - a.length)[0];
  if (fold) return { file: `${rule.folds[fold]}Checks.ts`, why: `its leading words ${fold} fold into the group ${rule.folds[fold]}` };
  const first = words.split('-')[0]!;
  return { file: `${first.toLowerCase()}Checks.ts`, why: `the id's first word, ${first}` };
}

/** The text of `source` with the references to other clauses blanked: a control's clause and a block. */
function withoutReferences(source: string): string {
  return source.replace(/\bclause: '[A-Z0-9-]+'/g, 'clause: ?').replace(/\bblocked\(\s*'[A-Z0-9-]+'/g, 'blocked(?');
}

/** Whether `source` writes `id` as a string of its own ('FS-429', not 'FS-429-X'), references aside. */
function defines(source: string, id: string): boolean {
  return new RegExp(`['"\`]${id}['"\`]`).test(withoutReferences(source));
}

describe('the rule', () => {
  const fetch = suites['fetch-service']!;
  test.each([
    ['FS-RESULT-STATUS', 'resultChecks.ts'],
    ['FS-FUZZ-NO-5XX', 'fuzzChecks.ts'],
    ['FS-429', 'limitChecks.ts'],
    ['FS-502-SIZE', 'limitChecks.ts'],
    ['FS-502-TLS', 'tlsChecks.ts'],
    ['FS-SEC-SCHEME-REDIRECT', 'schemeChecks.ts'],
    ['FS-CACHE-NEW', 'cacheChecks.ts'],
  ])('%s belongs in %s', (id, file) => {
    expect(homeOf(id, fetch).file).toBe(file);
  });

  test.each([
    ['MP-TOKEN-FLOW', 'tokenChecks.ts'],
    ['MP-JOIN-URL-HTTPS', 'joinUrlChecks.ts'],
    ['MP-MEETINGS-LIST', 'meetingsListChecks.ts'],
    ['MP-MEETING-BY-ID', 'meetingChecks.ts'],
    ['MP-FUZZ-LINKS', 'fuzzChecks.ts'],
  ])('%s belongs in %s', (id, file) => {
    expect(homeOf(id, suites['meeting-platform']!).file).toBe(file);
  });

  test("a reference to another clause is no definition; the id as a string of its own is", () => {
    expect(defines("ctx.blocked('FS-AUTH-KEY', why); const c = { clause: 'FS-AUTH-KEY' };", 'FS-AUTH-KEY')).toBe(false);
    expect(defines("check('FS-AUTH-KEY', 'title', fn);", 'FS-AUTH-KEY')).toBe(true);
    expect(defines("check('FS-AUTH-KEY-X', 'title', fn);", 'FS-AUTH-KEY')).toBe(false);
  });
});

describe.each(Object.entries(suites) as Array<[SuiteName, SuiteFiles]>)('%s', (suite, rule) => {
  const folder = fileURLToPath(new URL(`./${suite}/`, import.meta.url));
  const sources = new Map(
    readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => [f, readFileSync(`${folder}${f}`, 'utf8')] as const),
  );
  const checksFiles = [...sources.keys()].filter((f) => f.endsWith('Checks.ts')).sort();
  const ids = loadCatalogue(suite).clauses.filter((c) => !isClientClause(c)).map((c) => c.id);

  test("each clause's checks are in exactly one *Checks.ts file, the one its id names", () => {
    const problems: string[] = [];
    for (const id of ids) {
      const { file, why } = homeOf(id, rule);
      const where = checksFiles.filter((f) => defines(sources.get(f)!, id));
      if (where.length === 1 && where[0] === file) continue;
      const found = where.length ? `is defined in ${where.join(', ')}` : 'is defined in no *Checks.ts file';
      problems.push(`${id} ${found}: its checks belong in suites/${suite}/${file} alone (${why})`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('every *Checks.ts file defines a clause', () => {
    const empty = checksFiles.filter((f) => !ids.some((id) => defines(sources.get(f)!, id)));
    const hint = empty.map((f) => `suites/${suite}/${f} defines no clause of the catalogue: a *Checks.ts file holds the checks of one group; assembling is the suite file's, and helpers go in a file named after what they export`);
    expect(empty, hint.join('\n')).toEqual([]);
  });

  test('the suite files only assemble: they define no clause', () => {
    const named = [...sources.keys()].filter((f) => f.endsWith('.suite.ts')).flatMap((f) => ids.filter((id) => defines(sources.get(f)!, id)).map((id) => `${f} defines ${id}: move it to suites/${suite}/${homeOf(id, rule).file}`));
    expect(named, named.join('\n')).toEqual([]);
  });
});
