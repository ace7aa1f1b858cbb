import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from '../../src/generated/mock-control.ts';

/** The header that scopes a control call to one account of the mock (specs/mock-control.openapi.yaml). */
export const accountHeader = 'conform-account';

export interface MockControlClientOptions extends Pick<ClientOptions, 'fetch'> {
  /** The account whose data, clock and switches the calls drive; default the account the mock started with. */
  account?: string;
}

export type MeetingMockControlClient = Client<paths>;

/**
 * A typed client of a running meeting mock's control API, generated from its OpenAPI document by
 * openapi-fetch: every path, body and answer typed, `{ data, error }` back (error is the API's
 * `{error, message, field, problems}`). `baseUrl` is the mock's URL (`conform mock` prints it).
 */
export function meetingMockControl(baseUrl: string, options: MockControlClientOptions = {}): MeetingMockControlClient {
  const { account, fetch } = options;
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    ...(fetch && { fetch }),
    ...(account !== undefined && { headers: { [accountHeader]: account } }),
  });
}
