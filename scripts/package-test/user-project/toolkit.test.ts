// The package's other entries in a user's test: the fetch-service mock through msw, and the records
// library without any runner.
import { createFetchServiceMock, defaultMockBaseUrl, virtualFarm } from 'conform-harness/mocks/fetch-service';
import { exampleRecord, generateRecords, validateRecord } from 'conform-harness/records';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const apiKey = 'user-project-key-0123456789';
const server = setupServer(...createFetchServiceMock({ apiKeys: [apiKey] }).handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

test('the fetch-service mock fetches a page of its virtual origin farm', async () => {
  const response = await fetch(`${defaultMockBaseUrl}/v1/fetch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-svc-api-key': apiKey },
    body: JSON.stringify({ url: `${virtualFarm.httpUrl}/page/windows-1252` }),
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ statusCode: 200, encoding: 'windows-1252' });
});

test('the records library validates, and generates the same records for the same seed', () => {
  expect(validateRecord(exampleRecord())).toEqual([]);
  const records = generateRecords({ count: 20, seed: 7, invalidRatio: 0.5 });
  expect(records.filter((r) => !r.valid)).toHaveLength(10);
  for (const r of records) expect(validateRecord(r.record).length === 0, JSON.stringify(r.rule)).toBe(r.valid);
  expect(generateRecords({ count: 20, seed: 7, invalidRatio: 0.5 })).toEqual(records);
});
