import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenServer, type ServeOptions } from '../../mocks/listenServer.ts';
import type { ClientReportOptions } from '../client/createClientJudge.ts';
import { livePage, livePagePath } from '../client/livePage.ts';
import { TextDecoder } from '../encoding/TextDecoder.ts';
import { FETCH_SERVICE_DEFAULTS } from '../fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { defaultRequestBounds, type RequestBounds } from '../exchange/requestBounds.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import { ArrivalOrder } from './ArrivalOrder.ts';
import { createProxyJudge, type ProxyJudgeOptions } from './createProxyJudge.ts';
import { decodeForJudging } from './decodeForJudging.ts';
import { answerHeadersFor, answerPairs, headerPairs, judgedHeaders, requestHeadersFor } from './forwardHeaders.ts';
import type { ObservedExchange } from './ObservedExchange.ts';
import type { Recorder } from './Recorder.ts';
import { createRelayAgent, relayRequest, type RelayedAnswer } from './relayRequest.ts';

export interface ValidationProxyOptions extends ProxyJudgeOptions, ServeOptions {
  /** conform run's bounds for each exchange with the deployment (default: its defaults). */
  bounds?: RequestBounds;
  /** Also fed every exchange, after the judges: what `--record` keeps of the deployment's answers. */
  recorder?: Pick<Recorder, 'observe'>;
}

export interface ValidationProxy {
  /** Where the app is pointed: http://host:port. */
  url: string;
  /** What reports call the deployment. */
  deploymentLabel: string;
  /** Both sides judged so far: the deployment's answers (server clauses) and the app's requests (client clauses). */
  report(options?: ClientReportOptions): RunReport;
  close(): Promise<void>;
}

/** The token endpoint's path under the proxy: what goes to the auth target. */
const tokenPath = '/oauth/token';

const utf8 = new TextDecoder('utf-8');

/**
 * A validation proxy: relays an app's traffic to a deployment unchanged (method, the request target as
 * the app wrote it under the deployment's path, the headers but the hop-by-hop ones, the body's bytes;
 * the answer's status, headers and body bytes back), and judges both sides as it goes. It answers
 * nothing itself but a 502 when the deployment gives no answer within the bounds, and adds nothing a
 * deployment would see: no header, no request of its own. Every path is relayed but those under
 * /__conform/, the proxy's own and never relayed: the live page (src/client/livePage.ts) and the report so
 * far as JSON (/__conform/client-report); `report()` gives it too, and the CLI writes it when the proxy stops.
 */
export async function startValidationProxy(options: ValidationProxyOptions): Promise<ValidationProxy> {
  const judge = createProxyJudge(options);
  const bounds = options.bounds ?? defaultRequestBounds;
  // The fetch service may take its own fetch timeout before it answers, as conform run allows it.
  const extraHeadersSeconds = options.suite === 'fetch-service' ? FETCH_SERVICE_DEFAULTS.timeoutMs / 1000 : 0;
  const maxBytes = Math.floor(bounds.maxBodyMib * 1024 * 1024);
  const clock = options.clock ?? Date.now;
  const api = new URL(options.target);
  const auth = options.suite === 'meeting-platform' && options.authTarget ? new URL(options.authTarget) : api;
  const agent = createRelayAgent();
  const order = new ArrivalOrder<ObservedExchange>((x) => {
    judge.observe(x);
    options.recorder?.observe(x);
  });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<ObservedExchange | undefined> => {
    const receivedAt = clock();
    const raw = req.url ?? '';
    if (!raw.startsWith('/')) {
      answerPlain(res, 400, `conform proxy: relays requests for a path ("GET /v2/users/me"), not ${JSON.stringify(raw.slice(0, 80))}: point the app's base URL at the proxy rather than using it as an HTTP proxy\n`);
      return undefined;
    }
    if (raw.startsWith(livePagePath)) {
      answerOwn(req, res, raw, () => judge.report({ end: false }));
      return undefined;
    }
    const body = await readBody(req, maxBytes);
    if (body === 'too large') {
      answerPlain(res, 413, `conform proxy: the request body passed ${bounds.maxBodyMib} MiB, conform's cap on a body; it was not relayed\n`, { connection: 'close' });
      return undefined;
    }
    if (body === undefined) return undefined;
    const query = raw.indexOf('?');
    const path = query < 0 ? raw : raw.slice(0, query);
    const deployment = options.suite === 'meeting-platform' && path === tokenPath ? auth : api;
    const prefix = deployment.pathname.replace(/\/+$/, '');
    const pairs = headerPairs(req.rawHeaders);
    const hasBody = body.length > 0 || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const sent = { origin: deployment.origin, path: `${prefix}${raw}`, method: req.method ?? 'GET', headers: requestHeadersFor(pairs, deployment.host), body: hasBody ? body : null };
    let answer: RelayedAnswer | undefined;
    let noAnswer: string | undefined;
    try {
      answer = await relayRequest(sent, agent, bounds, extraHeadersSeconds);
    } catch (err) {
      noAnswer = err instanceof Error ? err.message : String(err);
    }
    const request = {
      method: sent.method,
      origin: deployment.origin,
      path: `${prefix}${path}`,
      query: query < 0 ? '' : raw.slice(query + 1),
      headers: judgedHeaders(pairs),
      body: utf8.decode(body),
    };
    const bodyless = sent.method === 'HEAD' || answer?.status === 204 || answer?.status === 304;
    if (answer) {
      try {
        res.writeHead(answer.status, answerHeadersFor(answer.headers, bodyless));
        res.end(bodyless ? undefined : answer.body);
      } catch (err) {
        // A status or header node:http will not write (a control character in a value).
        noAnswer = `an answer the proxy could not pass on (${err instanceof Error ? err.message : String(err)})`;
        answer = undefined;
      }
    }
    if (!answer) {
      const text = `conform proxy: no answer from ${deployment.origin} to relay for ${sent.method} ${sent.path}: ${noAnswer}\n`;
      answerPlain(res, 502, text);
      return { request, answer: { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: text }, receivedAt, answeredAt: clock(), noAnswer: noAnswer! };
    }
    const headers = judgedHeaders(answerPairs(answer.headers));
    const read = utf8.decode(decodeForJudging(answer.body, headers['content-encoding'], maxBytes));
    return { request, answer: { status: answer.status, headers, body: read }, receivedAt, answeredAt: clock() };
  };

  const server = createServer((req, res) => {
    const seq = order.arrive();
    handle(req, res).then(
      (x) => order.complete(seq, x),
      () => order.complete(seq, undefined),
    );
  });
  // The app's request must arrive whole within the deadline a body has (node's default is 5 minutes).
  server.requestTimeout = (bounds.headersTimeout + bounds.bodyTimeout) * 1000;
  const served = await listenServer(server, options);
  return {
    url: served.url,
    deploymentLabel: judge.deploymentLabel,
    report: (reportOptions) => judge.report(reportOptions),
    close: async () => {
      await served.close();
      // Not close(): that waits for the exchanges in flight, and a deployment may hold one for minutes.
      await agent.destroy();
    },
  };
}

/** Where the proxy serves the report so far: where the mocks serve their client report, so the live page finds it alike. */
const reportPath = '/__conform/client-report';

/**
 * A request under /__conform/: the proxy's own, never relayed, never judged. The live page, the report so
 * far (`end: false`: a walk in progress is pending, not judged), and a 404 for the rest (the page then
 * hides its journal, scenario and clock: the proxy keeps none of its own).
 */
function answerOwn(req: IncomingMessage, res: ServerResponse, raw: string, report: () => RunReport): void {
  req.resume();
  const query = raw.indexOf('?');
  const path = query < 0 ? raw : raw.slice(0, query);
  const head = req.method === 'HEAD';
  const send = (status: number, headers: Record<string, string>, body: string) => {
    res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) });
    res.end(head ? undefined : body);
  };
  if (path !== livePagePath && path !== reportPath) return send(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, `conform proxy: ${path} is none of the proxy's own paths (${livePagePath}, ${reportPath}); paths under ${livePagePath} are never relayed\n`);
  if (req.method !== 'GET' && !head) return send(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, `conform proxy: GET ${path}\n`);
  if (path === livePagePath) {
    const page = livePage();
    return send(200, page.headers, page.body);
  }
  send(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }, `${JSON.stringify(report(), null, 2)}\n`);
}

/** The proxy's own answer (a refusal, or a 502 for a deployment that gave none), in plain words. */
function answerPlain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

/** The request's body, at most `maxBytes` of it; "too large" past that, undefined when the app hung up before its end. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | 'too large' | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        return resolve('too large');
      }
      chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks, total)));
    req.once('error', () => resolve(undefined));
    req.once('close', () => resolve(req.complete ? Buffer.concat(chunks, Math.min(total, maxBytes)) : undefined));
  });
}
