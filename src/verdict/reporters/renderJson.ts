import type { ReportView } from '../ReportView.ts';

/** The report as built, whole: what `conform report diff` and `merge` read back. */
export function renderJson(view: ReportView): string {
  return `${JSON.stringify(view.report, null, 2)}\n`;
}
