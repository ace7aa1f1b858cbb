import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startOriginFarm, type OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { farmInfoBounds, farmListenersAt, readFarmInfo } from './farmInfo.ts';

describe('readFarmInfo', () => {
  let farm: OriginFarm;
  let notAFarm: Server;
  let notAFarmUrl: string;
  beforeAll(async () => {
    farm = await startOriginFarm();
    // Answers its /__farm/info with JSON that names one listener of the four.
    notAFarm = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"httpUrl":"http://127.0.0.1:1"}'));
    await new Promise<void>((done) => notAFarm.listen(0, '127.0.0.1', done));
    notAFarmUrl = `http://127.0.0.1:${(notAFarm.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await farm?.close();
    await new Promise((done) => notAFarm?.close(done));
  });

  test("the farm's own info, listeners and CA, from any of its URLs: what the farm serves is what its readers read", async () => {
    const info = await readFarmInfo(`${farm.httpUrl}/small?x=1`, farmInfoBounds);
    expect(info).toMatchObject({ httpUrl: farm.httpUrl, httpsUrl: farm.httpsUrl, expiredTlsUrl: farm.expiredTlsUrl, wrongHostTlsUrl: farm.wrongHostTlsUrl, ca: farm.ca });
  });

  test('where no farm answers, why in one line', async () => {
    await expect(readFarmInfo('http://127.0.0.1:9', farmInfoBounds)).rejects.toThrow(/^GET \/__farm\/info: no HTTP answer: .*ECONNREFUSED/);
    await expect(readFarmInfo(notAFarmUrl, farmInfoBounds)).rejects.toThrow(new Error('GET /__farm/info names no listeners'));
  });
});

describe('farmListenersAt', () => {

  const onLoopback = { httpUrl: 'http://127.0.0.1:8081', httpsUrl: 'https://127.0.0.1:8443', expiredTlsUrl: 'https://127.0.0.1:8444', wrongHostTlsUrl: 'https://127.0.0.1:8445' };

  test('a farm read where its info says it is: its listeners as named', () => {
    expect(farmListenersAt(onLoopback, 'http://127.0.0.1:8081')).toEqual(onLoopback);
  });

  test('a farm naming loopback (bound to every interface) read at another host: reached on that host, at its ports', () => {
    expect(farmListenersAt(onLoopback, 'http://farm.internal:8081')).toEqual({
      httpUrl: 'http://farm.internal:8081',
      httpsUrl: 'https://farm.internal:8443',
      expiredTlsUrl: 'https://farm.internal:8444',
      wrongHostTlsUrl: 'https://farm.internal:8445',
    });
  });

  test('a farm naming public URLs is reached at them, wherever the run reads it (a port forward, a name only the deployment resolves)', () => {
    const published = { httpUrl: 'http://origin.example.com', httpsUrl: 'https://tls.example.com', expiredTlsUrl: 'https://origin.example.com:9444', wrongHostTlsUrl: 'https://origin.example.com:9445' };
    expect(farmListenersAt(published, 'http://127.0.0.1:8081')).toEqual(published);
    expect(farmListenersAt(published, 'http://10.0.0.5:8081')).toEqual(published);
    const forHostOnly = { ...onLoopback, httpUrl: 'http://host.docker.internal:8081' };
    expect(farmListenersAt(forHostOnly, 'http://127.0.0.1:8081')).toEqual(forHostOnly);
  });
});
