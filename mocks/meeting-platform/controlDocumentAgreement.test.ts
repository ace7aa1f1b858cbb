// The meeting mock's control routes and their document agree, both ways: every operation of
// specs/mock-control.openapi.yaml is answered by the mock with a status (and body) the document gives it,
// with and without the Conform-Account header where the document takes it; and every path the mock answers
// under /__conform/ is a path of the document, any method the document does not give it answered 405.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import { clientReportPath } from '../judgedRouteTable.ts';
import { livePagePath } from '../../src/client/livePage.ts';
import { controlPrefix } from './controlRoutes.ts';
import { controlSpec } from './controlSpec.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

interface Call {
  path: string;
  body?: unknown;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function send(server: MeetingPlatformServer, method: string, call: Call, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) } };
  if (call.body !== undefined) init.body = JSON.stringify(call.body);
  const res = await fetch(`${server.url}${call.path}`, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function documented(operation: CompiledOperation, answer: Answer): string {
  return formatViolations(checkExchange(operation, { status: answer.status, headers: answer.headers, body: answer.text }));
}

const takesAccount = (operation: CompiledOperation) => operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'conform-account');

interface UserRecord {
  id: string;
}
interface MeetingRecord {
  uuid: string;
}

describe('specs/mock-control.openapi.yaml and the meeting mock\'s control routes', () => {
  let server: MeetingPlatformServer;
  let user: UserRecord;
  let meeting: MeetingRecord;
  let accountId: string;
  beforeAll(async () => {
    server = await startMeetingPlatformServer({ adapter: 'node' });
    const data = JSON.parse((await send(server, 'GET', { path: `${controlPrefix}data` })).text) as { users: UserRecord[]; meetings: MeetingRecord[] };
    user = data.users[0]!;
    meeting = data.meetings[0]!;
    const created = await send(server, 'POST', { path: `${controlPrefix}accounts`, body: { label: 'agreement' } });
    expect(created.status).toBe(201);
    accountId = (JSON.parse(created.text) as { accountId: string }).accountId;
  });
  afterAll(() => server?.close());

  // One call per operation, in an order where each finds what it needs (a meeting to drop, an account to
  // delete). An operation added to the document without a call here fails the first test.
  const calls = (): Record<string, Call> => ({
    getLivePage: { path: livePagePath },
    reset: { path: `${controlPrefix}reset` },
    getClock: { path: `${controlPrefix}clock` },
    moveClock: { path: `${controlPrefix}clock`, body: { advanceMs: 1000 } },
    getScenario: { path: `${controlPrefix}scenario` },
    patchScenario: { path: `${controlPrefix}scenario`, body: { latencyMs: 0 } },
    listFaults: { path: `${controlPrefix}faults` },
    addFault: { path: `${controlPrefix}faults`, body: { operation: 'listMeetings', times: 1, then: { status: 503 } } },
    clearFaults: { path: `${controlPrefix}faults` },
    getJournal: { path: `${controlPrefix}journal?operation=listMeetings` },
    getData: { path: `${controlPrefix}data` },
    putData: { path: `${controlPrefix}data`, body: { users: [user], meetings: [meeting] } },
    listUsers: { path: `${controlPrefix}users` },
    putUser: { path: `${controlPrefix}users/${encodeURIComponent(user.id)}`, body: user },
    listMeetingRecords: { path: `${controlPrefix}meetings` },
    putMeeting: { path: `${controlPrefix}meetings`, body: meeting },
    generateMeetings: { path: `${controlPrefix}meetings/generate`, body: { count: 3 } },
    deleteMeeting: { path: `${controlPrefix}meetings?uuid=${encodeURIComponent(meeting.uuid)}` },
    deleteUser: { path: `${controlPrefix}users/${encodeURIComponent(user.id)}` },
    getClientReport: { path: clientReportPath },
    listAccounts: { path: `${controlPrefix}accounts` },
    createAccount: { path: `${controlPrefix}accounts`, body: {} },
    deleteAccount: { path: `${controlPrefix}accounts/${encodeURIComponent(accountId)}` },
  });

  test('every operation of the document has a call here, and no call names an operation it lacks', () => {
    expect(Object.keys(calls()).sort()).toEqual(controlSpec().operations.map((op) => op.operationId).sort());
  });

  test('every operation is answered 2xx with a documented answer; with the Conform-Account header where the document takes it, the same', async () => {
    const answered: string[] = [];
    for (const [operationId, call] of Object.entries(calls())) {
      const operation = controlSpec().operation(operationId);
      expect(operation.path.startsWith(controlPrefix), operationId).toBe(true);
      const plain = await send(server, operation.method, call);
      expect([operationId, plain.status < 300, documented(operation, plain)], plain.text).toEqual([operationId, true, '']);
      if (takesAccount(operation)) {
        // The header is optional (the default account without it) and, when given, answers for that account.
        const scoped = await send(server, operation.method, call, { 'conform-account': accountId });
        expect([operationId, scoped.status < 500, documented(operation, scoped)], scoped.text).toEqual([operationId, true, '']);
        const unknown = await send(server, operation.method, call, { 'conform-account': 'no-such-account' });
        expect([operationId, unknown.status, documented(operation, unknown)]).toEqual([operationId, 404, '']);
      }
      answered.push(operationId);
    }
    expect(answered.length).toBe(controlSpec().operations.length);
  });

  test('an account-scoped operation takes the Conform-Account header, optional; the accounts API does not', () => {
    for (const operation of controlSpec().operations) {
      const header = operation.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'conform-account');
      const accountsApi = operation.path.startsWith(`${controlPrefix}accounts`) || operation.operationId === 'getLivePage';
      expect([operation.operationId, header !== undefined, header?.required ?? false]).toEqual([operation.operationId, !accountsApi, false]);
    }
  });

  test('every path the mock answers under /__conform/ is in the document; a method it does not list is 405 with Allow', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const documentedPaths = new Map<string, string[]>();
    for (const op of controlSpec().operations) documentedPaths.set(op.path, [...(documentedPaths.get(op.path) ?? []), op.method]);
    const concrete = (template: string) => template.replace('{userId}', 'u1').replace('{accountId}', 'no-such-account');
    // The document's paths, the paths served beside the spec lookup (the judge's, the accounts API's),
    // and near misses of each: a trailing slash, one segment more, an unknown name.
    const probes = new Set<string>([clientReportPath, livePagePath, `${controlPrefix}accounts`, `${controlPrefix}nothing`, `${controlPrefix}users/a/b`]);
    for (const template of documentedPaths.keys()) for (const path of [concrete(template), `${concrete(template)}/`, `${concrete(template)}/x`]) probes.add(path);
    for (const path of probes) {
      const operationFor = (method: string) => controlSpec().operationFor(method, path);
      const listed = methods.filter((m) => operationFor(m) !== undefined);
      for (const method of methods) {
        const answer = await send(server, method, { path });
        const error = answer.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(answer.text) as { error?: string }).error : undefined;
        if (listed.includes(method)) expect([path, method, documented(operationFor(method)!, answer)]).toEqual([path, method, '']);
        else if (listed.length) expect([path, method, answer.status, answer.headers.get('allow')?.split(', ').sort()]).toEqual([path, method, 405, listed.sort()]);
        else expect([path, method, answer.status, error]).toEqual([path, method, 404, 'not_found']);
      }
    }
  });
});
