import type { CheckContext } from '../../src/harness/suite-api/check.ts';
import { page, type Expectation } from './expectations.ts';
import { describeExchange, type Exchange, type FetchCall } from './fetchClient.ts';
import { judge, probeAll, type Case, type Wording } from './judge.ts';
import { begin, type Post, type SuiteTarget } from './SuiteTarget.ts';

/**
 * A check's control: the request that differs from its probes in the one property the check judges, which
 * the target must serve, and the clause that judges that request (it blocks the check when the control
 * fails). A check that passes because its probes were refused proves nothing without it.
 */
export interface Control {
  label: string;
  clause: string;
  call: FetchCall;
  expect: Expectation;
}

/** What a control got: sent beside the check's probes, judged once they pass (controlPasses). */
export interface SentControl {
  control: Control;
  exchange: Exchange;
}

/**
 * The control most refusals rest on: the farm's /small page, fetched with the issued key and a valid body
 * (FS-AUTH-KEY: "a valid body is served"). `label` names what the check's probes change from it.
 */
export function servedPage(s: SuiteTarget, label = "the farm's /small page fetched with the issued key"): Control {
  return { label, clause: 'FS-AUTH-KEY', call: { body: { url: s.farm.url('httpUrl', '/small') } }, expect: page(s.farm.page('/small').text) };
}

/** Sends the controls (each its own request: a shared one would count for another check). */
export function sendControls(post: Post, controls: readonly Control[]): Promise<SentControl[]> {
  return Promise.all(controls.map(async (control) => ({ control, exchange: await post(control.call) })));
}

/**
 * Tells the check what came of its controls, once its probes have passed: the first that the target did
 * not serve as it must blocks the check by its clause, its exchange shown as evidence. A fault the probes
 * found fails the check before this runs: a fault is a fault, whatever the control got.
 */
export function controlPasses(ctx: CheckContext, sent: readonly SentControl[]): void {
  for (const { control, exchange } of sent) {
    const problem = control.expect(exchange);
    if (problem) ctx.evidence(`the control: ${control.label}`, describeExchange(exchange));
    ctx.control({ label: control.label, clause: control.clause, problem });
  }
}

/**
 * The common shape of a check that judges refusals: its cases and its controls sent at once, the cases
 * judged (a fault fails the check), then the controls (one not served blocks it).
 */
export async function judgeWithControls(ctx: CheckContext, s: SuiteTarget, rule: string, cases: readonly Case[], controls: readonly Control[], wording?: Wording): Promise<void> {
  const post = begin(ctx, s);
  const [verdicts, sent] = await Promise.all([probeAll(post, cases), sendControls(post, controls)]);
  judge(ctx, s.client, rule, verdicts, wording);
  controlPasses(ctx, sent);
}
