import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import type { Canary } from '../../src/harness/suite-api/startCanary.ts';
import { withCanary } from './withCanary.ts';
import { page, refused, replied, resultOf, type Expectation } from './expectations.ts';
import { addProblem, requireUnseen } from './farmProof.ts';
import { controlPasses, sendControls, servedPage, type Control } from './controlFetch.ts';
import { judge, probeAll, type Case, type Wording } from './judge.ts';
import { newProbe } from './originFarm.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** The paths of the matrix the scheme checks take: each scheme other than http(s) (each file: URL is "file"). */
const schemePaths = ['file', 'ftp', 'gopher', 'data', 'javascript'];

/** A URL the service must not fetch, and how to tell that it did. */
interface Destination {
  label: string;
  url: string;
  /** A farm probe token that arrives only if the URL was fetched. */
  probe?: string;
  /** Text that a reply holds only if the URL was read. */
  content?: string | RegExp;
  /** The canary listener is what the URL would reach. */
  canary?: boolean;
}

/** What the destinations need: the canary (local targets) and a file whose text only a reader can know. */
interface Witnesses {
  canary: Canary | undefined;
  file: { url: string; text: string } | undefined;
}

const passwd = /root:[^:\n]*:0:0:/;

/**
 * Seed §1 and §2: the service fetches web pages (an HTTP status, headers, a body) and `allowInsecureSsl`
 * shows a fetch must not become a way into places it should not reach. Another scheme (a local file,
 * another protocol aimed at the farm's HTTP port, a data: or javascript: URL) or an http URL without a
 * host (RFC 9110 §4.2.1 makes it invalid) is refused, directly and behind a redirect. Proof beyond the
 * status: probe tokens in the farm's log, the canary's connection count, text only a reader could return.
 */
export function defineSchemeChecks(check: Check, s: SuiteTarget): void {
  check('FS-SEC-SCHEME', 'file:, ftp:, gopher:, data:, javascript: and host-less http URLs are refused with 4xx and nothing is read', (ctx) =>
    withWitnesses(s, async (w) => {
      const destinations = [...otherSchemes(s, w), ...hostless(s)];
      const cases = destinations.map((d): Case => ({ label: `${d.label}: ${d.url}`, call: { body: { url: d.url } }, expect: refused }));
      await judgeDestinations(ctx, s, w, destinations, cases, 'a url with another scheme than http or https, or without a host, must be refused with 4xx and nothing read or contacted', { of: 'URLs', failed: 'were not refused with 4xx, or were read' }, servedPage(s, "an http URL (the farm's /small page) fetched"));
    }), { paths: [...schemePaths, 'hostless'] },
  );

  check('FS-SEC-SCHEME-REDIRECT', 'with allowRedirects, a redirect to file:, ftp:, gopher:, data: or javascript: is refused or returned, never followed', (ctx) =>
    withWitnesses(s, async (w) => {
      // Host-less http Locations are left out: browsers resolve `http:///host/x` in a Location to
      // `http://host/x` (WHATWG URL), so following one is what the web platform does, not a defect.
      const destinations = otherSchemes(s, w);
      const cases = destinations.map((d, i): Case => {
        const status = i % 2 ? 307 : 302;
        const url = s.farm.url('httpUrl', `/redirect/to?status=${status}&url=${encodeURIComponent(d.url)}`);
        return { label: `a ${status} to ${d.label}: ${d.url}`, call: { body: { url, allowRedirects: true } }, expect: refusedOrReturned };
      });
      await judgeDestinations(ctx, s, w, destinations, cases, 'a redirect to another scheme must not be followed: an error reply, or the 3xx as the result, and nothing read or contacted', { of: 'redirects to another scheme', failed: 'were followed' }, httpRedirectFollowed(s));
    }), { paths: [...schemePaths] },
  );
}

/**
 * FS-SEC-SCHEME-REDIRECT's control: the same kind of redirect to an http page, followed with allowRedirects
 * (FS-REDIRECT-FOLLOW): a service that follows no redirect at all refuses the other schemes by it.
 */
function httpRedirectFollowed(s: SuiteTarget): Control {
  const url = s.farm.url('httpUrl', `/redirect/to?status=302&url=${encodeURIComponent(s.farm.url('httpUrl', '/small'))}`);
  return { label: "a 302 to the farm's /small page, followed with allowRedirects", clause: 'FS-REDIRECT-FOLLOW', call: { body: { url, allowRedirects: true } }, expect: page(s.farm.page('/small').text) };
}

/** A canary when the target is local, and (local targets only: the file must be on its machine) a marked file. */
async function withWitnesses(s: SuiteTarget, probe: (w: Witnesses) => Promise<void>): Promise<void> {
  await withCanary(s, async (canary) => {
    const dir = s.local ? await mkdtemp(join(tmpdir(), 'conform-scheme-')) : undefined;
    try {
      let file: Witnesses['file'];
      if (dir) {
        const text = `conform file marker ${newProbe()}`;
        await writeFile(join(dir, 'marker.txt'), `${text}\n`);
        file = { url: pathToFileURL(join(dir, 'marker.txt')).href, text };
      }
      await probe({ canary, file });
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Other schemes: each aimed where a service that spoke it would leave a trace. */
function otherSchemes(s: SuiteTarget, w: Witnesses): Destination[] {
  const farmHost = new URL(s.farm.listeners.httpUrl).host;
  const gopher = newProbe();
  const data = newProbe();
  return [
    { label: 'a local file', url: 'file:///etc/passwd', content: passwd },
    { label: 'a local file on localhost', url: 'file://localhost/etc/passwd', content: passwd },
    ...(w.file ? [{ label: 'a marked file on the target', url: w.file.url, content: w.file.text }] : []),
    w.canary
      ? { label: 'FTP to the canary', url: `ftp://127.0.0.1:${w.canary.port}/small`, canary: true }
      : { label: "FTP to the farm's port", url: `ftp://${farmHost}/small` },
    // Gopher sends its selector raw: aimed at an HTTP port it makes an HTTP request, which the farm logs.
    { label: "gopher carrying an HTTP request to the farm's port", url: `gopher://${farmHost}/_GET%20${encodeURIComponent(`/small?probe=${gopher}`)}%20HTTP/1.0%0D%0A%0D%0A`, probe: gopher },
    // In base64, so a reply that only names the URL (a refusal, the 3xx returned) does not hold the text.
    { label: 'a data: URL', url: `data:text/plain;base64,${Buffer.from(data).toString('base64')}`, content: data },
    { label: 'a javascript: URL', url: 'javascript:alert(document.domain)' },
  ];
}

/** http(s) URLs without a host, which a lenient URL parser would read as the farm's address. */
function hostless(s: SuiteTarget): Destination[] {
  const farmHost = new URL(s.farm.listeners.httpUrl).host;
  const spellings: Array<[string, string]> = [['an empty authority', 'http:///'], ['one slash', 'http:/'], ['no slashes', 'http:']];
  return spellings.map(([label, start]) => {
    const probe = newProbe();
    return { label: `http without a host (${label})`, url: `${start}${farmHost}/small?probe=${probe}`, probe };
  });
}

/** An error reply, or the redirect itself as the result: either way the Location was not followed. */
const refusedOrReturned: Expectation = (x) => {
  const status = resultOf(x)?.statusCode;
  if (typeof status === 'number' && status >= 300 && status < 400) return undefined;
  return x.status >= 400 ? undefined : `${replied(x)}${resultOf(x) ? ` with a result reporting ${JSON.stringify(status)}` : ''}; expected an error reply or the 3xx as the result`;
};

/** Sends the cases (one per destination), then adds what the witnesses saw to each verdict, and judges. */
async function judgeDestinations(ctx: CheckContext, s: SuiteTarget, w: Witnesses, destinations: Destination[], cases: Case[], rule: string, wording: Wording, control: Control): Promise<void> {
  const before = w.canary?.connections ?? 0;
  const post = begin(ctx, s);
  const [verdicts, controls] = await Promise.all([probeAll(post, cases), sendControls(post, [control])]);
  const connected = (w.canary?.connections ?? 0) - before;
  destinations.forEach((d, i) => {
    const verdict = verdicts[i]!;
    if (d.content !== undefined && matches(verdict.exchange.text, d.content)) addProblem(verdict, 'the reply holds what is at the URL: it was read');
    // Only one destination a check sends is the canary, so its connections are that one's.
    if (d.canary && connected > 0) addProblem(verdict, `the canary listener on loopback received ${connected} connection(s): it was contacted`);
  });
  const probed = destinations.flatMap((d, i) => (d.probe ? [[d.probe, verdicts[i]!] as const] : []));
  await requireUnseen(s.farm, probed.map(([p]) => p), probed.map(([, v]) => v), 'the origin farm received the request the URL carries: it was fetched');
  judge(ctx, s.client, rule, verdicts, wording);
  controlPasses(ctx, controls);
}

function matches(text: string, content: string | RegExp): boolean {
  return typeof content === 'string' ? text.includes(content) : content.test(text);
}
