import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A meeting platform written apart from the project's mock (no line of mocks/meeting-platform), correct
 * by the seed and the real platform's documentation but lenient wherever they leave the choice open: it
 * takes the token request's fields from a form body, a JSON body or the query string, under any
 * Content-Type (or none) as long as the body is well formed, grants for the app's own account when
 * account_id is left out, adds fields of its own to every object, pages with its own signed cursors,
 * caps page_size at 300, serves a page_size it cannot read as its default, and words every error its
 * own way. Auth and API listen apart, as the real platform's hosts do. `conform run meeting-platform`
 * must pass it: a false failure against it is a false failure against a correct deployment.
 */
export interface LenientPlatform {
  authUrl: string;
  apiBaseUrl: string;
  credentials: { clientId: string; clientSecret: string; accountId: string };
  close(): Promise<void>;
}

interface Meeting {
  uuid: string;
  id: number;
  topic: string;
  type: 2 | 8;
  start_time: string;
  duration: number;
}

const credentials = { clientId: 'lenient-client', clientSecret: 'lenient-secret-5b1e', accountId: 'lenient-account' };
const user = { id: 'LenUser01', email: 'owner@lenient.example', type: 2, status: 'active', account_id: credentials.accountId, first_name: 'Lena', last_name: 'Ient', timezone: 'Europe/Oslo' };
const tokenTtlSeconds = 3600;
const cursorTtlMs = 15 * 60_000;
const maxPageSize = 300;
const defaultPageSize = 30;

/** 41 meetings whose UUIDs hold "+", "/", a leading "/" and "//", as the real platform's can. */
function meetings(): Meeting[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  return Array.from({ length: 41 }, (_, i) => {
    let body = '';
    for (let j = 0; j < 22; j++) body += alphabet[(i * 7 + j * 13 + 5) % 64];
    const uuid = i % 5 === 0 ? `/${body.slice(1)}==` : i % 7 === 0 ? `${body.slice(0, 8)}//${body.slice(10)}==` : `${body}==`;
    return { uuid, id: 81_000_000_000 + i * 7919, topic: `Lenient sync ${i + 1}`, type: i % 3 === 0 ? 8 : 2, start_time: new Date(Date.UTC(2031, 0, 1 + i, 9)).toISOString().replace('.000', ''), duration: 30 + (i % 4) * 15 };
  });
}

/** The page size served: what was asked, capped at 300; the default for anything it cannot read as a whole number of at least 1. */
function pageSize(text: string | null): number {
  const digits = /^\s*\+?0*(\d+)\s*$/.exec(text ?? '')?.[1];
  if (digits === undefined) return defaultPageSize;
  const n = digits.length > 4 ? maxPageSize : Number(digits);
  return n < 1 ? defaultPageSize : Math.min(n, maxPageSize);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 1 << 20) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A body's fields, whatever its label: a JSON object of strings, or form text. */
function fieldsOf(body: string): Map<string, string> {
  const fields = new Map<string, string>();
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') fields.set(k, v);
      }
      return fields;
    } catch {
      return fields;
    }
  }
  for (const [k, v] of new URLSearchParams(text)) if (!fields.has(k)) fields.set(k, v);
  return fields;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startLenientPlatform(): Promise<LenientPlatform> {
  const key = randomBytes(32);
  const tokens = new Map<string, number>();
  const all = meetings();
  const auth = createServer();
  const api = createServer();
  const [authUrl, apiBaseUrl] = await Promise.all([listen(auth), listen(api)]);

  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url').slice(0, 16);
  const cursor = (offset: number, type: string) => {
    const payload = Buffer.from(JSON.stringify({ o: offset, t: type, e: Date.now() + cursorTtlMs })).toString('base64url');
    return `lc1.${payload}.${sign(payload)}`;
  };
  const readCursor = (text: string, type: string): number | undefined => {
    const [version, payload = '', mac = ''] = text.split('.');
    const expected = Buffer.from(sign(payload));
    if (version !== 'lc1' || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), expected)) return undefined;
    try {
      const { o, t, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o: number; t: string; e: number };
      return t === type && e > Date.now() && Number.isSafeInteger(o) ? o : undefined;
    } catch {
      return undefined;
    }
  };

  const tokenError = (res: ServerResponse, status: number, error: string, reason: string, headers: Record<string, string> = {}) =>
    send(res, status, { error, reason, error_uri: 'https://lenient.example/oauth-errors', platform: 'lenient' }, headers);

  auth.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', authUrl);
      if (url.pathname !== '/oauth/token') return tokenError(res, 404, 'invalid_request', `Nothing is served at ${url.pathname} here.`);
      if (req.method !== 'POST') return tokenError(res, 405, 'invalid_request', 'Tokens are issued to POST requests only.', { allow: 'POST' });
      const fields = fieldsOf(await readBody(req));
      for (const [k, v] of url.searchParams) if (!fields.has(k)) fields.set(k, v);
      const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(/:(.*)/s) : [fields.get('client_id'), fields.get('client_secret')];
      if (id !== credentials.clientId || secret !== credentials.clientSecret) return tokenError(res, 401, 'invalid_client', 'We could not authenticate this client.');
      const grant = fields.get('grant_type');
      if (!grant) return tokenError(res, 400, 'invalid_request', 'Say which grant you want (grant_type).');
      if (grant !== 'account_credentials') return tokenError(res, 400, 'unsupported_grant_type', `This app cannot use the ${grant} grant.`);
      const account = fields.get('account_id') || credentials.accountId;
      if (account !== credentials.accountId) return tokenError(res, 400, 'invalid_request', 'That account is not this app\'s.');
      const token = `len_${randomBytes(24).toString('base64url')}`;
      tokens.set(token, Date.now() + tokenTtlSeconds * 1000);
      send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: tokenTtlSeconds, scope: 'user:read meeting:read', api_url: apiBaseUrl, issued_at: new Date().toISOString(), platform: 'lenient' });
    })().catch(() => tokenError(res, 400, 'invalid_request', 'That request could not be read.'));
  });

  const apiError = (res: ServerResponse, status: number, code: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    send(res, status, { code, message, platform: 'lenient', ...extra }, headers);
  const meetingOut = (m: Meeting, full: boolean) => ({
    ...m,
    host_id: user.id,
    timezone: 'Europe/Oslo',
    created_at: '2030-12-01T08:00:00Z',
    join_url: `https://join.lenient.example/m/${m.id}?pk=${m.id % 9973}`,
    lenient_room: `room-${m.id % 17}`,
    ...(full ? { host_email: user.email, status: 'waiting', settings: { waiting_room: true, auto_recording: 'none' }, lenient_recurrence: null } : {}),
  });

  api.on('request', (req, res) => {
    try {
      serveApi(req, res);
    } catch {
      apiError(res, 400, 300, 'That request could not be read.');
    }
  });

  function serveApi(req: IncomingMessage, res: ServerResponse): void {
    const raw = req.url ?? '/';
    const url = new URL(raw, apiBaseUrl);
    if (req.method !== 'GET' && req.method !== 'HEAD') return apiError(res, 405, 405, 'This API only reads.', {}, { allow: 'GET, HEAD' });
    if (!url.pathname.startsWith('/v2/')) return apiError(res, 404, 404, 'No API lives at this path.');
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    if (!expires || expires < Date.now()) return apiError(res, 401, 124, 'We need a token we issued, sent as a Bearer token.');
    if (url.pathname === '/v2/users/me') return send(res, 200, { ...user, lenient_profile: { theme: 'dark', beta: true } });
    if (url.pathname === '/v2/users/me/meetings') {
      const size = pageSize(url.searchParams.get('page_size'));
      const type = url.searchParams.get('type') || 'scheduled';
      const listed = type === 'live' ? [] : all;
      const token = url.searchParams.get('next_page_token') ?? '';
      const offset = token ? readCursor(token, type) : 0;
      if (offset === undefined) return apiError(res, 400, 300, 'That page cursor is unknown, expired or from another list.', { errors: [{ field: 'next_page_token', message: 'Not a cursor we gave.' }] });
      const page = listed.slice(offset, offset + size);
      const next = offset + size < listed.length ? cursor(offset + size, type) : '';
      return send(res, 200, { page_size: size, total_records: listed.length, next_page_token: next, meetings: page.map((m) => meetingOut(m, false)), page_count: Math.ceil(listed.length / size), lenient_cursor_ttl_s: 900 });
    }
    const at = raw.indexOf('/v2/meetings/');
    if (at >= 0 && url.pathname.startsWith('/v2/meetings/')) {
      const segment = raw.slice(at + '/v2/meetings/'.length).split('?')[0]!;
      const decode = (text: string) => {
        try {
          return decodeURIComponent(text);
        } catch {
          return undefined;
        }
      };
      const once = decode(segment);
      const twice = once === undefined ? undefined : decode(once);
      const found = all.find((m) => String(m.id) === once || m.uuid === once || m.uuid === twice);
      return found ? send(res, 200, meetingOut(found, true)) : apiError(res, 404, 3001, `We have no meeting ${JSON.stringify(once ?? segment)}.`);
    }
    return apiError(res, 404, 404, 'No API lives at this path.');
  }

  return { authUrl, apiBaseUrl, credentials, close: async () => void (await Promise.all([close(auth), close(api)])) };
}
