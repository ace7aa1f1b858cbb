import type { components } from '../../src/generated/meeting-platform.ts';
import type { MockReply } from '../MockExchange.ts';

type ApiError = components['schemas']['ApiError'];
type FieldError = components['schemas']['FieldError'];
type TokenError = components['schemas']['TokenError'];

/** The content type the real platform labels its JSON with, errors included. */
export const jsonHeaders = { 'content-type': 'application/json;charset=UTF-8' } as const;

export function json(body: unknown, status = 200, headers?: Record<string, string>): MockReply {
  return jsonText(JSON.stringify(body), status, headers);
}

/** A JSON answer from text already serialised. */
export function jsonText(text: string, status = 200, headers?: Record<string, string>): MockReply {
  return { status, headers: headers ? { ...jsonHeaders, ...headers } : jsonHeaders, body: text };
}

/** The API's error body: `{code, message}` with the platform's numeric codes. */
export function apiError(status: number, code: number, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>): MockReply {
  const body: ApiError & Record<string, unknown> = { code, message, ...extra };
  return json(body, status, headers);
}

/** Missing, unknown and expired tokens all get code 124, as on the real platform. */
export const invalidAccessToken = (): MockReply => apiError(401, 124, 'Invalid access token.');

export const userNotFound = (userId: string): MockReply => apiError(404, 1001, `User does not exist: ${userId}.`);

export const meetingNotFound = (meetingId: string): MockReply => apiError(404, 3001, `Meeting does not exist: ${meetingId}.`);

export const validationFailed = (errors: readonly FieldError[]): MockReply => apiError(400, 300, 'Validation Failed.', { errors });

export const missingScopes = (scopes: readonly string[]): MockReply =>
  apiError(400, 4711, `Invalid access token, does not contain scopes:[${scopes.join(', ')}].`);

export const rateLimited = (limit: number): MockReply =>
  apiError(429, 429, 'You have reached the maximum per-second rate limit for this API. Try again later.', {}, {
    'retry-after': '1',
    'x-ratelimit-type': 'QPS',
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': '0',
  });

export const serviceUnavailable = (): MockReply =>
  apiError(503, 503, 'Service temporarily unavailable. Try again later.', {}, { 'x-mock-injected': 'errorRate' });

/** The token endpoint's error body: `{reason, error}`; the platform answers every one with 400. */
export function tokenError(error: TokenError['error'], reason: string): MockReply {
  const body: TokenError = { reason, error };
  return json(body, 400, { 'cache-control': 'no-store' });
}
