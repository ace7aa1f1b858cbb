import { boundedRequest, failureOf } from '../../exchange/boundedRequest.ts';
import { NoAnswer } from '../../exchange/NoAnswer.ts';
import type { RequestBounds } from '../../exchange/requestBounds.ts';

/**
 * A target that cannot be reached is "could not run" (exit 2), not a run of failed checks: one request
 * before the suites start tells the two apart. Any whole HTTP answer, error statuses included, counts;
 * one that does not come within the run's bounds (`--headers-timeout`, `--body-timeout`, `--max-body-mib`)
 * is the problem, in words ("no answer within 30 s"). Undefined when the target answered.
 */
export async function whyUnreachable(flag: string, url: string, bounds: RequestBounds): Promise<string | undefined> {
  try {
    await boundedRequest(url, { bounds });
    return undefined;
  } catch (err) {
    const reason = failureOf(err);
    // It answered, just not usably: "cannot reach" would send the user looking at the network.
    const answered = err instanceof NoAnswer && err.answered;
    return answered ? `${flag} ${url} gave no usable answer: ${reason}` : `cannot reach ${flag} ${url}: ${reason}`;
  }
}
