import { defaultLimits } from '../exchange/exchangeLimits.ts';
import type { Redactor } from '../exchange/Redactor.ts';
import { diagnoseApi, diagnoseMeetingFetch, diagnoseNetwork, diagnoseToken } from './diagnoseFirstCall.ts';
import { encodeMeetingId } from './core/encodeMeetingId.ts';
import { field, type Exchange } from './exchange.ts';
import { credentialEnv, type MeetingCredentials } from './core/meetingCredentials.ts';
import { apiGet, apiUrl, requestToken, tokenUrl } from './platformRequests.ts';

export type StepStatus = 'passed' | 'failed' | 'skipped';

/** One call of the first-call sequence: what was asked, what came back, and what to do about it. */
export interface FirstCallStep {
  name: string;
  request: string;
  status: StepStatus;
  /** What came back, secrets left out. */
  detail: string;
  diagnosis?: string;
}

export interface FirstCallResult {
  steps: FirstCallStep[];
  passed: boolean;
  /** A host could not be reached at all: the checks could not run. */
  unreachable: boolean;
}

export interface FirstCallOptions {
  authUrl: string;
  apiBaseUrl: string;
  credentials: MeetingCredentials;
  pageSize?: number;
  /** A meeting the user sees in the user interface (id, id with spaces, or UUID), fetched last. */
  meetingId?: string;
  timeoutMs?: number;
  /** The run's Redactor: the client secret and the access token the run gets are added to it. */
  redactor: Redactor;
}

class Unreachable extends Error {}

/**
 * The seed's first-call sequence against a real account: token, /users/me, one page of meetings, then
 * one meeting the user can see, fetched by the identifier rule. Stops at the first failure, since every
 * later call needs the earlier ones; each failure carries a diagnosis.
 */
export async function probeFirstCall(o: FirstCallOptions, onStep: (step: FirstCallStep) => void = () => {}): Promise<FirstCallResult> {
  const steps: FirstCallStep[] = [];
  const timeout = () => AbortSignal.timeout(o.timeoutMs ?? 15_000);
  o.redactor.add(o.credentials.clientSecret, credentialEnv.clientSecret);
  const record = (step: FirstCallStep) => {
    steps.push(step);
    onStep(step);
    return step.status !== 'failed';
  };
  const send = async (url: string, flag: string, go: () => Promise<Exchange>) => {
    try {
      return await go();
    } catch (err) {
      throw new Unreachable(diagnoseNetwork(err, url, flag));
    }
  };
  const later = ['current user', 'meetings', 'meeting by identifier'];
  const skipRest = (from: number) => {
    for (const name of later.slice(from)) record({ name, request: '', status: 'skipped', detail: 'not run: an earlier call failed' });
  };

  try {
    // 1. Token
    const tokenRequest = `POST ${tokenUrl(o.authUrl)}`;
    const t = await send(tokenUrl(o.authUrl), '--auth-url', () => requestToken({ authUrl: o.authUrl, credentials: o.credentials, signal: timeout(), limits: defaultLimits }));
    const token = field(t, 'access_token');
    if (typeof token === 'string') o.redactor.add(token, 'ACCESS_TOKEN');
    const tokenApiUrl = typeof field(t, 'api_url') === 'string' ? (field(t, 'api_url') as string) : undefined;
    if (!(t.status === 200 && t.isJson && typeof token === 'string' && token)) {
      record({ name: 'token', request: tokenRequest, status: 'failed', detail: answerLine(t), diagnosis: diagnoseToken(t, o.authUrl) });
      skipRest(0);
      return done(steps, false);
    }
    record({ name: 'token', request: tokenRequest, status: 'passed', detail: `200, ${String(field(t, 'token_type'))} token, expires in ${String(field(t, 'expires_in'))} s, scope: ${String(field(t, 'scope'))}${tokenApiUrl ? `, api_url ${tokenApiUrl}` : ''}` });

    // 2. Current user
    const get = (path: string) => send(apiUrl(o.apiBaseUrl, path), '--api-base-url', () => apiGet({ apiBaseUrl: o.apiBaseUrl, limits: defaultLimits }, path, token, timeout()));
    const me = await get('/v2/users/me');
    const meOk = me.status === 200 && me.isJson && typeof field(me, 'id') === 'string';
    if (!record({
      name: 'current user',
      request: `GET ${apiUrl(o.apiBaseUrl, '/v2/users/me')}`,
      status: meOk ? 'passed' : 'failed',
      detail: meOk ? `200, user ${String(field(me, 'id'))} of account ${String(field(me, 'account_id'))}` : answerLine(me),
      diagnosis: meOk ? undefined : diagnoseApi(me, o.apiBaseUrl, tokenApiUrl),
    })) {
      skipRest(1);
      return done(steps, false);
    }

    // 3. One page of meetings
    const listPath = `/v2/users/me/meetings?page_size=${o.pageSize ?? 30}`;
    const list = await get(listPath);
    const meetings = field(list, 'meetings');
    const listOk = list.status === 200 && list.isJson && Array.isArray(meetings);
    const items = listOk ? (meetings as Array<Record<string, unknown>>) : [];
    if (!record({
      name: 'meetings',
      request: `GET ${apiUrl(o.apiBaseUrl, listPath)}`,
      status: listOk ? 'passed' : 'failed',
      detail: listOk ? `200, ${items.length} of ${String(field(list, 'total_records'))} meetings, next_page_token ${field(list, 'next_page_token') ? 'present' : 'empty'}` : answerLine(list),
      diagnosis: listOk ? undefined : diagnoseApi(list, o.apiBaseUrl, tokenApiUrl),
    })) {
      skipRest(2);
      return done(steps, false);
    }

    // 4. A meeting the user can see: the one named, else the first listed.
    const identifier = o.meetingId !== undefined ? normalizeMeetingId(o.meetingId) : items[0] !== undefined ? String(items[0].id) : undefined;
    if (identifier === undefined) {
      record({ name: 'meeting by identifier', request: '', status: 'skipped', detail: 'the user has no meetings to fetch' });
      return done(steps, true);
    }
    const path = `/v2/meetings/${encodeMeetingId(identifier)}`;
    const m = await get(path);
    const mOk = m.status === 200 && m.isJson;
    record({
      name: 'meeting by identifier',
      request: `GET ${apiUrl(o.apiBaseUrl, path)}`,
      status: mOk ? 'passed' : 'failed',
      detail: mOk ? `200, meeting ${String(field(m, 'id'))} "${String(field(m, 'topic'))}"` : answerLine(m),
      diagnosis: mOk ? undefined : diagnoseMeetingFetch(m, o.apiBaseUrl, identifier),
    });
    return done(steps, mOk);
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    const names = ['token', ...later];
    const failed = names[steps.length] ?? 'token';
    record({ name: failed, request: '', status: 'failed', detail: 'no answer', diagnosis: err.message });
    skipRest(steps.length - 1);
    return { steps, passed: false, unreachable: true };
  }
}

function done(steps: FirstCallStep[], passed: boolean): FirstCallResult {
  return { steps, passed: passed && steps.every((s) => s.status !== 'failed'), unreachable: false };
}

/** Status, content type, and the error fields of a JSON body (never the whole body: it may echo input). */
function answerLine(x: Exchange): string {
  const kind = x.isJson ? 'JSON' : x.isHtml ? 'an HTML page' : x.contentType || 'no content type';
  const code = field(x, 'error') ?? field(x, 'code');
  const message = field(x, 'reason') ?? field(x, 'message');
  return `${x.status} with ${kind}${code !== undefined ? `: ${String(code)}` : ''}${message !== undefined ? ` (${String(message)})` : ''}`;
}

/** The meeting number as the user interface shows it ("852 3456 7890") is digits for the API. */
export function normalizeMeetingId(value: string): string {
  const trimmed = value.trim();
  return /^[\d\s-]+$/.test(trimmed) ? trimmed.replace(/[\s-]/g, '') : trimmed;
}
