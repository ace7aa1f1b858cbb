import type { ClientJudge, ClientReportOptions } from '../../src/client/createClientJudge.ts';
import type { components } from '../../src/generated/fetch-mock-control.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { checkFetchControlInput } from './fetchControlSpec.ts';
import type { FetchFault, FetchFaultInput, FetchMockFaults } from './fetchMockFaults.ts';
import type { MockPages, PageInput } from './mockPages.ts';

export type FetchScenario = components['schemas']['Scenario'];
export type FetchControlState = components['schemas']['ControlState'];
export type FetchJournalEntry = components['schemas']['JournalEntry'];

/**
 * The fetch mock's control operations on the in-process handle (`mock.control`), the same as over HTTP
 * under `/__conform/` (specs/fetch-mock-control.openapi.yaml). Input that breaks that document, or a
 * page's own rules, throws MockControlError naming the field.
 */
export interface FetchServiceControl {
  /** Pages back to those the mock started with, journal and client report cleared, faults dropped, scenario as started. */
  reset(): FetchControlState;
  scenario: {
    get(): FetchScenario;
    /** The switches given change; the others keep their values. */
    set(patch: Partial<FetchScenario>): FetchScenario;
  };
  faults: {
    /** The next `times` (default 1) fetches answer `then`. */
    add(fault: FetchFaultInput): FetchFault;
    pending(): FetchFault[];
    clear(): FetchFault[];
  };
  pages: {
    list(): PageInput[];
    put(pages: PageInput[]): PageInput[];
    /** Adds a page, or replaces the one with the same url or pattern (`created` false). */
    add(page: PageInput): { page: PageInput; created: boolean };
    /** Drops the page whose url or pattern is `key`; undefined when none has it. */
    delete(key: string): PageInput | undefined;
    /** Drops every page. */
    clear(): PageInput[];
  };
  /** The requests received (the newest 500), the API key named $SVC_API_KEY, oldest first. */
  journal(filter?: { since?: number | Date }): FetchJournalEntry[];
  clientReport(options?: ClientReportOptions): RunReport;
}

export interface FetchControlParts {
  /** The live scenario, and how a change reaches the service (a new limiter for maxConcurrency). */
  scenario: FetchScenario;
  applyScenario(scenario: FetchScenario): void;
  faults: FetchMockFaults;
  pages: MockPages;
  /** The judge of the moment (a reset makes a new one). */
  judge(): ClientJudge;
  /** A new judge, so the journal and client report start over. */
  newJudge(): void;
}

/** The control handle over the mock's parts: the one implementation the HTTP routes call too. */
export function fetchServiceControl(parts: FetchControlParts): FetchServiceControl {
  const { scenario, faults, pages } = parts;
  const started: FetchScenario = { ...scenario };
  const setScenario = (patch: Partial<FetchScenario>) => {
    Object.assign(scenario, patch);
    parts.applyScenario(scenario);
    return { ...scenario };
  };
  return {
    reset() {
      faults.clear();
      pages.reset();
      setScenario(started);
      parts.newJudge();
      return { scenario: { ...scenario }, faults: [], pages: pages.size };
    },
    scenario: {
      get: () => ({ ...scenario }),
      set(patch) {
        checkFetchControlInput('patchScenario', patch);
        return setScenario(patch);
      },
    },
    faults: {
      add(fault) {
        checkFetchControlInput('addFault', fault);
        return faults.add(fault);
      },
      pending: () => faults.pending(),
      clear: () => faults.clear(),
    },
    pages: {
      list: () => pages.list(),
      put(list) {
        checkFetchControlInput('putPages', { pages: list });
        return pages.put(list);
      },
      add(page) {
        checkFetchControlInput('addPage', page);
        return pages.add(page);
      },
      delete: (key) => pages.delete(key),
      clear: () => pages.clear(),
    },
    journal(filter = {}) {
      const since = filter.since === undefined ? -Infinity : +filter.since;
      return parts
        .judge()
        .journal()
        .filter((entry) => entry.receivedAt >= since)
        .map(({ request: { bodyCommand: _, ...request }, ...entry }) => ({ ...entry, request }));
    },
    clientReport: (options) => parts.judge().report(options),
  };
}
