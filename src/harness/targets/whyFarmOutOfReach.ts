import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { bodyText, boundedRequest, failureOf } from '../../exchange/boundedRequest.ts';
import { farmListenerFields, farmListenersAt, readFarmInfo, type FarmListeners } from '../../exchange/farmInfo.ts';
import { farmReach, type FarmReach } from './farmReach.ts';
import { farmOutOfReachText, type FarmReachContext } from './farmOutOfReachText.ts';
import { rateLimitFor, takeSlot } from '../../exchange/rateLimit.ts';
import type { RequestBounds } from '../../exchange/requestBounds.ts';
import { whyCertificateRefused, whyNotTheService, type ServiceAnswer } from './whyNotTheService.ts';

/** A fetch-service deployment and the origin farm the suite will have it fetch from (`originUrl`: where the run reads its `/__farm/*`). */
export interface FarmProbeTarget extends FarmReachContext {
  apiKey: string;
  /** The fetch timeout the target enforces, waited for on top of the headers deadline. */
  fetchTimeoutSeconds: number;
  bounds: RequestBounds;
  rateLimit?: number;
}

/** The page each listener is asked for: small and answered at once. */
const page = '/small';

/**
 * Before the fetch suite runs, the target fetches one page of each of the farm's listeners, all at once,
 * the TLS ones with allowInsecureSsl as the suite does (only reaching them is in question here: without
 * it, a certificate refused would give a 502 that need not say why). A problem,
 * one line saying what each answer showed and what to do, when the answers show the target does not
 * reach the farm (farmReach); undefined when it does, or when its answers say nothing about the farm
 * (a limit, another error: the suite's checks judge those). The same fetches show two set-up mistakes
 * first (whyNotTheService): a base URL that is not the service, a key refused. Once the farm is reached,
 * its listener whose certificate verifies is fetched again without allowInsecureSsl: a 502 there is the
 * farm's CA untrusted (whyCertificateRefused), which would leave every TLS clause without its control.
 */
export async function whyFarmOutOfReach(t: FarmProbeTarget): Promise<string | undefined> {
  let farm: { listeners: FarmListeners; pageText: string };
  try {
    farm = await readFarm(t);
  } catch (err) {
    return `${t.names.originUrl} ${t.originUrl} is not a conform origin farm: ${failureOf(err)}`;
  }
  const pacer = { rate: rateLimitFor(t.baseUrl, t.rateLimit), next: 0 };
  const paced = async (): Promise<void> => {
    const now = performance.now();
    const start = takeSlot(pacer, now);
    if (start > now) await sleep(start - now);
  };
  const reaches = await Promise.all(
    farmListenerFields.map(async (field) => {
      const url = `${farm.listeners[field]}${page}?probe=conform-preflight-${randomUUID()}`;
      await paced();
      const fetched = await fetchThrough(t, url, field !== 'httpUrl');
      const reach = farmReach({ ...fetched, arrived: await arrived(t, url), pageText: farm.pageText });
      return { field, url, reach, answer: fetched.answer };
    }),
  );
  // The seed's own request, refused for the key or answered by something that is not the service, is a
  // set-up mistake before it is anything about the farm.
  const plain = reaches.find((r) => r.field === 'httpUrl')?.answer;
  const notTheService = plain && whyNotTheService(t, plain);
  if (notTheService) return notTheService;
  const failed = reaches.filter((r): r is typeof r & { reach: Extract<FarmReach, { reached: false }> } => r.reach.reached === false);
  if (failed.length) return farmOutOfReachText(t, farm.listeners.httpUrl, failed.map(({ url, reach }) => ({ url: url.slice(0, url.indexOf('?')), how: reach.how, said: reach.said })));
  // Reached with allowInsecureSsl; now verified without it, as the TLS clauses' controls will ask.
  if (reaches.find((r) => r.field === 'httpsUrl')?.reach.reached !== true) return undefined;
  const httpsPage = `${farm.listeners.httpsUrl}${page}`;
  await paced();
  const verified = (await fetchThrough(t, `${httpsPage}?probe=conform-preflight-${randomUUID()}`, false)).answer;
  return verified && verified.status !== 200 ? whyCertificateRefused(t, httpsPage, verified) : undefined;
}

/** The farm's listeners as the target is to reach them, and the text of the page asked for. */
async function readFarm(t: FarmProbeTarget): Promise<{ listeners: FarmListeners; pageText: string }> {
  const [info, pages] = await Promise.all([readFarmInfo(t.originUrl, t.bounds), getJson(t, '/__farm/pages')]);
  const entry = Array.isArray(pages) ? (pages as Array<{ path?: unknown; text?: unknown }>).find((p) => p.path === page) : undefined;
  if (typeof entry?.text !== 'string') throw new Error(`GET /__farm/pages lists no page ${page}`);
  return { listeners: farmListenersAt(info, t.originUrl), pageText: entry.text };
}

async function getJson(t: FarmProbeTarget, path: string): Promise<unknown> {
  const answer = await boundedRequest(new URL(path, t.originUrl).href, { bounds: t.bounds });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  try {
    return JSON.parse(bodyText(answer.body));
  } catch {
    throw new Error(`GET ${path} answered no JSON`);
  }
}

/** The target's answer to fetching `url`; none when it gave none within the bounds. */
async function fetchThrough(t: FarmProbeTarget, url: string, tls: boolean): Promise<{ answer?: ServiceAnswer }> {
  try {
    const answer = await boundedRequest(`${t.baseUrl}/v1/fetch`, {
      method: 'POST',
      // As the seed writes them: a service that takes no other form is judged by the suite, not refused here.
      headers: { 'Content-Type': 'application/json', 'X-SVC-API-Key': t.apiKey },
      body: JSON.stringify({ url, ...(tls ? { allowInsecureSsl: true } : {}) }),
      bounds: t.bounds,
      extraHeadersSeconds: t.fetchTimeoutSeconds,
    });
    return { answer: { status: answer.status, contentType: answer.headers.get('content-type') ?? '', text: bodyText(answer.body) } };
  } catch {
    return {};
  }
}

/** Whether the farm logged a request for `url` (by its probe token); a farm that cannot say counts as no. */
async function arrived(t: FarmProbeTarget, url: string): Promise<boolean> {
  const probe = new URL(url).searchParams.get('probe')!;
  try {
    const log = await getJson(t, `/__farm/requests?probe=${encodeURIComponent(probe)}`);
    return Array.isArray(log) && log.length > 0;
  } catch {
    return false;
  }
}
