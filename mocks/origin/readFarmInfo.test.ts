import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFarmInfo } from './readFarmInfo.ts';
import { startOriginFarm, type OriginFarm } from './startOriginFarm.ts';

describe('readFarmInfo', () => {
  let farm: OriginFarm;
  beforeAll(async () => {
    farm = await startOriginFarm();
  });
  afterAll(() => farm?.close());

  test("a running farm's listeners and CA, from any of its URLs", async () => {
    const info = await readFarmInfo(farm.httpUrl);
    expect(info).toMatchObject({ httpUrl: farm.httpUrl, httpsUrl: farm.httpsUrl, expiredTlsUrl: farm.expiredTlsUrl, wrongHostTlsUrl: farm.wrongHostTlsUrl, ca: farm.ca });
  });

  test('undefined where nothing listens, or where a server that is no farm answers', async () => {
    expect(await readFarmInfo('http://127.0.0.1:9')).toBeUndefined();
    expect(await readFarmInfo(`${farm.httpUrl}/status/404`)).toBeUndefined();
  });
});
