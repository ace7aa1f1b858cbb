import type { Check } from '../../src/harness/suite-api/check.ts';
import { page, refused, type Expectation } from './expectations.ts';
import { shellQuote } from '../../src/exchange/curlCommand.ts';
import type { FetchCall } from './fetchClient.ts';
import { judge, type Verdict } from './judge.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

const hugeBytes = 32 * 1024 * 1024;
/** Deep enough to overflow a recursive parser's stack, small enough (50 KB) for any body size limit. */
const arrayDepth = 50_000;
const objectDepth = 10_000;

/**
 * Seed §4 rule 1: a body that is not a fetch request gets 400 (any 4xx is a refusal here: 413 says the
 * same of a body too large to read). These bodies are not JSON at all, so no reading of the seed lets a
 * service accept them; what is checked is that a huge or deeply nested one is refused as fast as a small
 * one, by a service that neither crashes nor holds it, and that answers the next request.
 */
export function defineRequestLimitChecks(check: Check, s: SuiteTarget): void {
  // Within the fetch timeout, the longest anything the service does may take; at least 30 s so a loaded
  // machine or a slow uplink (64 MiB go up, and fetch sends a body whole before it reads the reply) is not
  // mistaken for a service that hangs.
  const quickMs = Math.max(s.fetchTimeoutMs, 30_000);
  const quickly: Expectation = (x) => refused(x) ?? (x.durationMs > quickMs ? `refused after ${Math.round(x.durationMs)} ms, not within ${quickMs} ms` : undefined);

  check('FS-SEC-REQUEST-LIMITS', `a ${hugeBytes >> 20} MiB body (with a length and chunked) and JSON nested ${arrayDepth} deep are refused with 4xx quickly, and the next request is served`, async (ctx) => {
    const post = begin(ctx, s);
    const verdicts: Verdict[] = [];
    // One at a time: each duration is the target's alone, and "the next request" comes after all of them.
    for (const [label, call] of bodies(s)) {
      const exchange = await post(call);
      verdicts.push({ label, exchange, problem: quickly(exchange) });
    }
    const next = await post({ body: { url: s.farm.url('httpUrl', '/small') } });
    verdicts.push({ label: 'the next request, a page', exchange: next, problem: page(s.farm.page('/small').text)(next) });
    const wording = { of: 'requests', failed: 'got no 4xx in time (or, the page after them, no answer)' };
    judge(ctx, s.client, 'a huge or deeply nested body must be refused with 4xx within the fetch timeout, and the service must answer the next request', verdicts, wording);
  }, { paths: ['huge-content-length', 'huge-chunked', 'nested', 'next-request'] });
}

/** The huge body for each start (one farm a run, so one), made once: every target of a run is sent the same. */
const hugeBodies = new Map<string, Pick<FetchCall, 'raw' | 'rawBytes'>>();

function hugeBody(start: string): Pick<FetchCall, 'raw' | 'rawBytes'> {
  let body = hugeBodies.get(start);
  if (!body) {
    const head = Buffer.from(`${start}"`);
    const rawBytes = Buffer.alloc(head.length + hugeBytes, 'a');
    head.copy(rawBytes);
    hugeBodies.set(start, (body = { raw: rawBytes.toString('latin1'), rawBytes }));
  }
  return body;
}

/** The probes, made when the check runs (32 MiB is not held by a run that does not send it). */
function bodies(s: SuiteTarget): Array<[string, FetchCall]> {
  const start = `{"url":${JSON.stringify(s.farm.url('httpUrl', '/small'))},"allowRedirects":`;
  const huge: Pick<FetchCall, 'raw' | 'rawBytes' | 'bodyCommand'> = {
    ...hugeBody(start),
    bodyCommand: `{ printf '%s' ${shellQuote(`${start}"`)}; head -c ${hugeBytes} /dev/zero | tr '\\0' a; }`,
  };
  return [
    [`${hugeBytes >> 20} MiB, an unterminated string, with a Content-Length`, huge],
    [`${hugeBytes >> 20} MiB, an unterminated string, chunked`, { ...huge, chunked: true }],
    [`arrays nested ${arrayDepth} deep, never closed`, { raw: start + '['.repeat(arrayDepth), bodyCommand: `{ printf '%s' ${shellQuote(start)}; head -c ${arrayDepth} /dev/zero | tr '\\0' '['; }` }],
    [`objects nested ${objectDepth} deep, never closed`, { raw: start + '{"a":'.repeat(objectDepth), bodyCommand: `{ printf '%s' ${shellQuote(start)}; yes '{"a":' | head -n ${objectDepth} | tr -d '\\n'; }` }],
  ];
}
