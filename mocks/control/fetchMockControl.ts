import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../src/generated/fetch-mock-control.ts';
import type { MockControlClientOptions } from './meetingMockControl.ts';

export type FetchMockControlClient = Client<paths>;

/**
 * A typed client of a running fetch mock's control API (specs/fetch-mock-control.openapi.yaml), as
 * meetingMockControl is of the meeting mock's: pages, the scenario, one-shot faults, the journal, reset.
 */
export function fetchMockControl(baseUrl: string, options: Pick<MockControlClientOptions, 'fetch'> = {}): FetchMockControlClient {
  return createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), ...(options.fetch && { fetch: options.fetch }) });
}
