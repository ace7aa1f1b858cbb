// The validation proxy in front of the fetch service: the mock and the embedded reference (the correct
// ones) with a correct client are judged clean on both sides; broken variants
// (suites/fetch-service/testing) fail, through a correct client's traffic, the very clauses `conform run`
// fails for them; faulty clients (src/client/testing) are caught by exactly their client clause, the
// deployment judged clean beside them.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startFetchServiceMock } from '../../mocks/fetch-service/startFetchServiceMock.ts';
import { manualClock } from '../../mocks/meeting-platform/clock.ts';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { brokenVariants } from '../../suites/fetch-service/fixtures/brokenVariants.ts';
import { startBrokenService } from '../../suites/fetch-service/fixtures/startBrokenService.ts';
import * as clients from '../client/fixtures/fetchServiceClients.ts';
import { startWarmFarm } from '../harness/targets/startFetchServiceTargets.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import { clientLabel } from './createProxyJudge.ts';
import { startLocalOrigin } from '../testing/localOrigin.ts';
import { startValidationProxy, type ValidationProxy } from './startValidationProxy.ts';

const apiKey = `conform-proxy-${randomBytes(12).toString('hex')}`;
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startWarmFarm();
});
afterAll(() => farm?.close());

let opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.map((o) => o.close()));
  opened = [];
});

async function proxyInFront(url: string, clock?: () => number): Promise<ValidationProxy> {
  const proxy = await startValidationProxy({ suite: 'fetch-service', target: url, ...(clock ? { clock } : {}) });
  opened.push(proxy);
  return proxy;
}

function failed(report: RunReport, target: string): string[] {
  return report.checks.filter((c) => c.target === target && c.status === 'failed').map((c) => c.clause).sort();
}

function statuses(report: RunReport, target: string): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => c.target === target).map((c) => [c.clause, c.status]));
}

/** What a correct app sends a deployment on loopback: farm pages, a redirect followed, and a destination the service refuses (an error reply to read). */
async function correctFetchesOfTheFarm(baseUrl: string): Promise<number[]> {
  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${baseUrl}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    return res.status;
  };
  return [
    await post({ url: `${farm.httpUrl}/small` }),
    await post({ url: `${farm.httpUrl}/page/windows-1252`, allowRedirects: false }),
    await post({ url: `${farm.httpUrl}/redirect/chain/1`, allowRedirects: true, proxies: false }),
    await post({ url: 'http://10.0.0.1/' }),
  ];
}

describe('the validation proxy in front of the fetch service', () => {
  test('the mock and a correct client: both sides clean', async () => {
    const mock = await startFetchServiceMock({ apiKeys: [apiKey] });
    opened.push(mock);
    // The client waits out a 429's Retry-After by moving the proxy's clock.
    const clock = manualClock();
    const proxy = await proxyInFront(mock.url, clock);
    expect(await clients.correctFetches({ baseUrl: proxy.url, apiKey, wait: async (ms) => clock.advance(ms) })).toEqual([200, 200, 200, 200, 429, 429]);
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual([]);
    expect(failed(report, clientLabel)).toEqual([]);
    expect(statuses(report, proxy.deploymentLabel)).toMatchObject({ 'FS-REPLY-JSON': 'passed', 'FS-RESULT-SHAPE': 'passed', 'FS-RESULT-ID-UNIQUE': 'passed', 'FS-ERROR-BODY': 'passed', 'FS-SEC-KEY-ECHO': 'passed', 'FS-SPEC-RESPONSE': 'passed' });
    expect(JSON.stringify(report)).not.toContain(apiKey);
  });

  test('the embedded reference and a correct client: both sides clean', async () => {
    const reference = await startBrokenService(farm, apiKey, {});
    opened.push(reference);
    const proxy = await proxyInFront(reference.url);
    const answered = await correctFetchesOfTheFarm(proxy.url);
    expect(answered.slice(0, 3)).toEqual([200, 200, 200]);
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual([]);
    expect(failed(report, clientLabel)).toEqual([]);
    expect(statuses(report, proxy.deploymentLabel)).toMatchObject({ 'FS-REPLY-JSON': 'passed', 'FS-RESULT-SHAPE': 'passed', 'FS-ERROR-BODY': 'passed', 'FS-SPEC-RESPONSE': 'passed' });
  });

  // Faults a correct client's traffic shows: the replies' shape, their type, their error bodies, their ids.
  const shown: Record<string, string[]> = {
    'sends error bodies as {code, message}': ['FS-ERROR-BODY', 'FS-SPEC-RESPONSE'],
    'sends replies as text/plain': ['FS-REPLY-JSON', 'FS-SPEC-RESPONSE'],
    'gives numeric ids': ['FS-RESULT-SHAPE', 'FS-SPEC-RESPONSE'],
    'gives every result the same id': ['FS-RESULT-ID-UNIQUE'],
  };
  test.for(Object.entries(shown))('%s: the proxy fails %s, as conform run does', async ([name, expected]) => {
    const variant = brokenVariants.find((v) => v.name === name)!;
    // What conform run fails for the variant (suites/fetch-service/brokenServices.test.ts holds it to that).
    for (const clause of expected) expect(variant.breaks).toContain(clause);
    const service = await startBrokenService(farm, apiKey, variant);
    opened.push(service);
    const proxy = await proxyInFront(service.url);
    await correctFetchesOfTheFarm(proxy.url);
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual([...expected].sort());
    expect(failed(report, clientLabel)).toEqual([]);
    expect(JSON.stringify(report)).not.toContain(apiKey);
  });

  // Faulty clients each caught by exactly their clause through the proxy; the mock behind it judged clean.
  const faulty: Array<[string, (o: clients.FetchClientOptions) => Promise<unknown>, string]> = [
    ['the key missing on one call', clients.keyMissingOnce, 'FS-CLIENT-KEY'],
    ['a string where a boolean is due', clients.stringForBoolean, 'FS-CLIENT-OPTIONS'],
    ['allowInsecureSsl with a loopback URL', clients.insecureLoopback, 'FS-CLIENT-INSECURE-PRIVATE'],
    ['an immediate retry after a 429', clients.retryAt429, 'FS-CLIENT-RETRY-AFTER'],
    ['a fetch as GET /v1/fetch?url=…, a route the service does not have', clients.fetchAsGet, 'FS-CLIENT-ROUTE'],
  ];
  test.for(faulty)('%s: caught by %s alone, the deployment clean', async ([, run, clause]) => {
    const mock = await startFetchServiceMock({ apiKeys: [apiKey] });
    opened.push(mock);
    const proxy = await proxyInFront(mock.url);
    await run({ baseUrl: proxy.url, apiKey });
    const report = proxy.report();
    expect(failed(report, clientLabel)).toEqual([clause]);
    expect(failed(report, proxy.deploymentLabel)).toEqual([]);
    // The mock behind the proxy, judging what it received, finds the same fault: the proxy relayed it as sent.
    expect(mock.clientReport().checks.filter((c) => c.status === 'failed').map((c) => c.clause)).toEqual([clause]);
    expect(JSON.stringify(report)).not.toContain(apiKey);
  });

  test('a deployment that refuses every request: its refusals judge nothing (not judged, never passed) until a request is served beside them', async () => {
    const refusing = await startLocalOrigin((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Refused.' }));
    });
    opened.push(refusing);
    const mock = await startFetchServiceMock({ apiKeys: [apiKey], farm });
    opened.push(mock);
    const send = async (baseUrl: string, headers: Record<string, string>, body: unknown): Promise<void> => {
      const res = await fetch(`${baseUrl}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      await res.arrayBuffer();
    };
    // A keyless request, a bad url, allowInsecureSsl for loopback, and the control: a valid request with the key.
    const traffic = async (baseUrl: string): Promise<void> => {
      await send(baseUrl, {}, { url: `${farm.httpUrl}/small` });
      await send(baseUrl, { 'x-svc-api-key': apiKey }, { url: 'not a url' });
      await send(baseUrl, { 'x-svc-api-key': apiKey }, { url: 'https://127.0.0.1/', allowInsecureSsl: true });
      await send(baseUrl, { 'x-svc-api-key': apiKey }, { url: `${farm.httpUrl}/small` });
    };
    const refused = await proxyInFront(refusing.url);
    await traffic(refused.url);
    const served = await proxyInFront(mock.url);
    await traffic(served.url);
    const of = (proxy: ValidationProxy) => statuses(proxy.report(), proxy.deploymentLabel);
    for (const clause of ['FS-AUTH-REQUIRED', 'FS-400-URL', 'FS-INSECURE-PRIVATE']) expect(of(refused)[clause], clause).toBe('skipped');
    expect(refused.report().checks.find((c) => c.clause === 'FS-AUTH-REQUIRED')?.message).toMatch(/^not judged: no request with X-SVC-API-Key was answered 200/);
    // The same traffic to a deployment that serves the valid request: the refusals are proven.
    for (const clause of ['FS-AUTH-REQUIRED', 'FS-400-URL']) expect(of(served)[clause], clause).toBe('passed');
    // No allowInsecureSsl request was honoured where it may be: FS-INSECURE-PRIVATE stays unjudged even here.
    expect(of(served)['FS-INSECURE-PRIVATE']).toBe('skipped');
  });

  // A lenient deployment, found out by a faulty client's traffic: the server clause conform run fails for it.
  const lenient: Array<[string, (o: clients.FetchClientOptions) => Promise<unknown>, string, string]> = [
    ['coerces option types', clients.stringForBoolean, 'FS-CLIENT-OPTIONS', 'FS-400-TYPE'],
    ['needs no key', clients.keyMissingOnce, 'FS-CLIENT-KEY', 'FS-AUTH-REQUIRED'],
  ];
  test.for(lenient)('%s, with a client that breaks %s: the proxy fails %s, as conform run does', async ([name, run, clientClause, serverClause]) => {
    const variant = brokenVariants.find((v) => v.name === name)!;
    expect(variant.breaks).toContain(serverClause);
    const service = await startBrokenService(farm, apiKey, variant);
    opened.push(service);
    const proxy = await proxyInFront(service.url);
    await run({ baseUrl: proxy.url, apiKey });
    const report = proxy.report();
    expect(failed(report, proxy.deploymentLabel)).toEqual([serverClause]);
    expect(failed(report, clientLabel)).toEqual([clientClause]);
  });
});
