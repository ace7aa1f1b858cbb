import { randomBytes } from 'node:crypto';
import type { components } from '../../src/generated/mock-control.ts';
import { checkControlInput } from './controlProblems.ts';
import type { MeetingPlatformMock } from './createMeetingPlatformMock.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import { tenantRegistry } from '../control-api/tenantRegistry.ts';
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
  const { defaultMock, make } = options;
  const first = defaultMock.accounts[0]!;
  const tenants = tenantRegistry<MeetingPlatformMock>({
    defaultId: first.accountId,
    defaultMock,
    max: options.maxAccounts ?? defaultMaxAccounts,
    ...(options.now && { now: options.now }),
    ...(options.onChange && { onChange: options.onChange }),
    noun: 'account',
    listedAt: 'GET /__conform/accounts',
  });
  const taken = (accountId: string, clientId: string) => tenants.has(accountId, clientId) || defaultMock.accounts.some((a) => a.accountId === accountId || a.clientId === clientId);
  return {
    create(request = {}) {
      checkControlInput('createAccount', request);
      const accountId = request.accountId ?? generatedId(accountIdAlphabet, 22);
      const clientId = request.clientId ?? generatedId(clientIdAlphabet, 22);
      if (taken(accountId, clientId)) throw new MockAccountError(409, `An account with accountId ${accountId} or clientId ${clientId} exists already.`);
      const clientSecret = request.clientSecret ?? randomBytes(24).toString('base64url');
      const mock = make({ accountId, clientId, clientSecret }, request.label);
      tenants.add({ id: accountId, credential: clientId, ...(request.label !== undefined && { label: request.label }), mock });
      return { accountId, clientId, clientSecret, userId: mock.accounts[0]!.userId, authUrl: mock.authUrl, apiBaseUrl: mock.apiBaseUrl };
    },
    list: () =>
      tenants.list().map((t) => ({
        accountId: t.id,
        clientId: t.mock.accounts[0]!.clientId,
        ...(t.label !== undefined && { label: t.label }),
        createdAt: new Date(t.createdAt).toISOString(),
        lastUsedAt: new Date(t.lastUsedAt).toISOString(),
      })),
    delete: (accountId) => tenants.delete(accountId),
    use: (accountId) => tenants.use(accountId),
    useByClientId: (clientId) => tenants.useByCredential(clientId),
    get size() {
      return tenants.size;
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
