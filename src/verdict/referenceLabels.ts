import type { SuiteName } from '../catalogue/suites.ts';

/**
 * How reports name each suite's embedded target that the others are compared with, when it runs beside
 * them (`--with-reference`): the reference service, the reference validator, and for the meeting
 * platform, which has no reference implementation, the spec-derived mock.
 */
export const referenceLabels: Record<SuiteName, string> = {
  'fetch-service': 'reference (embedded)',
  'meeting-platform': 'meeting-platform mock (embedded)',
  'unit-record': 'reference validator (in-process)',
};

/** How reports name the fetch service's embedded mock, the second of its embedded targets. */
export const fetchServiceMockLabel = 'mock (embedded)';
