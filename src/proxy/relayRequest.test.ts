import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defaultRequestBounds } from '../exchange/requestBounds.ts';
import { createRelayAgent, NoAnswerFromDeployment, relayRequest } from './relayRequest.ts';

let deployment: Server;
let origin: string;
let hangUps = 3;

beforeAll(async () => {
  // Hangs up on its first requests without a word, then answers: a deployment still starting.
  deployment = createServer((req, res) => {
    if (hangUps-- > 0) req.socket.destroy();
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(`up: ${req.url}`);
  });
  await new Promise<void>((done) => deployment.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(deployment.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => deployment.close(done)));

test('a deployment that gave no answer yet is asked again for each request the app sends, never given up on', async () => {
  const agent = createRelayAgent();
  const relay = () => relayRequest({ origin, path: '/v1/fetch', method: 'GET', headers: [], body: null }, agent, defaultRequestBounds);
  for (let i = 0; i < 3; i++) await expect(relay()).rejects.toThrow(NoAnswerFromDeployment);
  expect((await relay()).body.toString()).toBe('up: /v1/fetch');
  await agent.close();
});
