// The records given to a validator under test: hand-written edge cases (corpus/, listed with their
// clause, verdict and a note in corpus/manifest.json) and cases generated from the project's
// arbitraries, a few per clause, deterministic by seed.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { invalidRecordFor } from '../../src/records/invalidRecord.ts';
import { mixSeed } from '../../src/json/mixSeed.ts';
import { isRecordClause, recordClauseIds } from '../../src/records/recordClauses.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { validRecordFor } from '../../src/records/validRecordFor.ts';

export interface CorpusCase {
  /** Unique, and safe as a file name: lowercase letters, digits and dashes. */
  name: string;
  /** The non-tree catalogue clause the case is about: the rule it breaks, or whose edge it sits on. */
  clause: string;
  /** The verdict a conforming validator gives. */
  valid: boolean;
  /** The exact bytes of the file the validator under test is given. */
  text: string;
  /** One line on what the case is. */
  note: string;
}

interface ManifestEntry {
  file: string;
  clause: string;
  valid: boolean;
  note: string;
}

const corpusDir = new URL('./corpus/', import.meta.url);

/** Invalid records generated per clause, and valid edge records per clause. */
const invalidPerClause = 3;
const validPerClause = 1;

function handWrittenCases(): CorpusCase[] {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', corpusDir), 'utf8')) as ManifestEntry[];
  return manifest.map(({ file, clause, valid, note }) => {
    if (!isRecordClause(clause)) throw new Error(`suites/unit-record/corpus/manifest.json: ${file} names ${clause}, not a non-tree clause`);
    return { name: file.replace(/\.json$/, ''), clause, valid, note, text: readFileSync(new URL(file, corpusDir), 'utf8') };
  });
}

/**
 * Every tenth value of a longer sample: fc.sample starts with its smallest, most biased values, and
 * spreading the picks gives the corpus simple and elaborate records alike.
 */
export function spreadSample<T>(arbitrary: fc.Arbitrary<T>, seed: number, count: number): T[] {
  return fc.sample(arbitrary, { seed, numRuns: count * 10 }).filter((_, i) => i % 10 === 0);
}

function generatedCases(seed: number): CorpusCase[] {
  return recordClauseIds.flatMap((clause, c) => {
    const id = clause.toLowerCase();
    const invalid = spreadSample(invalidRecordFor(clause), mixSeed(seed, c, 0), invalidPerClause).map(({ record }, k): CorpusCase => {
      // The note quotes what the project's validator says, so a disagreement explains itself.
      const why = validateRecord(record)[0]?.message ?? 'invalid';
      return { name: `generated-${id}-invalid-${String(k + 1)}`, clause, valid: false, note: `generated: ${why}`, text: JSON.stringify(record, null, 2) + '\n' };
    });
    const valid = spreadSample(validRecordFor(clause), mixSeed(seed, c, 1), validPerClause).map(
      (record, k): CorpusCase => ({
        name: `generated-${id}-valid-${String(k + 1)}`,
        clause,
        valid: true,
        note: `generated: a valid record at the edge of ${clause}, other fields ordinary`,
        text: JSON.stringify(record, null, 2) + '\n',
      }),
    );
    return [...invalid, ...valid];
  });
}

/** The whole corpus: hand-written cases first, then the generated ones. Same seed, same cases. */
export function buildCorpus(seed: number): CorpusCase[] {
  return [...handWrittenCases(), ...generatedCases(seed)];
}
