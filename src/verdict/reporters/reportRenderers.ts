import type { ReportView } from '../ReportView.ts';

/**
 * The report files a run can write, by format name (`--report FORMAT=PATH`), each writing out the report
 * as presented once for all of them (presentReport). Each renderer loads on use: the JUnit builder alone
 * pulls in lodash and xmlbuilder, which a run without JUnit should not pay.
 */
export const reportRenderers = {
  json: async () => (await import('./renderJson.ts')).renderJson,
  junit: async () => (await import('./renderJunit.ts')).renderJunit,
  html: async () => (await import('./renderHtml.ts')).renderHtml,
  markdown: async () => (await import('./renderMarkdown.ts')).renderMarkdown,
} satisfies Record<string, () => Promise<(view: ReportView) => string>>;

export type ReportFormat = keyof typeof reportRenderers;

export const reportFormats = Object.keys(reportRenderers) as ReportFormat[];

export function isReportFormat(value: string): value is ReportFormat {
  return Object.hasOwn(reportRenderers, value);
}
