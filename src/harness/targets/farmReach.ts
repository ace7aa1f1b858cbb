import { cutText } from '../../exchange/cutText.ts';

/** What the run saw of one fetch of a farm page through the target. */
export interface FarmProbeEvidence {
  /** The target's answer; absent when none came within the run's bounds. */
  answer?: { status: number; text: string };
  /** Whether the farm logged a request carrying the fetch's probe token. */
  arrived: boolean;
  /** The page's text as the farm serves it (its `/__farm/pages` entry). */
  pageText: string;
}

/**
 * Whether the fetch shows the target reaching the farm. `false` only on evidence that it does not: its
 * answer refuses the farm as a destination (in words), or says the fetch failed (502, 504) while the
 * farm received nothing, or hands back a page the farm never served. `undefined`: the answer says
 * nothing about the farm (a key refused, a limit, another error, no answer); the suite judges it.
 */
export type FarmReach = { reached: true } | { reached: false; how: 'refused' | 'failed' | 'stranger'; said: string } | { reached: undefined };

/** How a refusal names the destination, and how one names the caller's key instead (which is no destination refused). */
const words = {
  destination: /destination|ssrf|allow.?list|not (allowed|permitted)|forbidden|blocked|private|loopback|internal address/i,
  key: /api.?key|x-svc-api-key|credential|unauthori[sz]ed|authenticat/i,
  tls: /\btls\b|\bssl\b|certificat/i,
};

const unknown: FarmReach = { reached: undefined };

export function farmReach({ answer, arrived, pageText }: FarmProbeEvidence): FarmReach {
  if (arrived) return { reached: true };
  if (!answer) return unknown;
  const body = parseObject(answer.text);
  const said = quoted(answer.status, body, answer.text);
  const message = typeof body?.message === 'string' ? body.message : answer.text;
  if (answer.status === 200) {
    // A target that answers from the farm's route table in memory (the mock) serves the page without a request.
    if (body?.content === pageText) return { reached: true };
    return typeof body?.content === 'string' ? { reached: false, how: 'stranger', said: `HTTP 200 with the content ${JSON.stringify(cutText(body.content, 80))}` } : unknown;
  }
  if (answer.status >= 400 && answer.status < 500 && words.destination.test(message) && !words.key.test(message)) return { reached: false, how: 'refused', said };
  // A TLS failure came from a handshake with the farm: the farm was reached, the fetch is the suite's to judge.
  if ((answer.status === 502 || answer.status === 504) && !words.tls.test(message)) return { reached: false, how: 'failed', said };
  return unknown;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer as evidence: `HTTP 403: "The destination is not permitted."`, its message cut at 160 characters. */
function quoted(status: number, body: Record<string, unknown> | undefined, text: string): string {
  const message = (typeof body?.message === 'string' ? body.message : body ? '' : text).trim();
  return message ? `HTTP ${status}: ${JSON.stringify(cutText(message, 160))}` : `HTTP ${status}`;
}
