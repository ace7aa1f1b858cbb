import type { RunReport } from '../RunReport.ts';

export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
