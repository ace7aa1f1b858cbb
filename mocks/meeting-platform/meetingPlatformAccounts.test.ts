import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from './startMeetingPlatformServer.ts';

let server: MeetingPlatformServer;
beforeAll(async () => {
  server = await startMeetingPlatformServer({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

interface Created {
  accountId: string;
  clientId: string;
  clientSecret: string;
  userId: string;
  authUrl: string;
  apiBaseUrl: string;
}

const json = { 'content-type': 'application/json' };
const control = (path: string, init: RequestInit & { account?: string } = {}) =>
  fetch(`${server.url}/__conform/${path}`, { ...init, headers: { ...(init.body !== undefined && json), ...(init.account && { 'Conform-Account': init.account }) } });

async function createAccount(body: object = {}): Promise<Created> {
  const answer = await control('accounts', { method: 'POST', body: JSON.stringify(body) });
  expect(answer.status).toBe(201);
  return (await answer.json()) as Created;
}

async function tokenOf(account: Created): Promise<string> {
  const answer = await fetch(`${account.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=account_credentials&account_id=${account.accountId}`,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

const list = (account: Created, token: string) => fetch(`${account.apiBaseUrl}/v2/users/me/meetings?page_size=5`, { headers: { authorization: `Bearer ${token}` } });

describe('accounts for tests side by side', () => {
  it('keeps two accounts apart: faults, clock, journal, client report, deletion', async () => {
    const a = await createAccount({ label: 'a' });
    const b = await createAccount();
    expect(a.accountId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.clientId).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(a.clientId).not.toBe(b.clientId);
    const tokenA = await tokenOf(a);
    const tokenB = await tokenOf(b);

    const fault = await control('faults', { method: 'POST', account: a.accountId, body: JSON.stringify({ operation: 'listMeetings', times: 1, then: { status: 503 } }) });
    expect(fault.status).toBe(201);
    expect((await list(a, tokenA)).status).toBe(503);
    expect((await list(b, tokenB)).status).toBe(200);
    expect((await list(a, tokenA)).status).toBe(200);

    const moved = await control('clock', { method: 'POST', account: a.accountId, body: JSON.stringify({ advanceMs: 3_600_000 }) });
    expect(((await moved.json()) as { offsetMs: number }).offsetMs).toBe(3_600_000);
    expect((await list(a, tokenA)).status).toBe(401);
    expect((await list(b, tokenB)).status).toBe(200);
    const clockB = (await (await control('clock', { account: b.accountId })).json()) as { offsetMs: number };
    expect(clockB.offsetMs).toBe(0);

    const journalText = await (await control('journal', { account: a.accountId })).text();
    const journalA = (JSON.parse(journalText) as { entries: Array<{ operation?: string; status?: number; request?: unknown }> }).entries;
    expect(journalA.map((e) => e.operation)).toEqual(['requestAccessToken', 'listMeetings', 'listMeetings', 'listMeetings']);
    expect(journalText).not.toContain(a.clientSecret);
    expect(journalText).not.toContain(b.clientSecret);
    expect(journalText).not.toContain(tokenB);
    const journalB = (JSON.parse(await (await control('journal', { account: b.accountId })).text()) as { entries: Array<{ operation?: string }> }).entries;
    expect(journalB.map((e) => e.operation)).toEqual(['requestAccessToken', 'listMeetings', 'listMeetings']);
    const defaultJournal = (JSON.parse(await (await control('journal')).text()) as { entries: unknown[] }).entries;
    expect(defaultJournal).toEqual([]);

    const reportB = await (await control('client-report', { account: b.accountId })).text();
    expect(reportB).not.toContain(b.clientSecret);
    expect(reportB).not.toContain(a.clientSecret);
    const reportA = await (await control('client-report', { account: a.accountId })).text();
    const defaultReport = await (await control('client-report')).text();
    type Report = { target: Record<string, string[]>; summary: { passed: number; failed: number } };
    const [ra, rb, rd] = [reportA, reportB, defaultReport].map((text) => JSON.parse(text) as Report);
    // A's expired token was used again: its report holds that failure, B's (only B's traffic) none.
    expect(ra!.target).toEqual({ 'meeting-platform': ['a'] });
    expect(ra!.summary.failed).toBeGreaterThan(0);
    expect(rb!.summary.failed).toBe(0);
    expect(rb!.summary.passed).toBeGreaterThan(0);
    expect(rd!.summary.passed).toBe(0);

    const listed = (await (await control('accounts')).json()) as { accounts: Array<{ accountId: string; label?: string }> };
    expect(listed.accounts.map((x) => x.accountId)).toEqual([server.accounts[0]!.accountId, a.accountId, b.accountId]);
    expect(listed.accounts[1]!.label).toBe('a');
    expect(JSON.stringify(listed)).not.toContain(a.clientSecret);

    const freshA = await tokenOf(a);
    expect((await list(a, freshA)).status).toBe(200);
    expect((await control(`accounts/${a.accountId}`, { method: 'DELETE' })).status).toBe(204);
    const afterReset = await control('reset', { method: 'POST', account: a.accountId });
    expect(afterReset.status).toBe(404);
    const tokenAgain = await fetch(`${a.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${a.clientId}:${a.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=account_credentials&account_id=${a.accountId}`,
    });
    expect(tokenAgain.status).toBe(400);
    expect(((await tokenAgain.json()) as { error: string }).error).toBe('invalid_client');
    expect((await list(a, freshA)).status).toBe(401);
    expect((await list(b, tokenB)).status).toBe(200);
    expect((await control(`accounts/${b.accountId}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('answers an unknown Conform-Account with 404 naming it, and refuses to delete the default account', async () => {
    const answer = await control('journal', { account: 'NoSuchAccount' });
    expect(answer.status).toBe(404);
    const body = (await answer.json()) as { error: string; message: string };
    expect(body.error).toBe('not_found');
    expect(body.message).toContain('NoSuchAccount');
    const unknownDelete = await control('accounts/NoSuchAccount', { method: 'DELETE' });
    expect(unknownDelete.status).toBe(404);
    const defaultDelete = await control(`accounts/${server.accounts[0]!.accountId}`, { method: 'DELETE' });
    expect(defaultDelete.status).toBe(409);
    expect(((await defaultDelete.json()) as { error: string }).error).toBe('conflict');
    const bad = await control('accounts', { method: 'POST', body: JSON.stringify({ clientSecret: 'short' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('clientSecret');
  });

  it('evicts the account idle the longest when one more is created past the cap', async () => {
    const made: Created[] = [];
    for (let i = 0; i < 100; i++) made.push(await createAccount({ label: `n${i}` }));
    // The first one made is used now: the second is then the idle-longest.
    await tokenOf(made[0]!);
    const extra = await createAccount();
    const ids = ((await (await control('accounts')).json()) as { accounts: Array<{ accountId: string }> }).accounts.map((x) => x.accountId);
    expect(ids).toHaveLength(101);
    expect(ids[0]).toBe(server.accounts[0]!.accountId);
    expect(ids).toContain(made[0]!.accountId);
    expect(ids).not.toContain(made[1]!.accountId);
    expect(ids).toContain(extra.accountId);
    expect((await control('journal', { account: made[1]!.accountId })).status).toBe(404);
    for (const id of ids.slice(1)) expect((await control(`accounts/${id}`, { method: 'DELETE' })).status).toBe(204);
    // With none left the default mock answers straight again.
    expect((await control('journal')).status).toBe(200);
  });

  it('offers the same in-process', async () => {
    const created = server.mock.control.accounts.create({ accountId: 'InProcess-Account-0001', clientSecret: 'a-secret-of-the-test' });
    expect(created.clientSecret).toBe('a-secret-of-the-test');
    server.mock.control.forAccount(created.accountId).clock.advance(60_000);
    expect(server.mock.control.forAccount(created.accountId).clock.now().offsetMs).toBe(60_000);
    expect(server.mock.control.clock.now().offsetMs).toBe(0);
    expect(() => server.mock.control.accounts.create({ accountId: 'InProcess-Account-0001' })).toThrow(/exists already/);
    server.mock.control.accounts.delete(created.accountId);
    expect(() => server.mock.control.forAccount(created.accountId)).toThrow(/No account InProcess-Account-0001/);
  });
});
