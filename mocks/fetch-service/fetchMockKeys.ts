import { randomBytes } from 'node:crypto';
import type { components } from '../../src/generated/fetch-mock-control.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import type { FetchServiceMock } from './createFetchServiceMock.ts';
import { checkFetchControlInput } from './fetchControlSpec.ts';

export type KeyRequest = components['schemas']['KeyRequest'];
export type CreatedKey = components['schemas']['CreatedKey'];
export type KeySummary = components['schemas']['KeySummary'];

/** Keys one mock process keeps besides those it started with; past it, the idle-longest goes. */
export const defaultMaxKeys = 100;

/** The keyId of the keys the mock started with, which the Conform-Key header may name too. */
export const defaultKeyId = 'default';

export interface FetchMockKeysOptions {
  /** The mock the process started with (its --pages, $SVC_API_KEY): listed first, never evicted nor deleted. */
  defaultMock: FetchServiceMock;
  /** A mock of its own for a new key. */
  make(apiKey: string, label: string | undefined): FetchServiceMock;
  maxKeys?: number;
  /** Told when the first key is made and when the last one goes (0), so the route table can skip lookups. */
  onChange?(size: number): void;
  now?: () => number;
}

/** The keys of one mock process, for tests that run side by side against it (the control API's createKey). */
export interface FetchMockKeys {
  /** A new key; the answer is the only place the key shows. */
  create(request?: KeyRequest): CreatedKey;
  /** The mock's own keys ("default") first, then the others oldest first; no key itself. */
  list(): KeySummary[];
  /** Throws MockAccountError: 404 for an unknown keyId, 409 for "default". */
  delete(keyId: string): void;
  /** A key's mock by its keyId, its use noted; the default mock for "default"; undefined when unknown. */
  use(keyId: string): FetchServiceMock | undefined;
  /** The mock of the key a fetch presents, its use noted; undefined for a key not made here. */
  useByKey(apiKey: string): FetchServiceMock | undefined;
  readonly size: number;
}

interface Entry {
  keyId: string;
  apiKey: string;
  label?: string;
  createdAt: number;
  lastUsedAt: number;
  usedSeq: number;
  mock: FetchServiceMock;
}

export function fetchMockKeys(options: FetchMockKeysOptions): FetchMockKeys {
  const { defaultMock, make, onChange } = options;
  const maxKeys = options.maxKeys ?? defaultMaxKeys;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a whole number from 1, not ${maxKeys}`);
  const now = options.now ?? Date.now;
  const defaultEntry = { keyId: defaultKeyId, createdAt: now(), lastUsedAt: now(), usedSeq: 0, mock: defaultMock };
  let seq = 0;
  const byId = new Map<string, Entry>();
  const byKey = new Map<string, Entry>();
  const noteUse = (entry: { lastUsedAt: number; usedSeq: number }) => {
    entry.lastUsedAt = now();
    entry.usedSeq = ++seq;
  };
  const drop = (entry: Entry) => {
    byId.delete(entry.keyId);
    byKey.delete(entry.apiKey);
    if (byId.size === 0) onChange?.(0);
  };
  const summary = (e: Omit<Entry, 'apiKey'>): KeySummary => ({
    keyId: e.keyId,
    ...(e.label !== undefined && { label: e.label }),
    createdAt: new Date(e.createdAt).toISOString(),
    lastUsedAt: new Date(e.lastUsedAt).toISOString(),
  });

  return {
    create(request = {}) {
      checkFetchControlInput('createKey', request);
      // The id names the key in control calls and logs; the key is 24 random bytes no id is derived from.
      const keyId = `key-${randomBytes(9).toString('base64url')}`;
      const apiKey = `conform-key-${randomBytes(24).toString('hex')}`;
      const mock = make(apiKey, request.label);
      if (byId.size >= maxKeys) {
        let idlest: Entry | undefined;
        for (const entry of byId.values()) if (!idlest || entry.usedSeq < idlest.usedSeq) idlest = entry;
        if (idlest) drop(idlest);
      }
      const at = now();
      const entry: Entry = { keyId, apiKey, ...(request.label !== undefined && { label: request.label }), createdAt: at, lastUsedAt: at, usedSeq: ++seq, mock };
      byId.set(keyId, entry);
      byKey.set(apiKey, entry);
      if (byId.size === 1) onChange?.(1);
      return { keyId, apiKey };
    },
    list: () => [summary(defaultEntry), ...[...byId.values()].map(summary)],
    delete(keyId) {
      if (keyId === defaultKeyId) throw new MockAccountError(409, `Key ${keyId} stands for the keys the mock started with; it cannot be deleted.`);
      const entry = byId.get(keyId);
      if (!entry) throw new MockAccountError(404, `No key ${keyId} (GET /__conform/keys lists them).`);
      drop(entry);
    },
    use(keyId) {
      const entry = keyId === defaultKeyId ? defaultEntry : byId.get(keyId);
      if (entry) noteUse(entry);
      return entry?.mock;
    },
    useByKey(apiKey) {
      const entry = byKey.get(apiKey);
      if (entry) noteUse(entry);
      return entry?.mock;
    },
    get size() {
      return byId.size;
    },
  };
}
