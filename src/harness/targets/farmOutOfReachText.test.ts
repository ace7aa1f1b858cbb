import { describe, expect, test } from 'vitest';
import { farmOutOfReachText, type FarmReachContext, type UnreachedPage } from './farmOutOfReachText.ts';

const flags = { baseUrl: '--base-url', originUrl: '--origin-url' };
const onRunner: FarmReachContext = { baseUrl: 'http://127.0.0.1:8080', originUrl: 'http://127.0.0.1:8081', names: flags };
const farm = 'http://127.0.0.1:8081';
const refused = (url: string): UnreachedPage => ({ url, how: 'refused', said: 'HTTP 403: "The destination is not permitted."' });
const failed = (url: string): UnreachedPage => ({ url, how: 'failed', said: 'HTTP 502: "The fetched host could not be reached."' });

describe('farmOutOfReachText: the evidence, once per answer, and what to do chosen from it', () => {
  test('listeners refused alike are said once; a given farm: allowlist them, or the reference\'s flag', () => {
    const text = farmOutOfReachText(onRunner, farm, [refused('https://127.0.0.1:8443/small'), refused('https://127.0.0.1:8444/small')]);
    expect(text).toBe(
      '--base-url http://127.0.0.1:8080 cannot fetch from the origin farm at --origin-url http://127.0.0.1:8081: ' +
        'https://127.0.0.1:8443/small and https://127.0.0.1:8444/small were refused as a destination (HTTP 403: "The destination is not permitted."). ' +
        'Let the deployment fetch from 127.0.0.1:8443 and 127.0.0.1:8444: its destination rules (SSRF protection, an allowlist) refuse them; ' +
        'the reference admits a farm with conform serve fetch-service --origin-url http://127.0.0.1:8081.',
    );
  });

  test("the run's own farm: its ports change with every run, so a farm on fixed ports", () => {
    const text = farmOutOfReachText({ ...onRunner, originUrl: 'http://127.0.0.1:39043', runsOwnFarm: true }, 'http://127.0.0.1:39043', [refused('http://127.0.0.1:39043/small')]);
    expect(text).toMatch(/^--base-url http:\/\/127\.0\.0\.1:8080 cannot fetch from the origin farm this run started on 127\.0\.0\.1 \(no --origin-url given\): http:\/\/127\.0\.0\.1:39043\/small was refused as a destination/);
    expect(text).toContain('conform serve fetch-service --origin-url URL.');
    expect(text).toContain('start one on fixed ports (conform origin --port 8081 --tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445) and give --origin-url http://127.0.0.1:8081.');
  });

  test('a deployment elsewhere and a farm on loopback: whatever it answered, a farm it can reach', () => {
    const elsewhere = { ...onRunner, baseUrl: 'https://fetch.example.com' };
    for (const unreached of [[failed(`${farm}/small`)], [refused(`${farm}/small`)]]) {
      const text = farmOutOfReachText(elsewhere, farm, unreached);
      expect(text).toMatch(/\. The farm listens on this machine's loopback, which a deployment elsewhere cannot reach: run a farm where it can: conform origin with --public-url \(see conform origin --help\), and give that URL as --origin-url\.$/);
      expect(text).not.toContain('Let the deployment fetch from');
    }
  });

  test('a farm the deployment cannot reach, not on loopback: the network, or a farm it can reach', () => {
    const text = farmOutOfReachText({ ...onRunner, baseUrl: 'https://fetch.example.com', originUrl: 'http://origin.example.com:8081' }, 'http://origin.example.com:8081', [
      failed('http://origin.example.com:8081/small'),
      refused('https://origin.example.com:8443/small'),
    ]);
    expect(text).toContain('http://origin.example.com:8081/small could not be fetched, and the farm received no request (HTTP 502: "The fetched host could not be reached."); https://origin.example.com:8443/small was refused as a destination');
    expect(text).toMatch(/\. Make origin\.example\.com:8081 and origin\.example\.com:8443 reachable from the deployment \(a firewall, a port not forwarded\), or run a farm where it can: /);
  });

  test('a page the farm never served: another server answers there', () => {
    const text = farmOutOfReachText(onRunner, farm, [{ url: `${farm}/small`, how: 'stranger', said: 'HTTP 200 with the content "<h1>nginx</h1>"' }]);
    expect(text).toContain('http://127.0.0.1:8081/small was answered by something other than the farm, which received no request (HTTP 200 with the content "<h1>nginx</h1>"). Another server answers at that address where the deployment runs');
  });

  test("a config file's keys name the options", () => {
    const text = farmOutOfReachText({ ...onRunner, names: { baseUrl: 'targets.staging.baseUrl', originUrl: 'targets.staging.originUrl' } }, farm, [refused(`${farm}/small`)]);
    expect(text).toMatch(/^targets\.staging\.baseUrl http:\/\/127\.0\.0\.1:8080 cannot fetch from the origin farm at targets\.staging\.originUrl http:\/\/127\.0\.0\.1:8081: /);
  });
});
