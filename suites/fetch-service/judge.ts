import type { CheckContext } from '../../src/harness/check.ts';
import { diagnoseReply } from './diagnoseReply.ts';
import { describeExchange, type Exchange, type FetchCall, type FetchClient } from './fetchClient.ts';
import type { Expectation } from './expectations.ts';
import type { Post } from './SuiteTarget.ts';

/** One probe's outcome: what was asked, what came back, and what is wrong with it (nothing when right). */
export interface Verdict {
  label: string;
  exchange: Exchange;
  problem?: string | undefined;
  /** What wrong verdicts are grouped by in the finding, when not the problem itself (nor a cause the reply shows). */
  cause?: string | undefined;
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

/** How a check words its finding: "N of M <of> <failed>". */
export interface Wording {
  of: string;
  failed: string;
}

const defaultWording: Wording = { of: 'requests', failed: 'were answered against the rule' };

/**
 * Ends a check on its verdicts: the finding counts the wrong ones, groups them by cause (a recognisable
 * one, such as an HTML page where JSON was due, comes with a diagnosis), shows the request and reply of
 * the first of each cause as evidence, and reproduces the first wrong one with curl.
 */
export function judge(ctx: CheckContext, client: FetchClient, rule: string, verdicts: Verdict[], wording: Wording = defaultWording): void {
  const first = verdicts[0];
  if (first) ctx.reproduction(client.curl(first.exchange.call));
  ctx.conclude({
    ...wording,
    rule,
    cases: verdicts.map((v) => {
      if (!v.problem) return { label: v.label };
      const recognised = diagnoseReply(v.exchange);
      return { label: v.label, problem: v.problem, cause: v.cause, ...recognised, evidence: describeExchange(v.exchange), reproduction: client.curl(v.exchange.call) };
    }),
  });
}
