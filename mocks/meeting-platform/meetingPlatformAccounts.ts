import { randomBytes } from 'node:crypto';
import type { components } from '../../src/generated/mock-control.ts';
import { checkControlInput } from './controlProblems.ts';
import type { MeetingPlatformMock } from './createMeetingPlatformMock.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import type { MeetingAccount } from './seedTypes.ts';

export type AccountRequest = components['schemas']['AccountRequest'];
export type CreatedAccount = components['schemas']['CreatedAccount'];
export type AccountSummary = components['schemas']['AccountSummary'];

/** Accounts one mock process keeps besides the one it started with; past it, the idle-longest goes. */
export const defaultMaxAccounts = 100;

export interface MeetingPlatformAccountsOptions {
  /** The mock the process started with: listed first, never evicted nor deleted. */
  defaultMock: MeetingPlatformMock;
  /** A whole mock of its own for one new account (its data, journal, judge, clock offset, scenario, faults). */
  make(account: MeetingAccount, label: string | undefined): MeetingPlatformMock;
  /** Default defaultMaxAccounts. */
  maxAccounts?: number;
  /** Wall time for createdAt and lastUsedAt (idleness is real time, whatever an account's clock says). */
  now?: () => number;
  /** Called when the first account is made and when the last one goes, so the router in front can swap. */
  onChange?(size: number): void;
}

interface Entry {
  accountId: string;
  clientId: string;
  label?: string;
  createdAt: number;
  lastUsedAt: number;
  /** Order of last use: ties of lastUsedAt within a millisecond still have an idle-longest. */
  usedSeq: number;
  mock: MeetingPlatformMock;
}

/** The accounts of one mock process, for tests that run side by side against it (the control API's createAccount). */
export interface MeetingPlatformAccounts {
  /** A new account; what is not given is generated. The answer is the only place its client secret shows. */
  create(request?: AccountRequest): CreatedAccount;
  /** The default account first, then the others oldest first; no secrets. */
  list(): AccountSummary[];
  /** Throws MockAccountError: 404 for an unknown account, 409 for the default one. */
  delete(accountId: string): void;
  /** An account's mock, its use noted; the default mock for the default account; undefined when unknown. */
  use(accountId: string): MeetingPlatformMock | undefined;
  /** The mock of the account whose app has this client id, its use noted. */
  useByClientId(clientId: string): MeetingPlatformMock | undefined;
  /** Accounts made (the default one not counted). */
  readonly size: number;
}

export function meetingPlatformAccounts(options: MeetingPlatformAccountsOptions): MeetingPlatformAccounts {
  const { defaultMock, make, onChange } = options;
  const maxAccounts = options.maxAccounts ?? defaultMaxAccounts;
  if (!Number.isInteger(maxAccounts) || maxAccounts < 1) throw new RangeError(`maxAccounts must be a whole number from 1, not ${maxAccounts}`);
  const now = options.now ?? Date.now;
  const first = defaultMock.accounts[0]!;
  const defaultEntry: Entry = { accountId: first.accountId, clientId: first.clientId, createdAt: now(), lastUsedAt: now(), usedSeq: 0, mock: defaultMock };
  let seq = 0;
  const byId = new Map<string, Entry>();
  const byClientId = new Map<string, Entry>();
  const taken = (accountId: string, clientId: string) =>
    byId.has(accountId) || byClientId.has(clientId) || defaultMock.accounts.some((a) => a.accountId === accountId || a.clientId === clientId);

  const drop = (entry: Entry) => {
    byId.delete(entry.accountId);
    byClientId.delete(entry.clientId);
    if (byId.size === 0) onChange?.(0);
  };
  const evictIdlest = () => {
    let idlest: Entry | undefined;
    for (const entry of byId.values()) if (!idlest || entry.usedSeq < idlest.usedSeq) idlest = entry;
    if (idlest) drop(idlest);
  };
  const summary = (e: Entry): AccountSummary => ({
    accountId: e.accountId,
    clientId: e.clientId,
    ...(e.label !== undefined && { label: e.label }),
    createdAt: new Date(e.createdAt).toISOString(),
    lastUsedAt: new Date(e.lastUsedAt).toISOString(),
  });

  return {
    create(request = {}) {
      checkControlInput('createAccount', request);
      const accountId = request.accountId ?? generatedId(accountIdAlphabet, 22);
      const clientId = request.clientId ?? generatedId(clientIdAlphabet, 22);
      if (taken(accountId, clientId)) throw new MockAccountError(409, `An account with accountId ${accountId} or clientId ${clientId} exists already.`);
      const clientSecret = request.clientSecret ?? randomBytes(24).toString('base64url');
      const mock = make({ accountId, clientId, clientSecret }, request.label);
      if (byId.size >= maxAccounts) evictIdlest();
      const at = now();
      const entry: Entry = { accountId, clientId, ...(request.label !== undefined && { label: request.label }), createdAt: at, lastUsedAt: at, usedSeq: ++seq, mock };
      byId.set(accountId, entry);
      byClientId.set(clientId, entry);
      if (byId.size === 1) onChange?.(1);
      return { accountId, clientId, clientSecret, userId: mock.accounts[0]!.userId, authUrl: mock.authUrl, apiBaseUrl: mock.apiBaseUrl };
    },
    list: () => [summary(defaultEntry), ...[...byId.values()].map(summary)],
    delete(accountId) {
      if (accountId === defaultEntry.accountId) throw new MockAccountError(409, `Account ${accountId} is the one the mock started with; it cannot be deleted.`);
      const entry = byId.get(accountId);
      if (!entry) throw new MockAccountError(404, `No account ${accountId} (GET /__conform/accounts lists them).`);
      drop(entry);
    },
    use(accountId) {
      const entry = accountId === defaultEntry.accountId ? defaultEntry : byId.get(accountId);
      if (entry) {
        entry.lastUsedAt = now();
        entry.usedSeq = ++seq;
      }
      return entry?.mock;
    },
    useByClientId(clientId) {
      const entry = byClientId.get(clientId);
      if (entry) {
        entry.lastUsedAt = now();
        entry.usedSeq = ++seq;
      }
      return entry?.mock;
    },
    get size() {
      return byId.size;
    },
  };
}

// The platform's shapes (demoAccount.ts): 22 characters, client ids alphanumeric, account ids base64url.
const clientIdAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const accountIdAlphabet = `${clientIdAlphabet}-_`;

function generatedId(alphabet: string, length: number): string {
  // 256 is a multiple of 64 but not of 62: the bias of the modulo over 62 letters is harmless in a mock's ids.
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}
