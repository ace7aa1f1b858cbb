import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createRelayAgent, NoAnswerFromDeployment, relayRequest } from './relayRequest.ts';

let deployment: Server;
let origin: string;
let silences = 3;
const held: Array<() => void> = [];

beforeAll(async () => {
  // Holds its first requests past the relay's deadline without a word, then answers: a deployment still starting.
  deployment = createServer((req, res) => {
    if (silences-- > 0) held.push(() => res.destroy());
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(`up: ${req.url}`);
  });
  await new Promise<void>((done) => deployment.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(deployment.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const release of held) release();
  await new Promise((done) => deployment.close(done));
});

test('a deployment that gave no answer yet is asked again for each request the app sends, never given up on', async () => {
  const agent = createRelayAgent();
  // Each silence runs into the headers deadline: the run's record of silent targets gives an origin up after two.
  const bounds = { headersTimeout: 0.2, bodyTimeout: 1, maxBodyMib: 1 };
  const relay = () => relayRequest({ origin, path: '/v1/fetch', method: 'GET', headers: [], body: null }, agent, bounds);
  for (let i = 0; i < 3; i++) await expect(relay()).rejects.toThrow(new NoAnswerFromDeployment('no answer within 0.2 s'));
  expect((await relay()).body.toString()).toBe('up: /v1/fetch');
  await agent.close();
});
