import { hash } from 'node:crypto';

/** An access token the judge saw the platform issue, as `IssuedTokens.get` shows it (a copy). */
export interface IssuedToken {
  client: string;
  issuedAt: number;
  expiresAt: number;
  /** The journal number of the last API call that carried it; 0 before any (numbers order calls made in the same millisecond). */
  lastUsedId: number;
  /** API calls that carried it while it was live (counted up to 255). */
  uses: number;
  /** The journal number of the request it answered. */
  issuedById: number;
}

/** Tokens looked up last and what was found: a client sends the same one or few with call after call. */
const recentLookups = 4;

/**
 * The newest `cap` access tokens the platform issued, each known by a fingerprint (64 bits of its
 * SHA-256: enough to know it again, nothing to use it with) and named by a serial number, the order of
 * issue. Kept in typed arrays, a ring of slots with an open-addressed index: a client that takes a new
 * token per call leaves nothing on the heap per token. A map of fingerprints to objects was promoted
 * by the garbage collector token after token, and that copying cost the mock's token endpoint more
 * than judging the request did (a profile with single-threaded GC: 2.0 µs of scavenging per token
 * request against 0.8 without the judge).
 */
export class IssuedTokens {
  readonly #cap: number;
  readonly #mask: number;
  /** Per slot: the serial of its token, -1 while empty or forgotten. */
  readonly #serial: Float64Array;
  readonly #keyA: Uint32Array;
  readonly #keyB: Uint32Array;
  readonly #issuedAt: Float64Array;
  readonly #expiresAt: Float64Array;
  readonly #lastUsedId: Float64Array;
  readonly #issuedById: Float64Array;
  readonly #uses: Uint8Array;
  readonly #client: string[];
  /** Open addressing by the fingerprint's first half: slot + 1, 0 for an empty bucket. */
  readonly #index: Int32Array;
  #next = 0;
  #size = 0;
  readonly #lookedUp: string[] = [];
  readonly #found: number[] = [];

  constructor(cap: number) {
    this.#cap = Math.max(1, cap);
    let buckets = 2;
    while (buckets < this.#cap * 2) buckets *= 2;
    this.#mask = buckets - 1;
    this.#index = new Int32Array(buckets);
    this.#serial = new Float64Array(this.#cap).fill(-1);
    this.#keyA = new Uint32Array(this.#cap);
    this.#keyB = new Uint32Array(this.#cap);
    this.#issuedAt = new Float64Array(this.#cap);
    this.#expiresAt = new Float64Array(this.#cap);
    this.#lastUsedId = new Float64Array(this.#cap);
    this.#issuedById = new Float64Array(this.#cap);
    this.#uses = new Uint8Array(this.#cap);
    this.#client = new Array<string>(this.#cap).fill('');
  }

  /** How many tokens are known now (at most the cap). */
  get size(): number {
    return this.#size;
  }

  /**
   * Keeps a token the platform issued (the oldest forgotten past the cap) and returns its serial. The
   * same token issued again keeps its serial and its place, and starts afresh (unused, issued now).
   */
  issue(token: string, client: string, issuedAt: number, expiresAt: number, issuedById: number): number {
    fingerprintOf(token);
    const a = halfA;
    const b = halfB;
    const known = this.#bucketOf(a, b);
    if (known >= 0) {
      const slot = this.#index[known]! - 1;
      this.#set(slot, client, issuedAt, expiresAt, issuedById);
      return this.#serial[slot]!;
    }
    const serial = this.#next++;
    const slot = serial % this.#cap;
    if (this.#serial[slot]! >= 0) this.#forget(this.#bucketOf(this.#keyA[slot]!, this.#keyB[slot]!));
    this.#serial[slot] = serial;
    this.#keyA[slot] = a;
    this.#keyB[slot] = b;
    this.#set(slot, client, issuedAt, expiresAt, issuedById);
    let bucket = a & this.#mask;
    while (this.#index[bucket] !== 0) bucket = (bucket + 1) & this.#mask;
    this.#index[bucket] = slot + 1;
    this.#size++;
    // What was looked up before may have been this token, not known then.
    this.#lookedUp.length = 0;
    this.#found.length = 0;
    return serial;
  }

  /** The serial of `token` if it is one the platform issued and the judge still knows, else -1. */
  find(token: string): number {
    const recent = this.#lookedUp;
    for (let i = 0; i < recent.length; i++) if (recent[i] === token) return this.#found[i]!;
    fingerprintOf(token);
    const bucket = this.#bucketOf(halfA, halfB);
    const serial = bucket < 0 ? -1 : this.#serial[this.#index[bucket]! - 1]!;
    if (recent.length >= recentLookups) {
      recent.pop();
      this.#found.pop();
    }
    recent.unshift(token);
    this.#found.unshift(serial);
    return serial;
  }

  /** Whether the token of this serial is still known. */
  has(serial: number): boolean {
    return serial >= 0 && this.#serial[serial % this.#cap] === serial;
  }

  /** The token of this serial as it stands, or undefined once it is forgotten. */
  get(serial: number): IssuedToken | undefined {
    if (!this.has(serial)) return undefined;
    const slot = serial % this.#cap;
    return {
      client: this.#client[slot]!,
      issuedAt: this.#issuedAt[slot]!,
      expiresAt: this.#expiresAt[slot]!,
      lastUsedId: this.#lastUsedId[slot]!,
      uses: this.#uses[slot]!,
      issuedById: this.#issuedById[slot]!,
    };
  }

  /** When the token of this serial expires (undefined once forgotten). */
  expiresAt(serial: number): number | undefined {
    return this.has(serial) ? this.#expiresAt[serial % this.#cap] : undefined;
  }

  /** The journal number of the last call that carried it (0 before any, and once forgotten). */
  lastUsedId(serial: number): number {
    return this.has(serial) ? this.#lastUsedId[serial % this.#cap]! : 0;
  }

  /** Counts a call that carried the token (journal number `id`); returns its uses so far (at most 255). */
  use(serial: number, id: number): number {
    if (!this.has(serial)) return 0;
    const slot = serial % this.#cap;
    this.#lastUsedId[slot] = id;
    const uses = Math.min(255, this.#uses[slot]! + 1);
    this.#uses[slot] = uses;
    return uses;
  }

  #set(slot: number, client: string, issuedAt: number, expiresAt: number, issuedById: number): void {
    this.#issuedAt[slot] = issuedAt;
    this.#expiresAt[slot] = expiresAt;
    this.#lastUsedId[slot] = 0;
    this.#issuedById[slot] = issuedById;
    this.#uses[slot] = 0;
    this.#client[slot] = client;
  }

  /** The bucket that holds the token with this fingerprint, or -1. */
  #bucketOf(a: number, b: number): number {
    for (let bucket = a & this.#mask; ; bucket = (bucket + 1) & this.#mask) {
      const held = this.#index[bucket]!;
      if (held === 0) return -1;
      const slot = held - 1;
      if (this.#keyA[slot] === a && this.#keyB[slot] === b) return bucket;
    }
  }

  /** Forgets the token in `bucket`, moving later entries of its probe run back (no tombstones). */
  #forget(bucket: number): void {
    if (bucket < 0) return;
    const mask = this.#mask;
    this.#serial[this.#index[bucket]! - 1] = -1;
    this.#index[bucket] = 0;
    this.#size--;
    let hole = bucket;
    for (let j = (hole + 1) & mask; this.#index[j] !== 0; j = (j + 1) & mask) {
      const home = this.#keyA[this.#index[j]! - 1]! & mask;
      // The entry at j may move into the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      this.#index[hole] = this.#index[j]!;
      this.#index[j] = 0;
      hole = j;
    }
    this.#lookedUp.length = 0;
    this.#found.length = 0;
  }
}

// The fingerprint made last, in two halves (module state: a pair returned without an object per token).
let halfA = 0;
let halfB = 0;

/** 64 bits of the token's SHA-256, into halfA and halfB. */
function fingerprintOf(token: string): void {
  const digest = hash('sha256', token, 'binary');
  halfA = ((digest.charCodeAt(0) << 24) | (digest.charCodeAt(1) << 16) | (digest.charCodeAt(2) << 8) | digest.charCodeAt(3)) >>> 0;
  halfB = ((digest.charCodeAt(4) << 24) | (digest.charCodeAt(5) << 16) | (digest.charCodeAt(6) << 8) | digest.charCodeAt(7)) >>> 0;
}
