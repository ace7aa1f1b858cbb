import { randomBytes } from 'node:crypto';
import type { components } from '../../src/generated/fetch-mock-control.ts';
import { tenantRegistry } from '../control-api/tenantRegistry.ts';
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

export function fetchMockKeys(options: FetchMockKeysOptions): FetchMockKeys {
  const tenants = tenantRegistry<FetchServiceMock>({
    defaultId: defaultKeyId,
    defaultMock: options.defaultMock,
    max: options.maxKeys ?? defaultMaxKeys,
    ...(options.now && { now: options.now }),
    ...(options.onChange && { onChange: options.onChange }),
    noun: 'key',
    listedAt: 'GET /__conform/keys',
  });
  return {
    create(request = {}) {
      checkFetchControlInput('createKey', request);
      // The id names the key in control calls and logs; the key is 24 random bytes no id is derived from.
      const keyId = `key-${randomBytes(9).toString('base64url')}`;
      const apiKey = `conform-key-${randomBytes(24).toString('hex')}`;
      tenants.add({ id: keyId, credential: apiKey, ...(request.label !== undefined && { label: request.label }), mock: options.make(apiKey, request.label) });
      return { keyId, apiKey };
    },
    list: () =>
      tenants.list().map((t) => ({
        keyId: t.id,
        ...(t.label !== undefined && { label: t.label }),
        createdAt: new Date(t.createdAt).toISOString(),
        lastUsedAt: new Date(t.lastUsedAt).toISOString(),
      })),
    delete: (keyId) => tenants.delete(keyId),
    use: (keyId) => tenants.use(keyId),
    useByKey: (apiKey) => tenants.useByCredential(apiKey),
    get size() {
      return tenants.size;
    },
  };
}
