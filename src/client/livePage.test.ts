// The live page in headless Chromium (Debian's, driven by playwright-core, which downloads no browser):
// over real HTTP on loopback, a faulty request's finding appears on the open page without a reload; the
// proxy serves the same page; a client-controlled URL is shown as text and runs nothing; and the page
// loads nothing but its own origin's JSON.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startFetchServiceMock } from '../../mocks/fetch-service/startFetchServiceMock.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { startValidationProxy, type ValidationProxy } from '../proxy/startValidationProxy.ts';
import { chromiumPath } from '../testing/headlessChromium.ts';
import { livePage, livePageHtml, livePagePath } from './livePage.ts';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

describe('the live page, as served', () => {
  test('is one self-contained text: inline style and script under a fresh nonce, no URL of any kind', () => {
    const a = livePage();
    const b = livePage();
    expect(a.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    const nonce = /script-src 'nonce-([^']+)'/.exec(a.headers['content-security-policy']!)![1]!;
    expect(a.headers['content-security-policy']).toContain("default-src 'none'");
    expect(a.body).toContain(`<script nonce="${nonce}">`);
    expect(b.headers['content-security-policy']).not.toContain(nonce);
    expect(a.body).not.toMatch(/https?:\/\//);
    expect(a.body).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
    // Data is drawn as text, never parsed as markup.
    expect(livePageHtml('n')).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  test('the meeting mock serves it at /__conform/ (GET and HEAD) beside its client report; its polls are not judged', async () => {
    const server = await startMeetingPlatformServer();
    opened.push(server);
    const page = await fetch(`${server.url}${livePagePath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    expect(await page.text()).toContain('<title>conform: live</title>');
    const head = await fetch(`${server.url}${livePagePath}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // Neither the page nor the JSON it polls is a request of the client's.
    const journal = (await (await fetch(`${server.url}/__conform/journal`)).json()) as { entries: unknown[] };
    expect(journal.entries).toEqual([]);
  });

  test('the fetch mock serves it too', async () => {
    const server = await startFetchServiceMock({ apiKeys: ['live-page-test-key'] });
    opened.push(server);
    const page = await fetch(`${server.url}${livePagePath}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>conform: live</title>');
  });

  test('the proxy serves it and the report so far on its own origin, and relays nothing under /__conform/', async () => {
    const server = await startMeetingPlatformServer();
    opened.push(server);
    const proxy = await startValidationProxy({ suite: 'meeting-platform', target: server.url });
    opened.push(proxy);
    expect((await fetch(`${proxy.url}${livePagePath}`)).headers.get('content-type')).toBe('text/html; charset=utf-8');
    const report = await fetch(`${proxy.url}/__conform/client-report`);
    expect(report.status).toBe(200);
    expect(((await report.json()) as { checks: unknown[] }).checks.length).toBeGreaterThan(0);
    for (const path of ['/__conform/journal', '/__conform/scenario', '/__conform/clock', '/__conform/reset']) expect((await fetch(`${proxy.url}${path}`)).status).toBe(404);
    expect((await fetch(`${proxy.url}/__conform/client-report`, { method: 'POST', body: '{}' })).status).toBe(405);
    // The mock behind saw none of it.
    expect(((await (await fetch(`${server.url}/__conform/journal`)).json()) as { entries: unknown[] }).entries).toEqual([]);
  });
});

const noChromium = "no Chromium to open the live page in: install Debian's package (apt-get install chromium) or set $CONFORM_CHROMIUM to a Chromium binary";

describe('the live page in headless Chromium', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!chromiumPath) return;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh page that records every URL it asks for and every script error. */
  async function open(url: string): Promise<{ page: Page; requested: string[]; errors: string[]; dialogs: string[] }> {
    if (!browser) throw new Error(noChromium);
    const context = await browser.newContext();
    opened.push(context);
    const page = await context.newPage();
    const requested: string[] = [];
    const errors: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(url);
    return { page, requested, errors, dialogs };
  }

  /** Every URL the page asked for is on its own origin, under /__conform/. */
  function expectOnlyOwn(requested: string[], origin: string): void {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((u) => !u.startsWith(`${origin}/__conform/`))).toEqual([]);
  }

  test('shows the clause list, then a faulty request\'s finding and the request without a reload', async () => {
    const server = await startMeetingPlatformServer();
    opened.push(server);
    const { page, requested, errors } = await open(`${server.url}${livePagePath}`);
    await page.waitForSelector('#passed li, #pending li');
    expect(await page.locator('#pending li[data-clause="MP-CLIENT-TOKEN-BASIC"]').count()).toBe(1);
    expect(await page.locator('#scenario-panel').isVisible()).toBe(true);
    expect(await page.locator('#clock').textContent()).toMatch(/^\d{4}-\d\d-\d\dT/);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));

    // The client credentials in the form instead of HTTP Basic: MP-CLIENT-TOKEN-BASIC fails at once.
    const account = server.accounts[0]!;
    const form = new URLSearchParams({ grant_type: 'account_credentials', account_id: account.accountId, client_id: account.clientId, client_secret: account.clientSecret });
    expect((await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })).status).toBe(200);

    const failure = page.locator('#failed li[data-clause="MP-CLIENT-TOKEN-BASIC"]');
    await failure.waitFor();
    expect(await failure.locator('.example').first().textContent()).toBe('#1 POST /oauth/token');
    expect(await failure.locator('.problem').first().textContent()).toMatch(/client credentials were sent as fields/);
    expect(await page.locator('[data-count="failed"]').textContent()).toBe('1 failed');
    await page.waitForSelector('#journal tr');
    expect(await page.locator('#journal tr td.url').first().textContent()).toBe(`POST ${server.url}/oauth/token`);
    // The secret sent in the form is nowhere on the page.
    expect(await page.content()).not.toContain(account.clientSecret);
    expect(navigations).toEqual([]);
    expectOnlyOwn(requested, server.url);
    expect(errors).toEqual([]);
  });

  test('?account=ID shows that account alone: its finding, not the default account\'s', async () => {
    const server = await startMeetingPlatformServer();
    opened.push(server);
    const made = (await (await fetch(`${server.url}/__conform/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { accountId: string; clientId: string; clientSecret: string };
    const { page, errors } = await open(`${server.url}${livePagePath}?account=${encodeURIComponent(made.accountId)}`);
    await page.waitForSelector('#passed li, #pending li');
    // The account's app sends its credentials in the form: its page shows the failure; the default account's page does not.
    const form = new URLSearchParams({ grant_type: 'account_credentials', account_id: made.accountId, client_id: made.clientId, client_secret: made.clientSecret });
    expect((await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })).status).toBe(200);
    await page.locator('#failed li[data-clause="MP-CLIENT-TOKEN-BASIC"]').waitFor();
    const other = await open(`${server.url}${livePagePath}`);
    await other.page.waitForSelector('#passed li, #pending li');
    expect(await other.page.locator('#failed li').count()).toBe(0);
    expect(await page.content()).not.toContain(made.clientSecret);
    expect(errors).toEqual([]);
  });

  test('a request path with markup in it is shown as text and runs nothing', async () => {
    const server = await startMeetingPlatformServer();
    opened.push(server);
    const { page, requested, errors, dialogs } = await open(`${server.url}${livePagePath}`);
    await page.waitForSelector('#passed li, #pending li');
    // The path as a client could send it, unescaped: node's fetch would encode it, so a raw request line.
    const evil = `/v2/<img/src=x/onerror=alert(document.domain)>`;
    await rawGet(server.url, evil);
    // The mock shows the URL as parsed (the brackets percent-encoded); the finding's example names it alike.
    const shown = `GET ${new URL(evil, server.url).href}`;
    await page.waitForSelector('#journal tr');
    await expect.poll(() => page.locator('#journal td.url').allTextContents()).toContain(shown);
    await page.locator('#failed li[data-clause="MP-CLIENT-ROUTE"]').waitFor();
    expect(await page.locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expectOnlyOwn(requested, server.url);
    expect(errors).toEqual([]);
  });

  test('data with markup in every field is drawn as text: no element made of it, no script run', async () => {
    const evil = '<img src=x onerror="document.title=1">';
    const report = {
      target: { [evil]: [evil] },
      summary: { passed: 1, failed: 1, skipped: 1 },
      checks: [
        { clause: `F-${evil}`, status: 'failed', level: 'MUST', target: evil, title: evil, message: evil, finding: { headline: evil, groups: [{ cause: evil, count: 1, diagnosis: evil, examples: [{ label: `#1 GET /x/${evil}`, problem: evil }] }] } },
        { clause: `P-${evil}`, status: 'passed', title: evil },
        { clause: `S-${evil}`, status: 'skipped', message: evil },
      ],
    };
    const json: Record<string, unknown> = {
      'client-report': report,
      journal: { entries: [{ id: 1, receivedAt: 0, request: { method: evil, url: `http://127.0.0.1/${evil}` }, answer: { status: evil } }] },
      scenario: { [evil]: evil },
      clock: { now: evil, offsetMs: 0 },
    };
    const stub = await serveStub(json);
    opened.push(stub);
    const { page, errors, dialogs } = await open(`${stub.url}${livePagePath}`);
    await page.locator('#failed li').waitFor();
    await page.waitForSelector('#journal tr');
    // The report, the journal, the scenario and the clock come from requests of their own: each drawn when its answer is in.
    await page.waitForSelector('#scenario dt');
    await expect.poll(() => page.locator('#clock').textContent()).toContain(evil);
    expect(await page.locator('.example').textContent()).toBe(`#1 GET /x/${evil}`);
    expect(await page.locator('#journal td.url').textContent()).toBe(`${evil} http://127.0.0.1/${evil}`);
    expect(await page.locator('#scenario dt').textContent()).toBe(evil);
    expect(await page.locator('#clock').textContent()).toContain(evil);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.title()).toBe('conform: live');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the proxy\'s page shows both sides judged, and hides the panels the proxy has not', async () => {
    const server = await startMeetingPlatformServer();
    opened.push(server);
    const proxy = await startValidationProxy({ suite: 'meeting-platform', target: server.url });
    opened.push(proxy);
    const { page, requested, errors } = await open(`${proxy.url}${livePagePath}`);
    await page.waitForSelector('#pending li');
    // A list call without a token, through the proxy: the app fails MP-CLIENT-BEARER.
    expect((await fetch(`${proxy.url}/v2/users/me/meetings`)).status).toBe(401);
    await page.locator('#failed li[data-clause="MP-CLIENT-BEARER"]').waitFor();
    expect(await page.locator('#target').textContent()).toContain('client');
    for (const panel of ['#journal-panel', '#scenario-panel', '#clock-panel']) expect(await page.locator(panel).isHidden()).toBe(true);
    expectOnlyOwn(requested, proxy.url);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});

/** The live page and fixed JSON for each path it polls, over node:http on loopback. */
async function serveStub(json: Record<string, unknown>): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const path = (req.url ?? '').slice(livePagePath.length);
    if (req.url === livePagePath) {
      const page = livePage();
      res.writeHead(200, page.headers).end(page.body);
    } else if (path in json) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json[path]));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A GET with the request target exactly as given, as a client that does not encode its URL would send it. */
async function rawGet(base: string, target: string): Promise<void> {
  const { connect } = await import('node:net');
  const url = new URL(base);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(`GET ${target} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n\r\n`));
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer from ${base} to GET ${target}`)));
    socket.on('data', () => undefined);
    socket.once('close', () => resolve());
    socket.once('error', reject);
  });
}
