import type { CheckContext } from '../../src/harness/suite-api/check.ts';
import { diagnoseReply, keyRefusalReason, mayBeKeyRefusal } from './diagnoseReply.ts';
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
 * The reply that shows a check had nothing to judge because the target refuses the issued key: every
 * request it sent with the target's own key was refused as a key is (401, 403) and named no other cause
 * (mayBeKeyRefusal: a 403 "The destination is not permitted." is the destination refused, and the check's
 * own finding), and those are all its wrong verdicts. Undefined when any was answered otherwise: then the
 * key works, and a refusal is the check's own finding. (The report keeps the block only where
 * FS-AUTH-KEY fails for the target; elsewhere the check is failed.)
 */
export function keyRefusal(verdicts: readonly Verdict[]): Exchange | undefined {
  const own = verdicts.filter((v) => v.exchange.call.key === undefined);
  const wrong = verdicts.filter((v) => v.problem);
  if (!wrong.length || !own.every((v) => mayBeKeyRefusal(v.exchange))) return undefined;
  return wrong.every((v) => v.exchange.call.key === undefined) ? wrong[0]!.exchange : undefined;
}

/**
 * Ends a check on its verdicts: the finding counts the wrong ones, groups them by cause (a recognisable
 * one, such as an HTML page where JSON was due, comes with a diagnosis), shows the request and reply of
 * the first of each cause as evidence, and reproduces the first wrong one with curl. A check whose
 * requests with the issued key were all refused is blocked by FS-AUTH-KEY instead: it judged nothing.
 */
export function judge(ctx: CheckContext, client: FetchClient, rule: string, verdicts: Verdict[], wording: Wording = defaultWording): void {
  const first = verdicts[0];
  if (first) ctx.reproduction(client.curl(first.exchange.call));
  const refused = ctx.clause === 'FS-AUTH-KEY' ? undefined : keyRefusal(verdicts);
  if (refused) {
    ctx.evidence('a request refused', describeExchange(refused));
    ctx.blocked('FS-AUTH-KEY', keyRefusalReason(refused));
  }
  ctx.conclude({
    ...wording,
    rule,
    cases: verdicts.map((v) => {
      const answer = answerOf(v.exchange);
      if (!v.problem) return { label: v.label, answer };
      const recognised = diagnoseReply(v.exchange);
      return { label: v.label, problem: v.problem, cause: v.cause, ...recognised, evidence: describeExchange(v.exchange), reproduction: client.curl(v.exchange.call), answer };
    }),
  });
}

/**
 * A reply in a few words, as a report of several targets sets the reference's beside a deployment's
 * ("the reference answers 504 here; staging answers 502"): its status, or that none came.
 */
export function answerOf(exchange: Exchange): string {
  return exchange.status ? String(exchange.status) : 'no HTTP answer';
}
