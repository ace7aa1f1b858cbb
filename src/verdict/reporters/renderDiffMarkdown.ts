import type { ReportDiff } from '../diffReports.ts';
import { diffSections, diffVerdict, runIdentity, targetNote, targetTitle, transition } from './diffSections.ts';
import { cell, code, inline } from './markdownText.ts';
import type { DiffNames } from './renderDiffText.ts';

/** GitHub refuses a pull-request comment over 65,536 characters. */
const maxChars = 60_000;

/**
 * The diff of two runs for a pull-request comment: the verdict, a table of every target's counts, then
 * per target what newly fails, what was fixed, what is newly uncovered or accepted in tables, and the
 * longer lists (still failing, newly covered, blocked, warnings) folded.
 */
export function renderDiffMarkdown(diff: ReportDiff, names: DiffNames): string {
  const icon = diff.counts.newlyFailing ? '❌' : '✅';
  const out = [
    `## conform: what changed ${icon}`,
    '',
    `**${inline(diffVerdict(diff))}**`,
    '',
    `Before: ${code(names.before)} (${inline(runIdentity(diff.before))}) · after: ${code(names.after)} (${inline(runIdentity(diff.after))})`,
    '',
    '| target | newly failing | fixed | still failing | newly covered | newly uncovered | new warnings |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const t of diff.targets) {
    const note = t.presence === 'both' ? '' : ` (${t.presence})`;
    out.push(`| ${cell(targetTitle(t))}${note} | ${t.newlyFailing.length} | ${t.fixed.length} | ${t.stillFailing.length} | ${t.newlyCovered.length} | ${t.newlyUncovered.length} | ${t.warnings.new.length} |`);
  }
  for (const t of diff.targets) {
    const sections = diffSections(t);
    if (!sections.length) continue;
    const note = targetNote(t);
    out.push('', `### ${inline(targetTitle(t))}${note ? ` (${inline(note)})` : ''}`);
    for (const s of sections) {
      const table = ['| clause | level | before → after | what it says |', '|---|---|---|---|', ...s.changes.map((c) => `| ${code(c.clause)} | ${c.level} | ${transition(c)} | ${cell([c.message, c.reason ? `accepted: ${c.reason}` : ''].filter(Boolean).join(' — '))} |`)];
      if (s.major) out.push('', `**${s.mark} ${s.title} (${s.changes.length})**`, '', ...table);
      else out.push('', `<details><summary>${s.mark} ${s.title} (${s.changes.length})</summary>`, '', ...table, '', '</details>');
    }
  }
  if (diff.notes.length) out.push('', ...diff.notes.map((n) => `> ${inline(n)}`));
  const text = `${out.join('\n')}\n`;
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n\n… (cut at ${maxChars} characters: the console output of conform report diff has it all)\n`;
}
