import { randomBytes } from 'node:crypto';

/** Where a judging mock and the proxy serve the live page: the control prefix itself. */
export const livePagePath = '/__conform/';

/** The live page as an answer: its headers (a fresh nonce in the Content-Security-Policy) and its HTML. */
export interface LivePage {
  headers: Record<string, string>;
  body: string;
}

/**
 * The live page: the client report as it grows, the journal's newest requests, the scenario and the clock,
 * redrawn without a reload. One self-contained HTML text: its style and script are inline, and the
 * Content-Security-Policy lets them run by a nonce fresh for each answer, reach only this origin, and load
 * nothing at all (no image, font, frame or other script), so an injected tag runs nothing even if the page
 * ever drew data as markup (it does not: everything is drawn with textContent).
 */
export function livePage(): LivePage {
  const nonce = randomBytes(16).toString('base64');
  const csp = [`default-src 'none'`, `connect-src 'self'`, `style-src 'nonce-${nonce}'`, `script-src 'nonce-${nonce}'`, `base-uri 'none'`, `form-action 'none'`, `frame-ancestors 'none'`].join('; ');
  return {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' },
    body: livePageHtml(nonce),
  };
}

/** The page's HTML, its style and script carrying `nonce` (base64, so nothing to escape in an attribute). */
export function livePageHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>conform: live</title>
<style nonce="${nonce}">${style}</style>
</head>
<body>
<header>
<h1>conform: live <span id="target" class="muted"></span></h1>
<p id="status" class="muted">loading…</p>
<ul id="counts" class="counts"></ul>
</header>
<main>
<section id="clauses" hidden>
<h2 id="failed-title">Failed</h2>
<ol id="failed" class="failed-list"></ol>
<h2 id="pending-title">Pending or not judged</h2>
<ul id="pending"></ul>
<h2 id="passed-title">Passed</h2>
<ul id="passed"></ul>
</section>
<section id="scenario-panel" hidden>
<h2>Scenario</h2>
<dl id="scenario"></dl>
</section>
<section id="clock-panel" hidden>
<h2>Clock</h2>
<p id="clock"></p>
</section>
<section id="journal-panel" hidden>
<h2 id="journal-title">Journal</h2>
<table><thead><tr><th>#</th><th>time</th><th>request</th><th>answer</th></tr></thead><tbody id="journal"></tbody></table>
</section>
</main>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`;
}

const style = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1b1b1b;background:#fff}
h1{font-size:1.3rem;margin:.2rem 0}h2{font-size:1.05rem;margin:1.2rem 0 .4rem;border-bottom:1px solid #ddd}
.muted{color:#666;font-weight:normal}.counts{list-style:none;padding:0;display:flex;gap:1rem;flex-wrap:wrap}
.counts li{padding:.15rem .6rem;border-radius:.3rem;background:#eee}.counts .failed{background:#fbe3e3;color:#8b0000}
.counts .passed{background:#e3f4e3;color:#145214}.failed-list>li{margin:.4rem 0 .8rem}.clause{font-weight:600}
.failed-list .clause{color:#8b0000}.example{font-family:ui-monospace,monospace;font-size:.9em;white-space:pre-wrap;word-break:break-all}
.problem{margin:.1rem 0 .3rem 1rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.15rem .5rem;border-bottom:1px solid #eee;vertical-align:top}
td.url{font-family:ui-monospace,monospace;word-break:break-all}.stale{color:#8b0000}dl{display:grid;grid-template-columns:max-content auto;gap:.1rem 1rem}dd{margin:0}
`;

// Polling, not Server-Sent Events: an SSE stream would hold a connection open per tab on the mock's server
// (which closes its connections when it stops, and whose control API is request and answer), and would need
// a push from the request path whenever the judge learns something; a poll costs the request path nothing.
// Each poll has a deadline (5 s); the next starts a second after the last ended, or four times as long as it
// took when the answers are slow or large, so a long session's report and journal never cost the mock more
// than a fifth of its time. Paths are relative: the page finds the JSON wherever it is served under /__conform/.
const script = `
'use strict';
const $ = (id) => document.getElementById(id);
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = String(text); if (cls) e.className = cls; return e; };
const gone = new Set();
const last = {};
// /__conform/?account=ID (or ?key=ID): the page shows that tenant's report, journal, switches and clock,
// as a control call with the Conform-Account (Conform-Key) header would.
const params = new URLSearchParams(location.search);
const scope = {};
if (params.get('account')) scope['conform-account'] = params.get('account');
if (params.get('key')) scope['conform-key'] = params.get('key');
async function getJson(path) {
  if (gone.has(path)) return undefined;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 5000);
  try {
    const r = await fetch(path, { cache: 'no-store', signal: abort.signal, headers: { accept: 'application/json', ...scope } });
    if (r.status === 404) { gone.add(path); return undefined; }
    if (!r.ok) throw new Error(path + ' answered ' + r.status);
    const text = await r.text();
    if (last[path] === text) return null;
    last[path] = text;
    return JSON.parse(text);
  } finally { clearTimeout(timer); }
}
function fill(node, children) { node.replaceChildren(...children); }
function drawReport(report) {
  const targets = Object.entries(report.target || {}).map(([suite, names]) => suite + ': ' + [].concat(names).join(', ')).join('; ');
  $('target').textContent = targets ? '(' + targets + ')' : '';
  const s = report.summary || {};
  const counts = [['failed', s.failed], ['passed', s.passed], ['warnings', s.warnings], ['accepted', s.accepted], ['pending or not judged', s.skipped], ['blocked', s.blocked]];
  fill($('counts'), counts.filter(([, n]) => typeof n === 'number').map(([name, n]) => { const li = el('li', n + ' ' + name, name.split(' ')[0]); li.dataset.count = name.split(' ')[0]; return li; }));
  const checks = Array.isArray(report.checks) ? report.checks : [];
  const failed = checks.filter((c) => c.status === 'failed');
  const passed = checks.filter((c) => c.status === 'passed');
  const pending = checks.filter((c) => c.status !== 'failed' && c.status !== 'passed');
  $('failed-title').textContent = 'Failed (' + failed.length + ')';
  fill($('failed'), failed.map((c) => {
    const li = el('li'); li.dataset.clause = c.clause; li.className = 'failed';
    li.append(el('span', c.clause, 'clause'), el('span', ' ' + (c.level || '') + ' · ' + (c.target || '') + ' · ' + (c.title || ''), 'muted'));
    const f = c.finding;
    if (f && Array.isArray(f.groups)) {
      li.append(el('p', f.headline || c.message || '', 'headline'));
      for (const g of f.groups) {
        li.append(el('p', (g.count ? g.count + ' × ' : '') + (g.cause || ''), 'cause'));
        for (const x of g.examples || []) {
          const ex = el('div', undefined, 'offending'); ex.dataset.clause = c.clause;
          ex.append(el('div', x.label || '', 'example'), el('div', x.problem || '', 'problem'));
          li.append(ex);
        }
        if (g.more) li.append(el('p', '… and ' + g.more + ' more', 'muted'));
        if (g.diagnosis) li.append(el('p', g.diagnosis, 'muted'));
      }
    } else if (c.message) li.append(el('p', c.message, 'headline'));
    return li;
  }));
  $('pending-title').textContent = 'Pending or not judged (' + pending.length + ')';
  fill($('pending'), pending.map((c) => { const li = el('li'); li.dataset.clause = c.clause; li.append(el('span', c.clause, 'clause'), el('span', ' ' + c.status + ': ' + (c.message || c.title || ''), 'muted')); return li; }));
  $('passed-title').textContent = 'Passed (' + passed.length + ')';
  fill($('passed'), passed.map((c) => { const li = el('li'); li.dataset.clause = c.clause; li.append(el('span', c.clause, 'clause'), el('span', ' ' + (c.title || ''), 'muted')); return li; }));
  $('clauses').hidden = false;
}
function drawJournal(journal) {
  const entries = Array.isArray(journal) ? journal : Array.isArray(journal.entries) ? journal.entries : [];
  const newest = entries.slice(-50).reverse();
  $('journal-title').textContent = 'Journal (newest ' + newest.length + ' of ' + entries.length + ')';
  fill($('journal'), newest.map((e) => {
    const q = e.request || e;
    const a = e.answer || {};
    const tr = el('tr');
    const at = typeof e.receivedAt === 'number' ? new Date(e.receivedAt).toISOString().slice(11, 23) : (e.receivedAt || '');
    tr.append(el('td', e.id ?? ''), el('td', at), el('td', (q.method || '') + ' ' + (q.url || q.path || ''), 'url'), el('td', a.status ?? e.status ?? ''));
    return tr;
  }));
  $('journal-panel').hidden = false;
}
function drawScenario(scenario) {
  fill($('scenario'), Object.entries(scenario).flatMap(([k, v]) => [el('dt', k), el('dd', typeof v === 'object' ? JSON.stringify(v) : v)]));
  $('scenario-panel').hidden = false;
}
function drawClock(clock) {
  const offset = typeof clock.offsetMs === 'number' ? ' (offset ' + clock.offsetMs + ' ms from real time)' : '';
  $('clock').textContent = (clock.now || clock.nowMs || JSON.stringify(clock)) + offset;
  $('clock-panel').hidden = false;
}
const panels = [['client-report', drawReport], ['journal', drawJournal], ['scenario', drawScenario], ['clock', drawClock]];
async function poll() {
  const started = Date.now();
  const problems = [];
  for (const [path, draw] of panels) {
    try {
      const data = await getJson(path);
      if (data) draw(data);
      if (data === undefined && gone.has(path)) $(path === 'client-report' ? 'clauses' : path + '-panel').hidden = true;
    } catch (err) { problems.push(path + ': ' + (err && err.message ? err.message : String(err))); }
  }
  const status = $('status');
  status.textContent = problems.length ? 'cannot update (' + problems.join('; ') + '); retrying' : 'updated ' + new Date().toLocaleTimeString();
  status.className = problems.length ? 'stale' : 'muted';
  setTimeout(poll, Math.max(1000, 4 * (Date.now() - started)));
}
poll();
`;
