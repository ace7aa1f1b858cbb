import { setupServer } from 'msw/node';
import type { JournalEntry } from '../../../src/client/JournalEntry.ts';
import type { RunReport } from '../../../src/harness/reports/RunReport.ts';
import type { MeetingClientOptions } from '../../../src/client/testing/meetingPlatformClients.ts';
import { manualClock, type ManualClock } from '../clock.ts';
import { createMeetingPlatformMock } from '../createMeetingPlatformMock.ts';
import type { MeetingPlatformScenario } from '../meetingPlatformRoutes.ts';
import { startMeetingPlatformServer } from '../startMeetingPlatformServer.ts';

/** The meeting-platform mock as a client under test meets it: over node:http, or as msw handlers in this process. */
export type ClientAdapter = 'node' | 'msw';

export interface JudgedMeetingMock {
  /** Where the client is pointed, and with what, on a clock the test moves. */
  client: MeetingClientOptions;
  clock: ManualClock;
  clientReport(options?: { end?: boolean }): RunReport;
  clientJournal(): JournalEntry[];
  close(): Promise<void>;
}

/**
 * The mock on a manual clock (a client "waits" by moving it), through the adapter asked for: its own
 * node:http server on loopback, or its msw handlers intercepting this process's fetch for the real
 * platform's hosts, as a user's `setupServer(...mock.handlers)` does.
 */
export async function judgedMeetingMock(adapter: ClientAdapter, scenario: Partial<MeetingPlatformScenario> = {}): Promise<JudgedMeetingMock> {
  const clock = manualClock();
  const timing = { now: clock, wait: async (ms: number) => clock.advance(ms) };
  if (adapter === 'node') {
    const server = await startMeetingPlatformServer({ clock, scenario });
    return { client: { authUrl: server.url, apiBaseUrl: server.apiBaseUrl, credentials: server.accounts[0]!, ...timing }, clock, clientReport: server.clientReport, clientJournal: server.mock.clientJournal, close: server.close };
  }
  const mock = createMeetingPlatformMock({ clock, scenario });
  const msw = setupServer(...mock.handlers);
  msw.listen({ onUnhandledFrame: 'error' });
  return {
    client: { authUrl: mock.authUrl, apiBaseUrl: mock.apiBaseUrl, credentials: mock.accounts[0]!, ...timing },
    clock,
    clientReport: mock.clientReport,
    clientJournal: mock.clientJournal,
    close: async () => msw.close(),
  };
}

/** The clauses a report failed, in catalogue order. */
export function failedClauses(report: RunReport): string[] {
  return report.checks.filter((c) => c.status === 'failed').map((c) => c.clause);
}
