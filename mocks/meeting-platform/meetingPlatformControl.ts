import type { ClientJudge, ClientReportOptions } from '../../src/client/createClientJudge.ts';
import type { components } from '../../src/generated/mock-control.ts';
import type { RunReport } from '../../src/harness/reports/RunReport.ts';
import type { AdjustableClock } from './adjustableClock.ts';
import { checkControlInput } from './controlProblems.ts';
import type { MeetingPlatformScenario } from './meetingPlatformRoutes.ts';
import type { Fault, FaultInput, MockFaults } from './mockFaults.ts';
import type { MeetingOperationId, OperationOf } from './operationOf.ts';

export type ClockState = components['schemas']['ClockState'];
export type ControlState = components['schemas']['ControlState'];
export type ControlJournalEntry = components['schemas']['JournalEntry'];

export interface JournalFilter {
  /** Only calls of this operation of the platform. */
  operation?: MeetingOperationId;
  /** Only requests received at or after this time, on the mock's clock (ms since the epoch, or a Date). */
  since?: number | Date;
}

/**
 * The control API's operations on the in-process handle (`mock.control`), the same as over HTTP under
 * `/__conform/` (specs/mock-control.openapi.yaml). Inputs are checked against that document's schemas:
 * a call that breaks them throws MockControlError naming the field.
 */
export interface MeetingPlatformControl {
  /** Data back to its seed, journal and client report cleared, faults dropped, scenario and clock as the mock started. */
  reset(): ControlState;
  clock: {
    now(): ClockState;
    /** Tokens, page tokens and rate-limit windows expire on this clock. */
    advance(ms: number): ClockState;
    /** Milliseconds since the epoch; the clock runs on from there. */
    set(ms: number): ClockState;
  };
  scenario: {
    get(): MeetingPlatformScenario;
    /** The switches given change; the others keep their values. */
    set(patch: Partial<MeetingPlatformScenario>): MeetingPlatformScenario;
  };
  faults: {
    /** The next `times` (default 1) calls of `operation` answer `then`. */
    add(fault: FaultInput): Fault;
    pending(): Fault[];
    clear(): Fault[];
  };
  /** The requests received (the newest 500), secrets named by their variables, oldest first. */
  journal(filter?: JournalFilter): ControlJournalEntry[];
  clientReport(options?: ClientReportOptions): RunReport;
}

export interface ControlParts {
  clock: AdjustableClock;
  /** The live scenario the routes read on every request: changed in place. */
  scenario: MeetingPlatformScenario;
  faults: MockFaults;
  /** The judge of the moment (a reset makes a new one). */
  judge(): ClientJudge;
  operationOf: OperationOf;
  /** Everything else a reset puts back: the data, the judge, the limiter's windows, the error draws. */
  resetRest(): void;
}

/** The control handle over a mock's parts: the one implementation the HTTP routes call too. */
export function meetingPlatformControl(parts: ControlParts): MeetingPlatformControl {
  const { clock, scenario, faults } = parts;
  const started: MeetingPlatformScenario = { ...scenario };
  const clockState = (): ClockState => {
    const nowMs = clock();
    return { nowMs, now: new Date(nowMs).toISOString(), offsetMs: clock.offsetMs };
  };
  return {
    reset() {
      faults.clear();
      Object.assign(scenario, started);
      clock.reset();
      parts.resetRest();
      return { clock: clockState(), scenario: { ...scenario }, faults: [] };
    },
    clock: {
      now: clockState,
      advance(ms) {
        checkControlInput('moveClock', { advanceMs: ms });
        clock.advance(ms);
        return clockState();
      },
      set(ms) {
        checkControlInput('moveClock', { setMs: ms });
        clock.set(ms);
        return clockState();
      },
    },
    scenario: {
      get: () => ({ ...scenario }),
      set(patch) {
        checkControlInput('patchScenario', patch);
        Object.assign(scenario, patch);
        return { ...scenario };
      },
    },
    faults: {
      add(fault) {
        checkControlInput('addFault', fault);
        return faults.add(fault);
      },
      pending: () => faults.pending(),
      clear: () => faults.clear(),
    },
    journal(filter = {}) {
      const since = filter.since === undefined ? -Infinity : +filter.since;
      const entries: ControlJournalEntry[] = [];
      for (const entry of parts.judge().journal()) {
        if (entry.receivedAt < since) continue;
        const url = URL.parse(entry.request.url);
        const operation = url ? parts.operationOf(entry.request.method, url.origin, url.pathname) : undefined;
        if (filter.operation !== undefined && operation !== filter.operation) continue;
        const { bodyCommand: _, ...request } = entry.request;
        entries.push({ ...entry, request, ...(operation ? { operation } : {}) });
      }
      return entries;
    },
    clientReport: (options) => parts.judge().report(options),
  };
}
