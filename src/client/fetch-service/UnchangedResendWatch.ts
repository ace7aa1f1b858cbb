import type { ClientCase } from '../ClientCase.ts';
import type { ServerAnswer } from '../ClientExchange.ts';
import type { JournalEntry } from '../JournalEntry.ts';
import { answerJson } from '../parseJson.ts';

/** Refused fetches remembered at once; past this the oldest is forgotten (a client that never sends again leaves them). */
const maxWatched = 256;

/**
 * A 502 the seed gives guidance for (§7: the fetched response too large, or its TLS certificate refused),
 * told by its error body's message. Another 502 (the host unreachable) may be passing: retried as it is.
 */
const guidedBadGateway = /too large|larger than|certificate|\btls\b/i;

/** Whether §7's guidance for this answer is to change the fetch: the same request gets the same answer. */
function refusedForGood(answer: ServerAnswer): boolean {
  if (answer.status === 400) return true;
  if (answer.status !== 502) return false;
  const message = (answerJson(answer) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && guidedBadGateway.test(message);
}

interface Refused {
  status: number;
  /** The client it came from (its key's fingerprint): its next different fetch is the case that shows it changed course. */
  client: string;
  entry: JournalEntry;
  /** A changed fetch from the same client has been counted for it. */
  changed: boolean;
}

const guidance: Record<number, string> = {
  400: 'On a 400, correct the body (a url that is an absolute URI, boolean options) before sending the fetch again.',
  502: 'On a 502, do not send the same fetch again: fetch a more specific URL (oversize), or, for a trusted test or controlled host only, set allowInsecureSsl true (TLS failure).',
};

/**
 * FS-CLIENT-NO-UNCHANGED-RESEND: after a 400, or a 502 for size or TLS, the same fetch (same key, same
 * body) is not sent again. A case arises only when the client sends something after the refusal: the same
 * fetch (failed), or its first different fetch (passed: it changed course). Bounded.
 */
export class UnchangedResendWatch {
  readonly #refused = new Map<string, Refused>();

  /** The case of a fetch sent after a 400 or 502 from the same client, if it is one. */
  judge(fetch: string, client: string): ClientCase | undefined {
    if (this.#refused.size === 0) return undefined;
    const same = this.#refused.get(fetch);
    if (same) {
      return {
        clause: 'FS-CLIENT-NO-UNCHANGED-RESEND',
        path: `after-${same.status}`,
        problem: `the fetch of request #${same.entry.id}, answered ${same.status}, was sent again unchanged: the same request gets the same answer`,
        cause: `a fetch answered ${same.status} sent again unchanged`,
        diagnosis: guidance[same.status]!,
      };
    }
    for (const refused of this.#refused.values()) {
      if (refused.changed || refused.client !== client) continue;
      refused.changed = true;
      return { clause: 'FS-CLIENT-NO-UNCHANGED-RESEND', path: `after-${refused.status}` };
    }
    return undefined;
  }

  /** After the exchange: a 400, or a 502 for size or TLS, is watched; any other answer to the same fetch ends the watch. */
  record(fetch: string, client: string, answer: ServerAnswer, entry: JournalEntry): void {
    if (this.#refused.size !== 0) this.#refused.delete(fetch);
    if (!refusedForGood(answer)) return;
    const { status } = answer;
    if (this.#refused.size >= maxWatched) this.#refused.delete(this.#refused.keys().next().value!);
    this.#refused.set(fetch, { status, client, entry, changed: false });
  }
}
