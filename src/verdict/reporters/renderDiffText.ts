import type { ClauseChange, ReportDiff } from '../diffReports.ts';
import { diffSections, diffVerdict, runIdentity, targetNote, targetTitle, transition } from './diffSections.ts';

/** The two reports as the user named them (their paths). */
export interface DiffNames {
  before: string;
  after: string;
}

/**
 * The diff of two runs for the console: the two runs, then each target with its non-empty lists (what
 * newly fails first; a target with none says "no change"), the notes on what makes the comparison less
 * than like for like, and the verdict line CI reads.
 */
export function renderDiffText(diff: ReportDiff, names: DiffNames): string {
  const out = [`conform report diff`, `  BEFORE ${names.before} (${runIdentity(diff.before)})`, `  AFTER  ${names.after} (${runIdentity(diff.after)})`];
  for (const t of diff.targets) {
    const note = targetNote(t);
    out.push('', `${targetTitle(t)}${note ? `: ${note}` : ''}`);
    for (const s of diffSections(t)) {
      out.push(`  ${s.title} (${s.changes.length})`);
      for (const c of s.changes) out.push(`    ${s.mark} ${changeLine(c)}`);
    }
  }
  if (diff.notes.length) out.push('', ...diff.notes.map((n) => `note: ${n}`));
  out.push('', diffVerdict(diff));
  return `${out.join('\n')}\n`;
}

/** "FS-504 [MUST] passed → failed: 2 of 2 requests were answered against the rule". */
function changeLine(c: ClauseChange): string {
  const said = c.message ? `: ${oneLine(c.message)}` : '';
  const why = c.reason ? ` (accepted: ${oneLine(c.reason)})` : '';
  return `${c.clause} [${c.level}${c.group ? `, ${c.group}` : ''}] ${transition(c)}${said}${why}`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > 240 ? `${flat.slice(0, 240)}…` : flat;
}
