// The probe against real services on loopback: the reference admitting the farm, admitting part of it,
// admitting a farm whose public URLs lead nowhere; a service that answers with a page of its own; the
// mock (which answers the farm's pages from its route table, the farm never asked); a key refused.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFetchServiceMock } from '../../../mocks/fetch-service/startFetchServiceMock.ts';
import { farmAllowHosts } from '../../../mocks/origin/farmAllowHosts.ts';
import { startOriginFarm, type OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { freePorts } from '../../testing/freePorts.ts';
import { startLocalOrigin } from '../../testing/localOrigin.ts';
import { defaultRequestBounds } from '../../exchange/requestBounds.ts';
import { embeddedLimits, startEmbeddedReference } from './startFetchServiceTargets.ts';
import { whyFarmOutOfReach, type FarmProbeTarget } from './whyFarmOutOfReach.ts';

const apiKey = `conform-probe-${randomBytes(12).toString('hex')}`;
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

let farm: OriginFarm;
beforeAll(async () => {
  farm = await startOriginFarm();
  closers.push(farm.close);
});

function probeOf(baseUrl: string, originUrl = farm.httpUrl, key = apiKey): FarmProbeTarget {
  return { baseUrl, apiKey: key, originUrl, fetchTimeoutSeconds: embeddedLimits.timeoutMs / 1000, bounds: defaultRequestBounds, names: { baseUrl: '--base-url', originUrl: '--origin-url' } };
}

async function reference(admitted: OriginFarm, allowHosts = farmAllowHosts(admitted)): Promise<string> {
  const started = await startEmbeddedReference(admitted, apiKey, { allowHosts });
  closers.push(started.close);
  return started.url;
}

describe('whyFarmOutOfReach', () => {
  test('the reference admitting the farm: no problem, and the farm logged one probe per listener, and the certificate that verifies fetched again without allowInsecureSsl', async () => {
    const before = farm.requests().length;
    expect(await whyFarmOutOfReach(probeOf(await reference(farm)))).toBeUndefined();
    const probes = farm.requests().slice(before).filter((r) => r.probe?.startsWith('conform-preflight-'));
    expect(probes.map((r) => r.listener).sort()).toEqual(['expired-tls', 'http', 'https', 'https', 'wrong-host-tls']);
  });

  test('the reference admitting the HTTP listener only: the three TLS listeners named, refused, with its answer', async () => {
    const url = await reference(farm, [new URL(farm.httpUrl).host]);
    const problem = await whyFarmOutOfReach(probeOf(url));
    const tls = [farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl];
    // The TLS listeners are asked for with allowInsecureSsl, which the reference refuses for loopback it does not admit.
    const said = 'HTTP 400: "allowInsecureSsl must not be used for localhost, private-network, link-local or cloud-metadata destinations."';
    expect(problem).toBe(
      `--base-url ${url} cannot fetch from the origin farm at --origin-url ${farm.httpUrl}: ` +
        `${tls[0]}/small, ${tls[1]}/small, and ${tls[2]}/small were refused as a destination (${said}). ` +
        `Let the deployment fetch from ${tls.map((u) => new URL(u).host).join(', ').replace(/, ([^,]+)$/, ', and $1')}: its destination rules (SSRF protection, an allowlist) refuse them; ` +
        `the reference admits a farm with conform serve fetch-service --origin-url ${farm.httpUrl}.`,
    );
  });

  test('a farm whose public URLs nobody forwards: the fetches fail and the farm received none', async () => {
    const ports = await freePorts(4);
    const unforwarded = await startOriginFarm({
      publicUrls: { http: `http://127.0.0.1:${ports[0]}`, https: `https://127.0.0.1:${ports[1]}`, 'expired-tls': `https://127.0.0.1:${ports[2]}`, 'wrong-host-tls': `https://127.0.0.1:${ports[3]}` },
    });
    closers.push(unforwarded.close);
    const url = await reference(unforwarded);
    const problem = await whyFarmOutOfReach(probeOf(url, unforwarded.bound.http));
    expect(problem).toContain(`cannot fetch from the origin farm at --origin-url ${unforwarded.bound.http}: http://127.0.0.1:${ports[0]}/small, https://127.0.0.1:${ports[1]}/small,`);
    expect(problem).toContain('could not be fetched, and the farm received no request (HTTP 502: "The fetched host could not be reached or did not answer with a valid HTTP response.")');
    expect(problem).toContain('Make 127.0.0.1:');
    expect(unforwarded.requests()).toEqual([]);
  });

  test('a service answering a page of its own: something other than the farm answered', async () => {
    const stranger = await startLocalOrigin((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: '1', statusCode: 200, headers: {}, content: '<h1>Welcome to nginx!</h1>', contentType: 'text/html', encoding: 'utf-8' }));
    });
    closers.push(stranger.close);
    const problem = await whyFarmOutOfReach(probeOf(stranger.url));
    expect(problem).toContain(`${farm.httpUrl}/small, ${farm.httpsUrl}/small, ${farm.expiredTlsUrl}/small, and ${farm.wrongHostTlsUrl}/small were answered by something other than the farm, which received no request (HTTP 200 with the content "<h1>Welcome to nginx!</h1>")`);
    expect(problem).toMatch(/Another server answers at that address where the deployment runs: /);
  });

  test("the mock, answering the farm's pages from its route table without asking the farm: no problem", async () => {
    const mock = await startFetchServiceMock({ apiKeys: [apiKey], farm, limits: embeddedLimits });
    closers.push(mock.close);
    expect(await whyFarmOutOfReach(probeOf(mock.url))).toBeUndefined();
  });

  test('a key the service refuses: a set-up mistake said as such, never a farm out of reach', async () => {
    const url = await reference(farm);
    const problem = await whyFarmOutOfReach(probeOf(url, farm.httpUrl, `${apiKey}-not-issued`));
    expect(problem).toBe(`--base-url ${url} refused the API key given for it: POST ${url}/v1/fetch with the key in X-SVC-API-Key and a valid body answered 401, application/json ("A valid API key is required in the X-SVC-API-Key header."). Give a key this deployment issued.`);
    expect(problem).not.toContain('farm');
  });

  test('no farm at the origin URL: said so, with the answer', async () => {
    const notAFarm = await startLocalOrigin((_req, res) => res.writeHead(404).end());
    closers.push(notAFarm.close);
    expect(await whyFarmOutOfReach(probeOf(await reference(farm), notAFarm.url))).toBe(`--origin-url ${notAFarm.url} is not a conform origin farm: GET /__farm/info answered 404`);
  });
});
