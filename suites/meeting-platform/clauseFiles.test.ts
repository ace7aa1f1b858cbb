// A clause's checks are found by its id: each clause of the catalogue is written, as a string, in exactly
// one *Checks.ts file of the suite, the one whose name its id leads to (the words after the suite's
// prefix, from the first: MP-TOKEN-FLOW in tokenChecks.ts, MP-JOIN-URL-HTTPS in joinUrlChecks.ts or
// joinChecks.ts). Any other checks file names it only to say it is blocked by it or controlled by it.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/catalogue.ts';

const folder = fileURLToPath(new URL('.', import.meta.url));
const prefix = 'MP-';

/**
 * The generated clauses: generated.suite.ts, a suite file of its own (its requests in a worker of their
 * own, and a run of the suite split into two shards), defines them, its ids being made literal there and
 * in meetingFuzzBinding.ts (issue 38 item 3). No checks file may hold them.
 */
const generatedClauses = ['MP-FUZZ-NO-5XX', 'MP-FUZZ-POSITIVE', 'MP-FUZZ-NEGATIVE', 'MP-FUZZ-LINKS'];

/** "joinUrlChecks.ts" → "JOIN-URL": the id words a checks file is named by. */
function idWordsOf(file: string): string {
  return file
    .replace(/Checks\.ts$/, '')
    .replace(/[A-Z]/g, (c) => `-${c}`)
    .toUpperCase();
}

/** Whether the file is named by a leading run of the id's words (after the suite's prefix). */
function leadsTo(id: string, file: string): boolean {
  const words = id.slice(prefix.length);
  const named = idWordsOf(file);
  return words === named || words.startsWith(`${named}-`);
}

/** The ids a file's code writes as strings, its comments left out, with what comes before each. */
function writtenIds(source: string): Array<{ id: string; before: string }> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/(.{0,20})'(MP-[A-Z0-9-]+)'/g)].map((m) => ({ id: m[2]!, before: m[1]! }));
}

/** A mention that names another clause's verdict: what blocked a check, or what its control stands for. */
function isReference(before: string): boolean {
  return /(blocked\(|CheckBlocked\(|clause: )$/.test(before);
}

const files = readdirSync(folder).filter((f) => f.endsWith('Checks.ts'));
const written = new Map(files.map((f) => [f, writtenIds(readFileSync(`${folder}${f}`, 'utf8'))]));
const serverClauses = loadCatalogue('meeting-platform').clauses.filter((c) => c.group !== 'client').map((c) => c.id);

/** For each clause: the checks files it leads to that write it, and the other files that write it as more than a reference. */
function placesOf(id: string): { home: string[]; elsewhere: string[] } {
  const home = files.filter((f) => leadsTo(id, f) && written.get(f)!.some((w) => w.id === id));
  const elsewhere = files.filter((f) => !leadsTo(id, f) && written.get(f)!.some((w) => w.id === id && !isReference(w.before)));
  return { home, elsewhere };
}

describe('a meeting-platform clause is found by its id', () => {
  test('each clause is written in exactly one checks file, the one its id leads to, and in no other', () => {
    expect(files.length).toBeGreaterThan(5);
    const problems = serverClauses
      .filter((id) => !generatedClauses.includes(id))
      .flatMap((id) => {
        const { home, elsewhere } = placesOf(id);
        return [
          ...(home.length === 1 ? [] : [`${id} is written in ${home.length ? home.join(', ') : 'no checks file its id leads to'}: write its checks in suites/meeting-platform/ in one file named by the start of its id (${id.slice(prefix.length).split('-')[0]!.toLowerCase()}Checks.ts, say), called from meetingPlatform.suite.ts`]),
          ...elsewhere.map((f) => `${id} is written in ${f}, which its id does not lead to: move its check to the file it leads to (a blocked-by or control mention is fine)`),
        ];
      });
    expect(problems, 'clauses whose checks are not where their id leads').toEqual([]);
  });

  test('the generated clauses are the catalogue\'s, and no checks file holds them: generated.suite.ts does', () => {
    expect(generatedClauses.filter((id) => !serverClauses.includes(id))).toEqual([]);
    expect(generatedClauses.filter((id) => files.some((f) => written.get(f)!.some((w) => w.id === id && !isReference(w.before))))).toEqual([]);
    expect(readFileSync(`${folder}generated.suite.ts`, 'utf8')).toContain("'MP-FUZZ-LINKS'");
  });
});

describe('how an id leads to a file', () => {
  test('the words of the id after the prefix, from the first, name the file', () => {
    expect(leadsTo('MP-TOKEN-FLOW', 'tokenChecks.ts')).toBe(true);
    expect(leadsTo('MP-JOIN-URL-HTTPS', 'joinUrlChecks.ts')).toBe(true);
    expect(leadsTo('MP-JOIN-URL', 'joinUrlChecks.ts')).toBe(true);
    expect(leadsTo('MP-MEETINGS-LIST', 'meetingChecks.ts')).toBe(false);
    expect(leadsTo('MP-API-401', 'apiProbes.ts')).toBe(false);
    expect(leadsTo('MP-ID-ENCODING', 'idChecks.ts')).toBe(true);
    expect(leadsTo('MP-ID-ENCODING', 'encodingChecks.ts')).toBe(false);
  });

  test('a mention in code counts, one in a comment does not; blocked-by and control mentions are references', () => {
    const ids = writtenIds(`// MP-A in a comment\n/** 'MP-B' */\ncheck(\n  'MP-C',\nctx.blocked('MP-D', 'why');\nctx.control({ clause: 'MP-E' });`);
    expect(ids.map((w) => `${w.id}${isReference(w.before) ? ' (reference)' : ''}`)).toEqual(['MP-C', 'MP-D (reference)', 'MP-E (reference)']);
  });
});
