import { PathPattern } from '../../src/openapi/PathPattern.ts';
import type { components } from '../../src/generated/mock-control.ts';

/** An operationId of specs/meeting-platform.openapi.yaml, as the control API names the calls it faults and filters. */
export type MeetingOperationId = components['schemas']['OperationId'];

/** Which of the platform's operations a request is, or undefined for none of them. */
export type OperationOf = (method: string, origin: string, path: string) => MeetingOperationId | undefined;

/**
 * Requests read as the platform's gateway routes them (the path decoded once: meetingPlatformRoutes), so
 * a call counts as the operation the mock answers it as. `/v2/users/{userId}` is getCurrentUser: the
 * mock answers any user of the account there, the spec documents "me".
 */
export function operationOf(authUrl: string, apiBaseUrl: string): OperationOf {
  const auth = new URL(authUrl);
  const api = new URL(apiBaseUrl);
  const prefix = (url: URL) => url.pathname.replace(/\/+$/, '');
  const gateway = { decodeOnce: true };
  const token = new PathPattern(`${prefix(auth)}/oauth/token`, gateway);
  const apiPatterns: Array<[PathPattern, MeetingOperationId]> = [
    [new PathPattern(`${prefix(api)}/v2/users/:userId`, gateway), 'getCurrentUser'],
    [new PathPattern(`${prefix(api)}/v2/users/:userId/meetings`, gateway), 'listMeetings'],
    [new PathPattern(`${prefix(api)}/v2/meetings/:meetingId+`, gateway), 'getMeeting'],
  ];
  return (method, origin, path) => {
    if (method === 'POST' && origin === auth.origin && token.match(path)) return 'requestAccessToken';
    if (method !== 'GET' || origin !== api.origin) return undefined;
    return apiPatterns.find(([pattern]) => pattern.match(path))?.[1];
  };
}
