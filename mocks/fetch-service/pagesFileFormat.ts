import type { components } from '../../src/generated/fetch-mock-control.ts';

/**
 * The fetch mock's pages format: what `--pages FILE` holds, PUT /__conform/pages takes and
 * `conform proxy --record` writes for the fetch service (specs/fetch-mock-control.openapi.yaml, PageList).
 */
export type FetchMockPageList = components['schemas']['PageList'];
