import type { Finding } from '../finding.ts';
import type { CheckResult, MatrixCell, ReferenceDifference, SuiteMatrix } from '../RunReport.ts';
import type { ClauseSection, FindingPlace, ReportView, RootCause } from '../ReportView.ts';
import { differenceText } from './differenceText.ts';
import { exampleLine, findingOfCheck, moreExamples } from './failureDetails.ts';
import { groupTitle, sectionTitle } from './groupTitle.ts';
import { acceptedWhy, blockedText, leadingRoots, rootHeadline, rootName, suppressionNotes, verdictLine } from './rootCauseText.ts';
import { commonCauseText } from './commonCauseText.ts';
import { summaryLine, verdictDetails, verdictNotes } from './runSummaryText.ts';
import { suiteSummaryText } from './suiteSummaryText.ts';

/**
 * One self-contained HTML file for people: no external assets, so it can be attached to a CI run or
 * mailed. Under the verdict, the MUST clauses it did not judge, with why; the header names the root
 * causes (a common cause first, the failed clauses it explains folded under it; each other failed clause
 * and what it blocked, one line each);
 * failures come first on the page, root causes first, each with its evidence, a reproduction that can
 * be copied and the checks it blocked folded under it. Warnings (failed SHOULD clauses, which do not fail
 * the run) come after the failures, in the header and on the page, marked apart; so do the failures the
 * suppressions file accepts, after the warnings, each with its reason. A suite run against several
 * targets gets a matrix, clauses by targets, each failing cell a link to its failure, and the cases where
 * the reference answered otherwise; the clause table holds the other suites.
 */
export function renderHtml(view: ReportView): string {
  const { report, matrices, sections, places, verdict } = view;
  const differences = (c: CheckResult) => view.differences.get(c.id) ?? [];
  const failed = view.failures.checks;
  const warned = view.warnings.roots;
  const warningChecks = view.warnings.checks;
  const accepted = view.accepted.roots;
  const acceptedChecks = view.accepted.checks;
  // Each root's blocked checks go under its first failure.
  const blockers = view.rootOf;
  const targets = view.suites
    .map((t) => `<li><b>${esc(t.suite)}</b>: ${esc(suiteSummaryText(t))}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>conform report: ${esc(summaryLine(view))}</title>
<style>${css}</style>
</head>
<body>
<header class="${verdict === 'PASS' ? 'pass' : 'fail'}${report.summary.warnings ? ' warn' : ''}">
  <h1>conform ${esc(report.version)} — <span class="verdict">${esc(verdictLine(view))}</span></h1>
  ${renderVerdictNotes(view)}
  <div class="cards">
    <div class="card passed"><b>${report.summary.passed}</b> passed</div>
    <div class="card failed"><b>${report.summary.failed}</b> failed</div>
    ${report.summary.warnings ? `<div class="card warning"><b>${report.summary.warnings}</b> warnings</div>` : ''}
    ${report.summary.accepted ? `<div class="card accepted"><b>${report.summary.accepted}</b> accepted</div>` : ''}
    ${report.summary.blocked ? `<div class="card blocked"><b>${report.summary.blocked}</b> blocked</div>` : ''}
    <div class="card skipped"><b>${report.summary.skipped}</b> skipped</div>
    ${report.summary.unjudged ? `<div class="card unjudged"><b>${report.summary.unjudged}</b> MUST clauses not judged</div>` : ''}
    ${report.suppressions?.unexplained ? `<div class="card unexplained"><b>${report.suppressions.unexplained}</b> suppressions without a reason</div>` : ''}
    <div class="card"><b>${report.uncovered.length}</b> clauses without a check</div>
  </div>
  <p class="summary-line">${esc(summaryLine(view))}</p>
  <p class="meta">Started ${esc(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · seed ${report.seed}${report.strict ? ' · strict (SHOULD failures fail the run)' : ''}</p>
  ${renderRoots(view)}
  ${renderWarningRoots(view, warned, warningChecks)}
  ${renderAcceptedRoots(view, accepted, acceptedChecks)}
  <ul class="targets">${targets}${suppressionNotes(report).map((n) => `<li class="${n.level === 'warning' ? 'note-warning' : 'note'}">${esc(n.text)}</li>`).join('')}${(report.errors ?? []).map((e) => `<li class="error">${esc(e)}</li>`).join('')}</ul>
</header>
<main>
${failed.length ? `<section><h2>Failures (${failed.length})</h2>${failed.map((c, i) => renderFailure(c, i, blockers.get(c), 'failure', differences(c))).join('\n')}</section>` : ''}
${warningChecks.length ? `<section class="warnings"><h2>Warnings (${warningChecks.length}): SHOULD checks that failed; they do not fail the run unless --strict</h2>${warningChecks.map((c, i) => renderFailure(c, i, blockers.get(c), 'warning', differences(c))).join('\n')}</section>` : ''}
${acceptedChecks.length ? `<section class="accepted"><h2>Accepted (${acceptedChecks.length}): failed checks ${esc(report.suppressions?.file ?? 'the suppressions file')} accepts; they do not fail the run</h2>${acceptedChecks.map((c, i) => renderFailure(c, i, blockers.get(c), 'accepted')).join('\n')}</section>` : ''}
${matrices.map((m) => renderMatrix(m, places)).join('\n')}
${
  sections.length
    ? `<section>
  <h2>Clauses</h2>
  <table class="clauses">
    <thead><tr><th>suite</th><th>clause</th><th>level</th><th>status</th><th>passed</th><th>failed</th><th>warnings</th><th>accepted</th><th>blocked</th><th>skipped</th></tr></thead>
    ${sections.map(renderSection).join('')}
  </table>
</section>`
    : ''
}
${
  report.uncovered.length
    ? `<section><h2>Clauses no check covers (${report.uncovered.length})</h2><table class="uncovered"><thead><tr><th>suite</th><th>clause</th><th>level</th><th>section</th><th>rule</th></tr></thead><tbody>${report.uncovered
        .map((u) => `<tr><td>${esc(u.suite)}</td><td><code>${esc(u.id)}</code></td><td>${esc(u.level)}</td><td>${esc(u.section)}</td><td>${esc(u.rule)}</td></tr>`)
        .join('')}</tbody></table></section>`
    : ''
}
<section>
  <h2>All checks (${report.checks.length})</h2>
  <div class="filters">
    <input id="q" type="search" placeholder="filter by clause, title or target" aria-label="filter checks">
    <label><input type="checkbox" data-status="passed" checked> passed</label>
    <label><input type="checkbox" data-status="failed" checked> failed</label>
    <label><input type="checkbox" data-status="warning" checked> warnings</label>
    <label><input type="checkbox" data-status="accepted" checked> accepted</label>
    <label><input type="checkbox" data-status="blocked" checked> blocked</label>
    <label><input type="checkbox" data-status="skipped" checked> skipped</label>
  </div>
  <table class="checks">
    <thead><tr><th>status</th><th>clause</th><th>level</th><th>check</th><th>target</th><th>ms</th></tr></thead>
    <tbody>${report.checks.map((c) => renderRow(c, view.warned.has(c))).join('')}</tbody>
  </table>
</section>
</main>
<script>${script}</script>
</body>
</html>
`;
}

/**
 * One suite's matrix: a row per clause, a column per target, each cell its status, a failing one
 * linking to its failure (or warning) on the page; then the failing cases the reference answered otherwise.
 */
function renderMatrix(m: SuiteMatrix, places: ReadonlyMap<string, FindingPlace>): string {
  const link = (ids: readonly string[] | undefined) => {
    const place = ids?.map((id) => places.get(id)).find((p) => p !== undefined);
    return place ? `#${place.kind}-${place.index}` : undefined;
  };
  const cell = (c: MatrixCell | null, target: string) => {
    if (!c) return `<td class="cell none" title="no check of this clause ran against ${esc(target)}">—</td>`;
    const href = c.status === 'failed' || c.status === 'warning' ? link(c.findings) : undefined;
    const word = esc(c.status === 'failed' ? 'FAIL' : c.status);
    return `<td class="cell ${c.status}">${href ? `<a href="${href}">${word}</a>` : word}</td>`;
  };
  const bodies: string[] = [];
  let group: string | undefined;
  let rows: string[] = [];
  const flush = () => {
    if (!rows.length) return;
    const heading = group ? `<tr class="section"><th colspan="${m.targets.length + 2}">${esc(groupTitle(group))}</th></tr>` : '';
    bodies.push(`<tbody${group ? ` class="clause-group" data-group="${esc(group)}"` : ''}>${heading}${rows.join('')}</tbody>`);
    rows = [];
  };
  for (const r of m.rows) {
    if (r.group !== group) flush();
    group = r.group;
    rows.push(`<tr><td><code>${esc(r.clause)}</code></td><td>${esc(r.level)}</td>${r.cells.map((c, i) => cell(c, m.targets[i]!)).join('')}</tr>`);
  }
  flush();
  const differences = m.differences.length
    ? `<h3>Where the reference answers otherwise (${m.differences.length})</h3><ul class="differences">${m.differences
        .map((d) => {
          const href = link([d.check]);
          const name = `<code>${esc(d.clause)}</code> [${esc(d.target)}]`;
          return `<li>${href ? `<a href="${href}">${name}</a>` : name} ${esc(d.case)}: ${esc(differenceText(d))}</li>`;
        })
        .join('')}</ul>`
    : '';
  return `<section class="matrix" data-suite="${esc(m.suite)}">
  <h2>${esc(m.suite)}: clauses × targets</h2>
  ${m.reference ? `<p class="muted">Compared with ${esc(m.reference)}.</p>` : ''}
  <table class="matrix">
    <thead><tr><th>clause</th><th>level</th>${m.targets.map((t) => `<th>${esc(t)}</th>`).join('')}</tr></thead>
    ${bodies.join('')}
  </table>
  ${differences}
</section>`;
}

/** One heading of the clause table (ordinary clauses, security checks) as its own tbody. */
function renderSection(section: ClauseSection): string {
  const rows = section.rows.map(
    (r) =>
      `<tr class="${r.status}"><td>${esc(r.suite)}</td><td><code>${esc(r.clause)}</code></td><td>${esc(r.level)}</td><td class="status">${r.status}</td><td>${r.passed}</td><td>${r.failed}</td><td>${r.warnings}</td><td>${r.accepted}</td><td>${r.blocked}</td><td>${r.skipped}</td></tr>`,
  );
  return `<tbody${section.group ? ` class="clause-group" data-group="${esc(section.group)}"` : ''}><tr class="section"><th colspan="10">${esc(sectionTitle(section.group))}</th></tr>${rows.join('')}</tbody>`;
}

/**
 * The header's lead: each common cause with the failed clauses it explains folded under it, then each
 * other root cause in a line, linked to its failure below, and what it blocked.
 */
function renderRoots(view: ReportView): string {
  const { causes, roots } = view.lead;
  if (!roots.length && !causes.length) return '';
  const failed = view.failures.checks;
  const item = (r: RootCause) => {
    const blocked = blockedText(r);
    const several = r.failed.length > 1 ? ` (${r.failed.length} checks)` : '';
    return `<li><a href="#failure-${failed.indexOf(r.failed[0]!)}"><code>${esc(rootName(view, r))}</code></a> failed${several}: ${esc(rootHeadline(r))}${blocked ? `; <span class="blocked-by">${esc(blocked)}</span>` : ''}</li>`;
  };
  const list = (shown: RootCause[], what: string) => `${shown.slice(0, leadingRoots).map(item).join('')}${shown.length > leadingRoots ? `<li class="muted">… and ${shown.length - leadingRoots} more ${what}: see the failures</li>` : ''}`;
  const common = causes.map((l) => `<li class="common-cause"><b>${esc(commonCauseText(l.cause))}</b><details><summary>${l.roots.length} failed clause${l.roots.length === 1 ? '' : 's'} it explains</summary><ul>${list(l.roots, 'failed clauses')}</ul></details></li>`);
  return `<div class="roots"><h2>Root causes</h2><ul>${common.join('')}${list(roots, 'failed clauses')}</ul></div>`;
}

/** What the verdict did not judge, beside it: the unjudged MUST clauses with their reasons, the entries without a reason that fail the run. */
function renderVerdictNotes(view: ReportView): string {
  const notes = verdictNotes(view).replace(/^ — /, '');
  if (!notes) return '';
  const details = verdictDetails(view);
  return `<div class="unjudged"><p>${esc(notes)}</p>${details.length ? `<ul>${details.map((d) => `<li>${esc(d)}</li>`).join('')}</ul>` : ''}</div>`;
}

/** The header's warnings, after the root causes: each failed SHOULD clause in a line, linked to its block below. */
function renderWarningRoots(view: ReportView, warned: RootCause[], checks: CheckResult[]): string {
  if (!warned.length) return '';
  const items = warned.slice(0, leadingRoots).map((r) => {
    const blocked = blockedText(r);
    return `<li><a href="#warning-${checks.indexOf(r.failed[0]!)}"><code>${esc(rootName(view, r))}</code></a>: ${esc(rootHeadline(r))}${blocked ? `; <span class="blocked-by">${esc(blocked)}</span>` : ''}</li>`;
  });
  const more = warned.length > leadingRoots ? `<li class="muted">… and ${warned.length - leadingRoots} more: see the warnings</li>` : '';
  return `<div class="warning-roots"><h2>Warnings (SHOULD; they do not fail the run unless --strict)</h2><ul>${items.join('')}${more}</ul></div>`;
}

/** The header's accepted failures, after the warnings: each accepted clause in a line with its reason, linked to its block below. */
function renderAcceptedRoots(view: ReportView, accepted: RootCause[], checks: CheckResult[]): string {
  if (!accepted.length) return '';
  const items = accepted.slice(0, leadingRoots).map((r) => {
    const blocked = blockedText(r);
    return `<li><a href="#accepted-${checks.indexOf(r.failed[0]!)}"><code>${esc(rootName(view, r))}</code></a>: ${esc(rootHeadline(r))} <span class="muted">(${esc(acceptedWhy(r.failed[0]!))})</span>${blocked ? `; <span class="blocked-by">${esc(blocked)}</span>` : ''}</li>`;
  });
  const more = accepted.length > leadingRoots ? `<li class="muted">… and ${accepted.length - leadingRoots} more: see the accepted failures</li>` : '';
  return `<div class="accepted-roots"><h2>Accepted (${esc(view.report.suppressions?.file ?? 'the suppressions file')}; they do not fail the run)</h2><ul>${items.join('')}${more}</ul></div>`;
}

function renderFailure(check: CheckResult, index: number, root?: RootCause, kind: 'failure' | 'warning' | 'accepted' = 'failure', differences: readonly ReferenceDifference[] = []): string {
  const id = kind === 'failure' ? `repro-${index}` : `repro-${kind}-${index}`;
  const evidence = (check.evidence ?? [])
    // The first piece of evidence open, the rest a click away: a failure with eight records stays readable.
    .map((e, i) => `<details${i === 0 ? ' open' : ''}><summary>${esc(e.label)}</summary><pre>${esc(e.text)}</pre></details>`)
    .join('');
  const assertion = check.finding?.assertion
    ? `<details><summary>what the assertion said</summary><pre>${esc(check.finding.assertion)}</pre></details>`
    : '';
  const first = check.finding?.groups.length ? ' <span class="muted">(the first case of the leading cause)</span>' : '';
  const repro = check.reproduction
    ? `<div class="repro"><div class="repro-head">Reproduce${first} <button type="button" data-copy="${id}">copy</button></div><pre id="${id}">${esc(check.reproduction)}</pre></div>`
    : '';
  const why = kind === 'accepted' ? `<p class="reason"><b>Accepted</b> ${esc(acceptedWhy(check))}</p>` : '';
  return `<article class="${kind === 'failure' ? 'failure' : `failure ${kind}`}" id="${kind}-${index}">
  <h3><code>${esc(check.clause)}</code> <span class="level ${check.level}">${esc(check.level)}</span>${check.group ? ` <span class="group-tag">${esc(groupTitle(check.group))}</span>` : ''} ${esc(check.title)}</h3>
  <p class="target">${esc(check.suite)}${check.target ? ` · ${esc(check.target)}` : ''}</p>
  ${why}${renderFinding(findingOfCheck(check))}
  ${differences.length ? `<div class="reference-answers"><b>The reference answers otherwise</b><ul>${differences.map((d) => `<li>${esc(d.case)}: ${esc(differenceText(d))}</li>`).join('')}</ul></div>` : ''}
  ${evidence}${assertion}${repro}${root?.blocked.length ? renderBlocked(root) : ''}
</article>`;
}

/** The checks a failure blocked, folded: each with its title, target and the reason it gave. */
function renderBlocked(root: RootCause): string {
  const items = root.blocked.map((b) => `<li><code>${esc(b.clause)}</code> ${esc(b.title)}${b.target ? ` <span class="muted">[${esc(b.target)}]</span>` : ''}<br><span class="muted">${esc(b.message ?? 'not run')}</span></li>`);
  return `<details class="blocked"><summary>It blocked ${root.blocked.length} check${root.blocked.length === 1 ? '' : 's'}</summary><ul>${items.join('')}</ul></details>`;
}

function renderFinding(finding: Finding): string {
  const groups = finding.groups
    .map((g) => {
      const more = moreExamples(g);
      const examples = g.examples.map((e) => `<li>${esc(exampleLine(g, e))}</li>`).join('') + (more ? `<li class="more">${esc(more)}</li>` : '');
      const diagnosis = g.diagnosis ? `<p class="diagnosis"><b>Diagnosis</b> ${esc(g.diagnosis)}</p>` : '';
      return `<li class="group"><span class="count">${g.count} ×</span> ${esc(g.cause)}<ul class="examples">${examples}</ul>${diagnosis}</li>`;
    })
    .join('');
  return [
    `<p class="headline">${esc(finding.headline)}</p>`,
    finding.rule ? `<p class="rule"><b>Rule</b> ${esc(finding.rule)}</p>` : '',
    finding.diagnosis ? `<p class="diagnosis"><b>Diagnosis</b> ${esc(finding.diagnosis)}</p>` : '',
    groups ? `<ul class="groups">${groups}</ul>` : '',
  ]
    .filter(Boolean)
    .join('\n  ');
}

function renderRow(check: CheckResult, warning: boolean): string {
  const group = check.group ? groupTitle(check.group) : '';
  const text = `${check.clause} ${check.title} ${check.target} ${check.suite} ${group}`.toLowerCase();
  const state = warning ? 'warning' : check.status;
  const status = check.blockedBy ? `blocked by ${check.blockedBy}` : state;
  return `<tr class="${state}" data-status="${state}" data-text="${esc(text)}"><td class="status">${esc(status)}</td><td><code>${esc(check.clause)}</code>${group ? ` <span class="group-tag">${esc(group)}</span>` : ''}</td><td>${esc(check.level)}</td><td>${esc(check.title)}</td><td>${esc(check.target)}</td><td>${check.durationMs}</td></tr>`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const css = `
:root{--pass:#1a7f37;--fail:#cf222e;--skip:#9a6700;--warn:#bc4c00;--block:#8250df;--accept:#0969da;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:var(--fg)}
body{margin:0}header{padding:1.2rem 2rem;border-bottom:4px solid var(--line)}header.pass{border-color:var(--pass)}header.fail{border-color:var(--fail)}
h1{margin:0 0 .8rem;font-size:1.5rem}.pass .verdict{color:var(--pass)}.fail .verdict{color:var(--fail)}
.cards{display:flex;gap:.8rem;flex-wrap:wrap}.card{border:1px solid var(--line);border-radius:6px;padding:.5rem .9rem;min-width:7rem}.card b{font-size:1.4rem;display:block}
.card.passed b{color:var(--pass)}.card.failed b{color:var(--fail)}.card.skipped b{color:var(--skip)}.card.blocked b{color:var(--block)}.card.warning b{color:var(--warn)}
.warning-roots h2{font-size:1rem;margin:1rem 0 .3rem}.warning-roots ul{margin:0;padding-left:1.2rem}.warning-roots a{color:var(--warn)}
.failure.accepted{border-left-color:var(--accept)}.failure.accepted .headline{color:var(--accept)}tr.accepted td.status{color:var(--accept);font-weight:600}.card.accepted b{color:var(--accept)}.accepted-roots h2{font-size:1rem;margin:1rem 0 .3rem}.accepted-roots ul{margin:0;padding-left:1.2rem}.accepted-roots a{color:var(--accept)}.reason{background:#ddf4ff;border-left:3px solid var(--accept);padding:.4rem .6rem;margin:.4rem 0;border-radius:4px}.targets .note-warning{color:var(--warn)}
.failure.warning{border-left-color:var(--warn)}.failure.warning .headline{color:var(--warn)}tr.warning td.status{color:var(--warn);font-weight:600}header.pass.warn{border-color:var(--warn)}
.unjudged{color:var(--skip);margin:.2rem 0 .8rem}.unjudged p{margin:0;font-weight:600}.unjudged ul{margin:.2rem 0;padding-left:1.2rem}.card.unjudged b,.card.unexplained b{color:var(--skip)}.summary-line{margin:.6rem 0 0}.common-cause details{margin:.1rem 0 .4rem}
.roots h2{font-size:1rem;margin:1rem 0 .3rem}.roots ul{margin:0;padding-left:1.2rem}.roots li{margin:.2rem 0}.roots a{color:var(--fail)}.blocked-by{color:var(--block)}
.meta,.target{color:var(--muted);margin:.6rem 0 0}.targets{margin:.8rem 0 0;padding-left:1.2rem;color:var(--muted)}.targets .error{color:var(--fail)}
main{padding:0 2rem 3rem}h2{margin-top:2rem;font-size:1.2rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
tr.failed td.status{color:var(--fail);font-weight:600}tr.passed td.status{color:var(--pass)}tr.skipped td.status{color:var(--skip)}tr.blocked td.status{color:var(--block)}
.failure{border:1px solid var(--line);border-left:4px solid var(--fail);border-radius:6px;padding:.6rem 1rem;margin:1rem 0}
.failure h3{margin:.2rem 0;font-size:1rem}tr.section th{background:#f6f8fa;font-size:.85rem}.group-tag{font-size:.75rem;border-radius:4px;padding:0 .35rem;border:1px solid var(--line);color:var(--muted);font-weight:normal}.level{font-size:.75rem;border-radius:4px;padding:0 .35rem;border:1px solid var(--line)}.level.MUST{color:var(--fail)}.level.SHOULD{color:var(--skip)}
pre{background:#f6f8fa;padding:.6rem;border-radius:6px;overflow:auto;max-height:24rem;white-space:pre-wrap;word-break:break-word;font-size:.82rem}
.headline{font-size:1.05rem;font-weight:600;margin:.5rem 0;color:var(--fail)}.rule{margin:.3rem 0;color:var(--muted)}
.diagnosis{background:#fff8e5;border-left:3px solid var(--skip);padding:.4rem .6rem;margin:.4rem 0;border-radius:4px}
.groups{padding-left:1.2rem}.group{margin:.5rem 0}.group .count{font-weight:600;color:var(--fail)}.examples{color:var(--muted);font-size:.88rem;word-break:break-word}
.more,.muted{color:var(--muted);font-weight:normal}details summary{cursor:pointer;color:var(--muted);margin-top:.4rem}
.repro-head{color:var(--muted);margin-top:.4rem}button{font:inherit;font-size:.8rem;margin-left:.5rem;cursor:pointer}
.cell.passed{color:var(--pass)}.cell.failed{color:var(--fail);font-weight:600}.cell.failed a{color:var(--fail)}.cell.warning,.cell.warning a{color:var(--warn)}.cell.blocked{color:var(--block)}.cell.skipped,.cell.none{color:var(--muted)}
.reference-answers{margin:.4rem 0;border-left:3px solid var(--block);padding:.2rem .6rem}.reference-answers ul{margin:.2rem 0;padding-left:1.2rem}.differences{padding-left:1.2rem}
.filters{display:flex;gap:1rem;align-items:center;margin:.5rem 0}#q{padding:.3rem .5rem;min-width:18rem}
`;

const script = `
const q=document.getElementById('q');const boxes=[...document.querySelectorAll('.filters input[type=checkbox]')];
function apply(){const text=q.value.toLowerCase();const on=new Set(boxes.filter(b=>b.checked).map(b=>b.dataset.status));
for(const row of document.querySelectorAll('table.checks tbody tr')){row.hidden=!(on.has(row.dataset.status)&&row.dataset.text.includes(text));}}
q.addEventListener('input',apply);boxes.forEach(b=>b.addEventListener('change',apply));
document.addEventListener('click',e=>{const id=e.target.dataset&&e.target.dataset.copy;if(!id)return;
navigator.clipboard.writeText(document.getElementById(id).textContent).then(()=>{e.target.textContent='copied';});});
`;
