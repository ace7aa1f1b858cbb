import { expect } from 'vitest';
import type { CheckContext } from '../../src/harness/check.ts';
import { describeExchange, type Exchange, type FetchCall, type FetchClient } from './fetchClient.ts';
import type { Expectation } from './expectations.ts';
import type { Post } from './SuiteTarget.ts';

/** One probe's outcome: what was asked, what came back, and what is wrong with it (nothing when right). */
export interface Verdict {
  label: string;
  exchange: Exchange;
  problem?: string | undefined;
}

/** A probe to send and what its reply must be. */
export interface Case {
  label: string;
  call: FetchCall;
  expect: Expectation;
}

/** Sends every case at once and judges each reply by its expectation. */
export function probeAll(post: Post, cases: readonly Case[]): Promise<Verdict[]> {
  return Promise.all(
    cases.map(async (c) => {
      const exchange = await post(c.call);
      return { label: c.label, exchange, problem: c.expect(exchange) };
    }),
  );
}

const shownFailures = 6;

/**
 * Ends a check on its verdicts: every wrong one is listed in the failure message; the first few come with
 * the request and the reply as evidence, and the first with a curl command that reproduces it.
 */
export function judge(ctx: CheckContext, client: FetchClient, rule: string, verdicts: Verdict[]): void {
  const wrong = verdicts.filter((v) => v.problem);
  for (const v of wrong.slice(0, shownFailures)) ctx.evidence(v.label, describeExchange(v.exchange));
  if (wrong.length > shownFailures) ctx.evidence('not shown', `${wrong.length - shownFailures} more probes went wrong the same way`);
  const example = wrong[0] ?? verdicts[0];
  if (example) ctx.reproduction(client.curl(example.exchange.call));
  expect(wrong.map((v) => `${v.label}: ${v.problem}`), rule).toEqual([]);
}
