/**
 * Thrown by a check, or by what it calls (a session that has no token to give), when the check cannot
 * judge its rule because another clause it depends on fails against the same target: no access token
 * (MP-TOKEN-FLOW), no meeting list (MP-MEETINGS-LIST), the issued key refused (FS-AUTH-KEY). The check
 * ends blocked by that clause rather than failed, carrying no evidence of its own; the report leads with
 * the failed clause and lists what it blocked. A check blocked by a clause that did not fail for its
 * target is reported failed (see resolveBlocked in buildReport.ts): a block never hides a failure.
 */
export class CheckBlocked extends Error {
  /** The clause whose failure keeps the check from running, e.g. MP-TOKEN-FLOW. */
  readonly clause: string;

  /** `reason`: why the check could not run, in a sentence ("no access token: POST … → 200"). */
  constructor(clause: string, reason: string) {
    super(reason);
    this.name = 'CheckBlocked';
    this.clause = clause;
  }
}
