import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { findClause } from '../../../src/harness/catalogue.ts';
import { runConform, type ConformResult } from '../../../src/harness/testing/runConform.ts';
import type { BrokenVariant } from '../brokenVariants.ts';

/** Where the servers the suite's tests start keep the API: apart from the token endpoint, as the real platform's hosts are. */
export const apiPath = '/api';

/** A mock server (bent by a variant's handlers, if given) with its API under /api, closed by `close`. */
export async function startVariantServer(variant?: Pick<BrokenVariant, 'prepend'>, adapter?: 'node' | 'msw'): Promise<MeetingPlatformServer> {
  return startMeetingPlatformServer({ apiPath, ...(variant ? { prepend: variant.prepend } : {}), ...(adapter ? { adapter } : {}) });
}

/**
 * `conform run meeting-platform` against a server on loopback, as a user would point it at a deployment:
 * the auth URL at the server, the API base URL under /api.
 */
export function runAgainst(server: MeetingPlatformServer, fuzzRuns?: number, extraArgs: string[] = []): Promise<ConformResult> {
  const account = server.accounts[0]!;
  const fuzz = fuzzRuns === undefined ? [] : ['--fuzz-runs', String(fuzzRuns)];
  return runConform(['run', 'meeting-platform', '--auth-url', server.url, '--api-base-url', server.apiBaseUrl, ...fuzz, ...extraArgs], {
    MEETING_CLIENT_ID: account.clientId,
    MEETING_CLIENT_SECRET: account.clientSecret,
    MEETING_ACCOUNT_ID: account.accountId,
  });
}

/** A variant's run: the hand-written checks (or its own budget of generated ones), its clause alone when it says so. */
export function runVariant(server: MeetingPlatformServer, variant: BrokenVariant, extraArgs: string[] = []): Promise<ConformResult> {
  return runAgainst(server, variant.fuzzRuns ?? 0, [...(variant.grep ? ['--grep', variant.grep] : []), ...extraArgs]);
}

/** The clauses of the checks that failed, warnings (failed SHOULD checks) included. */
export function failedClauses(result: ConformResult): string[] {
  return [...new Set((result.report?.checks ?? []).filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
}

/** The clauses of the blocked checks, by the clause that blocked them. */
export function blockedClauses(result: ConformResult): Record<string, string[]> {
  const by: Record<string, string[]> = {};
  for (const c of result.report?.checks ?? []) if (c.status === 'blocked') (by[c.blockedBy!] ??= []).push(c.clause);
  return Object.fromEntries(Object.entries(by).map(([root, clauses]) => [root, [...new Set(clauses)].sort()]));
}

/** A fault that breaks a MUST clause fails the run; one that breaks SHOULD clauses only is a warning, exit 0. */
export function expectedExitCode(variant: Pick<BrokenVariant, 'breaks'>): 0 | 1 {
  return variant.breaks.some((id) => findClause('meeting-platform', id)?.level === 'MUST') ? 1 : 0;
}
