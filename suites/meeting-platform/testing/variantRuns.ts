import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { findClause } from '../../../src/harness/catalogue/catalogue.ts';
import type { TargetConfig } from '../../../src/harness/options/config/configSchema.ts';
import type { CheckResult } from '../../../src/harness/reports/RunReport.ts';
import { runConform, type ConformResult } from '../../../src/harness/testing/runConform.ts';
import { runTargets, type TargetsRun } from '../../../src/harness/testing/runTargets.ts';
import type { BrokenVariant } from './brokenVariants.ts';

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

/** The checks of a run's report (none when it wrote none). */
export function checksOf(result: ConformResult): CheckResult[] {
  return result.report?.checks ?? [];
}

/** The clauses of the checks that failed, warnings (failed SHOULD checks) included. */
export function failedClauses(checks: readonly CheckResult[]): string[] {
  return [...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
}

/** The clauses of the blocked checks, by the clause that blocked them. */
export function blockedClauses(checks: readonly CheckResult[]): Record<string, string[]> {
  const by: Record<string, string[]> = {};
  for (const c of checks) if (c.status === 'blocked') (by[c.blockedBy!] ??= []).push(c.clause);
  return Object.fromEntries(Object.entries(by).map(([root, clauses]) => [root, [...new Set(clauses)].sort()]));
}

/** A fault that breaks a MUST clause fails the run; one that breaks SHOULD clauses only is a warning, exit 0. */
export function expectedExitCode(variant: Pick<BrokenVariant, 'breaks'>): 0 | 1 {
  return variant.breaks.some((id) => findClause('meeting-platform', id)?.level === 'MUST') ? 1 : 0;
}

/**
 * Variants that share their run's options (`grep`, `fuzzRuns`) judged in one `conform run`, side by side:
 * a server each, named in the report by the variant's name, each with its own account's variables.
 */
export async function runVariantsSideBySide(variants: readonly BrokenVariant[], extraArgs: string[] = []): Promise<TargetsRun> {
  const [first] = variants;
  if (!first || variants.some((v) => v.grep !== first.grep || (v.fuzzRuns ?? 0) !== (first.fuzzRuns ?? 0))) throw new Error('variants run side by side share grep and fuzzRuns');
  const servers = await Promise.all(variants.map((v) => startVariantServer(v)));
  try {
    const { targets, env } = variantTargets(variants, servers);
    return await runTargets(targets, { fuzzRuns: first.fuzzRuns ?? 0 }, [...(first.grep ? ['--grep', first.grep] : []), ...extraArgs], env);
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
}

/**
 * A config's targets for variants side by side, the server of each at the same index: named by the
 * variant, each account's credentials in variables of its own (VARIANT_I_CLIENT_ID, ...), which `env` sets.
 */
export function variantTargets(variants: readonly BrokenVariant[], servers: readonly MeetingPlatformServer[]): { targets: Record<string, TargetConfig>; env: Record<string, string> } {
  const env: Record<string, string> = {};
  const targets = Object.fromEntries(
    variants.map((variant, i) => {
      const account = servers[i]!.accounts[0]!;
      const prefix = `VARIANT_${i}`;
      Object.assign(env, { [`${prefix}_CLIENT_ID`]: account.clientId, [`${prefix}_CLIENT_SECRET`]: account.clientSecret, [`${prefix}_ACCOUNT_ID`]: account.accountId });
      const target: TargetConfig = { suite: 'meeting-platform', authUrl: servers[i]!.url, apiBaseUrl: servers[i]!.apiBaseUrl, clientIdEnv: `${prefix}_CLIENT_ID`, clientSecretEnv: `${prefix}_CLIENT_SECRET`, accountIdEnv: `${prefix}_ACCOUNT_ID` };
      return [variant.name, target];
    }),
  );
  return { targets, env };
}
