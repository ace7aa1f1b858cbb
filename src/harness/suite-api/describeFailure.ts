import { curlCommand } from '../../exchange/curlCommand.ts';
import { cutText } from '../../exchange/cutText.ts';
import { searched, type GeneratedFailure, type FuzzSession, type GeneratedTally } from './FuzzSession.ts';

const shownReplyHeaders = new Set(['content-type', 'retry-after', 'www-authenticate', 'location', 'x-request-id', 'allow']);

/** "104 generated requests judged for getMeeting (100 valid, 4 mutated)": the tally's search, in the words every count of a check uses. */
export function judgedText(tally: GeneratedTally, operationId: string): string {
  const n = searched(tally);
  return `${n} generated request${n === 1 ? '' : 's'} judged for ${operationId} (${tally.valid} valid, ${tally.mutated} mutated)`;
}

/** What shrinking did, from the same tally: "shrunk 19 times, judging 89 more requests". */
export function shrinkText(tally: GeneratedTally): string {
  return `shrunk ${tally.shrinks} time${tally.shrinks === 1 ? '' : 's'}, judging ${tally.shrinkJudged} more request${tally.shrinkJudged === 1 ? '' : 's'}`;
}

/** A failure as a report shows it: what broke, the minimal request and its answer, how to replay it. */
export function describeFailure(fuzz: FuzzSession, f: GeneratedFailure): { message: string; found: string; evidence: Array<[string, string]>; reproduction: string } {
  const m = f.request.mutation;
  const what = m
    ? `mutation "${m.name}" at ${m.pointer}: ${m.detail} (${m.kind === 'refuse' ? 'must be refused with a 4xx' : 'fate left open: may be accepted or refused, never with a 5xx or an answer the spec does not document'})`
    : 'a valid request by the spec, no mutation';
  const found = [
    `request: ${what}`,
    `found at the last of ${judgedText(f.tally, f.operationId)}; ${shrinkText(f.tally)}, to the minimal request shown`,
    `seed ${fuzz.seed} (fast-check seed ${f.fastCheckSeed}, path "${f.path}"); replay: the same conform run with --seed ${fuzz.seed} --fuzz-runs ${fuzz.runs} --grep '${f.clause}'`,
  ].join('\n');
  const message = `${f.operationId}: ${f.problem}\n${found}`;
  const shown = f.exchange.shown;
  const request = [`${shown.method} ${shown.url}`, ...shown.headers.map(([n, v]) => `${n}: ${v}`), ...(shown.body !== undefined ? ['', cutText(shown.body, 2000)] : [])].join('\n');
  const x = f.exchange;
  const headers = x.headers instanceof Headers ? Object.fromEntries(x.headers) : x.headers;
  const reply = x.status === 0
    ? `no HTTP answer: ${x.failure ?? 'unknown failure'}`
    : [`HTTP ${x.status} (${Math.round(x.durationMs)} ms)`, ...Object.entries(headers).filter(([n]) => shownReplyHeaders.has(n.toLowerCase())).map(([n, v]) => `${n}: ${v}`), '', cutText(x.body, 2000)].join('\n');
  return { message, found, evidence: [['minimal request', request], ['answer', reply]], reproduction: curlCommand(shown) };
}
