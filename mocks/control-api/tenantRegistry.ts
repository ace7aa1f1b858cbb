import { MockAccountError } from './MockAccountError.ts';

/** One tenant of a mock process (an account of the meeting mock, a key of the fetch mock) and its own mock. */
export interface Tenant<Mock> {
  /** What control calls name it by (Conform-Account, Conform-Key). */
  id: string;
  /** What the service's requests carry that leads to it (a client id, an API key). */
  credential: string;
  label?: string;
  createdAt: number;
  lastUsedAt: number;
  mock: Mock;
}

export interface TenantRegistryOptions<Mock> {
  /** The id the tenant the process started with goes by: listed first, never evicted nor deleted. */
  defaultId: string;
  defaultMock: Mock;
  /** Past it, adding one evicts the tenant idle the longest. */
  max: number;
  /** Wall time for createdAt and lastUsedAt (idleness is real time, whatever a tenant's clock says). */
  now?: () => number;
  /** Called when the first tenant is added and when the last one goes, so the router in front can swap. */
  onChange?(size: number): void;
  /** How errors name a tenant and where they are listed: "account", "GET /__conform/accounts". */
  noun: string;
  listedAt: string;
}

/** The tenants made for tests side by side against one mock process, bounded: the idle-longest goes first. */
export interface TenantRegistry<Mock> {
  add(tenant: { id: string; credential: string; label?: string; mock: Mock }): Tenant<Mock>;
  /** Whether an id or a credential is taken (the default tenant's id included). */
  has(id: string, credential?: string): boolean;
  /** The default tenant first, then the others oldest first. */
  list(): Array<Omit<Tenant<Mock>, 'credential'>>;
  /** Throws MockAccountError: 404 for an unknown id, 409 for the default one. */
  delete(id: string): void;
  /** A tenant's mock by its id, its use noted; the default mock for the default id; undefined when unknown. */
  use(id: string): Mock | undefined;
  /** The mock of the tenant whose requests carry `credential`, its use noted. */
  useByCredential(credential: string): Mock | undefined;
  /** Tenants added (the default one not counted). */
  readonly size: number;
}

interface Entry<Mock> extends Tenant<Mock> {
  /** Order of last use: ties of lastUsedAt within a millisecond still have an idle-longest. */
  usedSeq: number;
}

export function tenantRegistry<Mock>(options: TenantRegistryOptions<Mock>): TenantRegistry<Mock> {
  const { defaultId, defaultMock, max, onChange, noun, listedAt } = options;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`the most ${noun}s a mock keeps must be a whole number from 1, not ${max}`);
  const now = options.now ?? Date.now;
  let seq = 0;
  const defaultEntry: Entry<Mock> = { id: defaultId, credential: '', createdAt: now(), lastUsedAt: now(), usedSeq: 0, mock: defaultMock };
  const byId = new Map<string, Entry<Mock>>();
  const byCredential = new Map<string, Entry<Mock>>();
  const noteUse = (entry: Entry<Mock>) => {
    entry.lastUsedAt = now();
    entry.usedSeq = ++seq;
  };
  const drop = (entry: Entry<Mock>) => {
    byId.delete(entry.id);
    byCredential.delete(entry.credential);
    if (byId.size === 0) onChange?.(0);
  };
  const shown = ({ credential: _, usedSeq: __, ...tenant }: Entry<Mock>) => tenant;
  return {
    add({ id, credential, label, mock }) {
      if (byId.size >= max) {
        let idlest: Entry<Mock> | undefined;
        for (const entry of byId.values()) if (!idlest || entry.usedSeq < idlest.usedSeq) idlest = entry;
        if (idlest) drop(idlest);
      }
      const at = now();
      const entry: Entry<Mock> = { id, credential, ...(label !== undefined && { label }), createdAt: at, lastUsedAt: at, usedSeq: ++seq, mock };
      byId.set(id, entry);
      byCredential.set(credential, entry);
      if (byId.size === 1) onChange?.(1);
      return shown(entry) as Tenant<Mock>;
    },
    has: (id, credential) => id === defaultId || byId.has(id) || (credential !== undefined && byCredential.has(credential)),
    list: () => [shown(defaultEntry), ...[...byId.values()].map(shown)],
    delete(id) {
      if (id === defaultId) throw new MockAccountError(409, `The ${noun} ${id} is the one the mock started with; it cannot be deleted.`);
      const entry = byId.get(id);
      if (!entry) throw new MockAccountError(404, `No ${noun} ${id} (${listedAt} lists them).`);
      drop(entry);
    },
    use(id) {
      const entry = id === defaultId ? defaultEntry : byId.get(id);
      if (entry) noteUse(entry);
      return entry?.mock;
    },
    useByCredential(credential) {
      const entry = byCredential.get(credential);
      if (entry) noteUse(entry);
      return entry?.mock;
    },
    get size() {
      return byId.size;
    },
  };
}
