// Clients of the meeting platform written apart from its mock, as an integration would write them with
// plain fetch: one that keeps every client clause, and variants that each break one. The mocks' tests
// point them at the mock (over node:http or through msw) and read its client report.

export interface MeetingClientOptions {
  authUrl: string;
  apiBaseUrl: string;
  credentials: { clientId: string; clientSecret: string; accountId: string };
  /** The time as the client sees it (token expiry); a test gives the mock's manual clock. */
  now?: () => number;
  /** How the client waits (a Retry-After); a test advances the manual clock instead of sleeping. */
  wait?: (ms: number) => Promise<void>;
  pageSize?: number;
}

interface MeetingItem {
  uuid: string;
  id: number;
}

interface Page {
  next_page_token: string;
  total_records: number;
  meetings: MeetingItem[];
}

const basic = ({ clientId, clientSecret }: MeetingClientOptions['credentials']) => `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** The identifier rule, as an integration writes it: encoded once, twice for a leading "/" or a "//". */
function encodeUuid(uuid: string): string {
  const once = encodeURIComponent(uuid);
  return uuid.startsWith('/') || uuid.includes('//') ? encodeURIComponent(once) : once;
}

/**
 * The correct client: one token, held with its expiry and renewed a minute before it ends; every call
 * with Authorization: Bearer; a 429 waited out for its Retry-After; the meeting list walked to its end,
 * next_page_token sent back encoded once; each meeting fetched by id and by UUID, encoded as the rule says.
 */
export class MeetingClient {
  readonly #o: MeetingClientOptions;
  #token?: { value: string; expiresAt: number };

  constructor(options: MeetingClientOptions) {
    this.#o = options;
  }

  #now(): number {
    return (this.#o.now ?? Date.now)();
  }

  async token(): Promise<string> {
    if (this.#token && this.#token.expiresAt - this.#now() > 60_000) return this.#token.value;
    const { credentials } = this.#o;
    const res = await fetch(`${this.#o.authUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic(credentials), ...formHeaders },
      body: new URLSearchParams({ grant_type: 'account_credentials', account_id: credentials.accountId }),
    });
    if (res.status !== 200) throw new Error(`token request answered ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.#token = { value: body.access_token, expiresAt: this.#now() + body.expires_in * 1000 };
    return body.access_token;
  }

  /** GET under /v2 with the token; a 429 is waited out (Retry-After) and sent again, a few times at most. */
  async get(path: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${this.#o.apiBaseUrl}/v2${path}`, { headers: { authorization: `Bearer ${await this.token()}` } });
      if (res.status !== 429 || attempt === 4) return res;
      await res.arrayBuffer();
      await (this.#o.wait ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(Number(res.headers.get('retry-after') ?? '1') * 1000);
    }
  }

  async me(): Promise<{ id: string }> {
    return (await this.get('/users/me')).json() as Promise<{ id: string }>;
  }

  /** Every meeting of the list, following next_page_token until it is empty. */
  async meetings(): Promise<MeetingItem[]> {
    const all: MeetingItem[] = [];
    let token = '';
    do {
      const query = new URLSearchParams({ page_size: String(this.#o.pageSize ?? 20) });
      if (token) query.set('next_page_token', token);
      const res = await this.get(`/users/me/meetings?${query}`);
      if (res.status !== 200) throw new Error(`the meeting list answered ${res.status}: ${await res.text()}`);
      const page = (await res.json()) as Page;
      all.push(...page.meetings);
      token = page.next_page_token;
    } while (token);
    return all;
  }

  async meeting(id: string | number): Promise<Response> {
    return this.get(`/meetings/${typeof id === 'number' ? id : encodeUuid(id)}`);
  }
}

/** A whole session of the correct client: the token, the current user, the list walked, every meeting by id and by UUID. */
export async function correctSession(o: MeetingClientOptions): Promise<void> {
  const client = new MeetingClient(o);
  await client.me();
  for (const m of await client.meetings()) {
    for (const res of [await client.meeting(m.id), await client.meeting(m.uuid)]) {
      if (res.status !== 200) throw new Error(`meeting ${m.uuid} answered ${res.status}: ${await res.text()}`);
    }
  }
}

/** The fields as JSON: the platform reads a form, sees no grant_type, and answers 400. */
export async function tokenAsJson(o: MeetingClientOptions): Promise<number> {
  const res = await fetch(`${o.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic(o.credentials), 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'account_credentials', account_id: o.credentials.accountId }),
  });
  return res.status;
}

/** The client credentials as form fields, no Basic: the platform takes them, the seed says Basic. Then a correct call. */
export async function credentialsInForm(o: MeetingClientOptions): Promise<void> {
  const { clientId, clientSecret, accountId } = o.credentials;
  const res = await fetch(`${o.authUrl}/oauth/token`, { method: 'POST', headers: formHeaders, body: new URLSearchParams({ grant_type: 'account_credentials', account_id: accountId, client_id: clientId, client_secret: clientSecret }) });
  const { access_token } = (await res.json()) as { access_token: string };
  await fetch(`${o.apiBaseUrl}/v2/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
}

/** A new token for every call: the current user, then the list, then a meeting, each with a token of its own. */
export async function tokenPerCall(o: MeetingClientOptions): Promise<void> {
  for (const path of ['/users/me', '/users/me', `/users/me/meetings?page_size=300`, '/users/me']) {
    const client = new MeetingClient(o);
    await (await client.get(path)).arrayBuffer();
  }
}

/** The list walked correctly, then the meeting whose UUID starts with "/" fetched with its UUID encoded once. */
export async function uuidEncodedOnce(o: MeetingClientOptions): Promise<number> {
  const client = new MeetingClient(o);
  const meetings = await client.meetings();
  const awkward = meetings.find((m) => m.uuid.startsWith('/'))!;
  const res = await client.get(`/meetings/${encodeURIComponent(awkward.uuid)}`);
  return res.status;
}

/** The walk with next_page_token encoded twice (a URLSearchParams over a value already encoded): the platform refuses the token. */
export async function pageTokenDoubleEncoded(o: MeetingClientOptions): Promise<number> {
  const client = new MeetingClient(o);
  const first = (await (await client.get('/users/me/meetings?page_size=20')).json()) as Page;
  const query = new URLSearchParams({ page_size: '20', next_page_token: encodeURIComponent(first.next_page_token) });
  return (await client.get(`/users/me/meetings?${query}`)).status;
}

/** next_page_token dropped: "page 2" and on asked for with page_number (the old pagination), until as many meetings as total_records came. */
export async function pageTokenDropped(o: MeetingClientOptions): Promise<void> {
  const client = new MeetingClient(o);
  const seen: MeetingItem[] = [];
  for (let page = 1; ; page++) {
    const body = (await (await client.get(`/users/me/meetings?page_size=20${page > 1 ? `&page_number=${page}` : ''}`)).json()) as Page;
    seen.push(...body.meetings);
    if (seen.length >= body.total_records) return;
  }
}

/** A walk that reads two pages and stops, with next_page_token still returned. */
export async function walkStoppedEarly(o: MeetingClientOptions): Promise<void> {
  const client = new MeetingClient(o);
  const first = (await (await client.get('/users/me/meetings?page_size=10')).json()) as Page;
  await (await client.get(`/users/me/meetings?${new URLSearchParams({ page_size: '10', next_page_token: first.next_page_token })}`)).arrayBuffer();
}

/** A 429 retried at once, without waiting for its Retry-After. */
export async function retryAt429(o: MeetingClientOptions): Promise<void> {
  const client = new MeetingClient(o);
  const token = await client.token();
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${o.apiBaseUrl}/v2/users/me`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
  }
}
