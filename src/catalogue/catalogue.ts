import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SuiteName } from './suites.ts';

export type Level = 'MUST' | 'SHOULD';

/**
 * What a clause rests on, quoted: a sentence of the seed (verbatim, a table row as the seed writes it),
 * or a sentence of a public document at `url` (the real platform's documentation, or a standard the seed
 * names, such as OAuth 2.0). A MUST rests on what these require of the server; what they say a client
 * sends is no rule that the server refuses everything else.
 */
export type ClauseBasis = { seed: string; quote: string } | { url: string; quote: string };

/** One rule of a seed, as the clause catalogue in `specs/<suite>.clauses.json` states it. */
export interface Clause {
  id: string;
  /** Section of the seed document the rule comes from, e.g. "§2" or "§4 rule 1". */
  section: string;
  level: Level;
  rule: string;
  /**
   * The sentences the rule rests on. Every clause of every catalogue has them (catalogue.test.ts); optional
   * in the type so a catalogue being written can be loaded before its quotes are in.
   */
  basis?: ClauseBasis[];
  /**
   * A family of clauses that reports show apart, under its own heading (`security`: what a caller's
   * secrets and a hostile origin must never get). Absent: the suite's ordinary clauses.
   */
  group?: string;
}

export interface Catalogue {
  suite: SuiteName;
  /** File name of the seed under specs/seeds/ (a copy of the workspace's shared/seeds/). */
  seed: string;
  clauses: Clause[];
}

const cache = new Map<SuiteName, Catalogue>();

export function catalogueFile(suite: SuiteName): string {
  return fileURLToPath(new URL(`../../specs/${suite}.clauses.json`, import.meta.url));
}

export function loadCatalogue(suite: SuiteName): Catalogue {
  let catalogue = cache.get(suite);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(catalogueFile(suite), 'utf8')) as Catalogue;
    cache.set(suite, catalogue);
  }
  return catalogue;
}

/**
 * The group of a catalogue's client clauses (`MP-CLIENT-*`, `FS-CLIENT-*`): what an integration must send.
 * Suites judge servers and never cite them; the mocks and the validation proxy judge clients by them
 * (src/client/), so a server run neither covers them nor lists them as uncovered.
 */
export const clientGroup = 'client';

export function isClientClause(clause: Pick<Clause, 'group'>): boolean {
  return clause.group === clientGroup;
}

export function findClause(suite: SuiteName, id: string): Clause | undefined {
  return loadCatalogue(suite).clauses.find((c) => c.id === id);
}

/** "seed §4 rule 1: «…»" or "https://…: «…»": one line per sentence a clause rests on. */
export function basisLines(clause: Pick<Clause, 'basis'>): string[] {
  return (clause.basis ?? []).map((b) => `${'seed' in b ? `seed ${b.seed}` : b.url}: «${b.quote}»`);
}
