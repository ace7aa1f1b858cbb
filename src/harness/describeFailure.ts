import { curlCommand } from './curlCommand.ts';
import { cutText } from './cutText.ts';
import type { GeneratedFailure, GeneratedRun } from './GeneratedRun.ts';

const shownReplyHeaders = new Set(['content-type', 'retry-after', 'www-authenticate', 'location', 'x-request-id', 'allow']);

/** A failure as a report shows it: what broke, the minimal request and its answer, how to replay it. */
export function describeFailure(run: GeneratedRun, f: GeneratedFailure): { message: string; found: string; evidence: Array<[string, string]>; reproduction: string } {
  const m = f.request.mutation;
  const what = m
    ? `mutation "${m.name}" at ${m.pointer}: ${m.detail} (${m.kind === 'refuse' ? 'must be refused with a 4xx' : 'fate left open: may be accepted or refused, never with a 5xx or an answer the spec does not document'})`
    : 'a valid request by the spec, no mutation';
  const found = [
    `request: ${what}`,
    `found after ${f.runs} generated request(s), then shrunk ${f.shrinks} time(s) to the minimal request shown`,
    `seed ${run.seed} (fast-check seed ${f.fastCheckSeed}, path "${f.path}"); replay: the same conform run with --seed ${run.seed} --fuzz-runs ${run.runs} --grep '${f.clause}'`,
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
