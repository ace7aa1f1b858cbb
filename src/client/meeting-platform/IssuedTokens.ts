import { hash } from 'node:crypto';
import type { MintedToken, TokenNamer } from '../ClientExchange.ts';

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
 * SHA-256: enough to know it again, nothing to use it with; or the name a mock that minted it gives it,
 * see TokenNamer, which spares the mock's token endpoint a hash per token: 0.7 µs over HTTP) and
 * named by a serial number, the order of
 * issue. Kept in typed arrays, a ring of slots with an open-addressed index: a client that takes a new
 * token per call leaves nothing on the heap per token. A map of fingerprints to objects was promoted
 * by the garbage collector token after token, and that copying cost the mock's token endpoint more
 * than judging the request did (a profile with single-threaded GC: 2.0 µs of scavenging per token
 * request against 0.8 without the judge).
 */
export class IssuedTokens {
  readonly #cap: number;
  readonly #mask: number;
  /**
   * Per slot, one run of `fields` numbers (a cache line): its token's serial (-1 while empty or
   * forgotten), fingerprint halves, issue and expiry times, last use, issuing request and uses. Over HTTP
   * a table in separate arrays per field cost its token endpoint 0.65 µs per token issued, as a request's
   * other work pushed those arrays out of the cache between two issues (0.2 µs with 128 slots, not 4,096);
   * a slot read or written now touches one run.
   */
  readonly #slots: Float64Array;
  readonly #client: string[];
  /**
   * Open addressing by the fingerprint's first half, two numbers per bucket: slot + 1 (0 for an empty
   * bucket) and that first half, so that probing and moving entries back read the index alone.
   */
  readonly #index: Int32Array;
  #next = 0;
  #size = 0;
  readonly #lookedUp: string[] = [];
  readonly #found: number[] = [];
  readonly #namer: TokenNamer | undefined;

  /** `namer`: the server's own names for the tokens it minted (a mock's); other tokens are hashed. */
  constructor(cap: number, namer?: TokenNamer) {
    this.#namer = namer;
    this.#cap = Math.max(1, cap);
    let buckets = 2;
    while (buckets < this.#cap * 2) buckets *= 2;
    this.#mask = buckets - 1;
    this.#index = new Int32Array(buckets * 2);
    this.#slots = new Float64Array(this.#cap * fields);
    for (let slot = 0; slot < this.#cap; slot++) this.#slots[slot * fields + serialAt] = -1;
    this.#client = new Array<string>(this.#cap).fill('');
  }

  /** How many tokens are known now (at most the cap). */
  get size(): number {
    return this.#size;
  }

  /**
   * Keeps a token the platform issued (the oldest forgotten past the cap) and returns its serial. The
   * same token issued again keeps its serial and its place, and starts afresh (unused, issued now).
   * `minted`: the server's mark on the token, its name as the namer gives it (then it is not hashed).
   */
  issue(token: string, client: string, issuedAt: number, expiresAt: number, issuedById: number, minted?: MintedToken): number {
    let a: number;
    let b: number;
    if (minted !== undefined && this.#namer !== undefined && minted.token === token) {
      a = minted.a >>> 0;
      b = minted.b >>> 0;
    } else {
      this.#fingerprintOf(token);
      a = halfA;
      b = halfB;
    }
    const slots = this.#slots;
    const known = this.#bucketOf(a, b);
    if (known >= 0) {
      const slot = this.#index[known * 2]! - 1;
      this.#set(slot, client, issuedAt, expiresAt, issuedById);
      return slots[slot * fields + serialAt]!;
    }
    const serial = this.#next++;
    const slot = serial % this.#cap;
    const at = slot * fields;
    if (slots[at + serialAt]! >= 0) this.#forget(this.#bucketOf(slots[at + keyAAt]!, slots[at + keyBAt]!));
    slots[at + serialAt] = serial;
    slots[at + keyAAt] = a;
    slots[at + keyBAt] = b;
    this.#set(slot, client, issuedAt, expiresAt, issuedById);
    const index = this.#index;
    let bucket = a & this.#mask;
    while (index[bucket * 2] !== 0) bucket = (bucket + 1) & this.#mask;
    index[bucket * 2] = slot + 1;
    index[bucket * 2 + 1] = a;
    this.#size++;
    // What was looked up before may have been this token, not known then.
    this.#forgetLookups();
    return serial;
  }

  /** The serial of `token` if it is one the platform issued and the judge still knows, else -1. */
  find(token: string): number {
    const recent = this.#lookedUp;
    for (let i = 0; i < recent.length; i++) if (recent[i] === token) return this.#found[i]!;
    this.#fingerprintOf(token);
    const bucket = this.#bucketOf(halfA, halfB);
    const serial = bucket < 0 ? -1 : this.#slots[(this.#index[bucket * 2]! - 1) * fields + serialAt]!;
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
    return serial >= 0 && this.#slots[(serial % this.#cap) * fields + serialAt] === serial;
  }

  /** The token of this serial as it stands, or undefined once it is forgotten. */
  get(serial: number): IssuedToken | undefined {
    if (!this.has(serial)) return undefined;
    const slot = serial % this.#cap;
    const at = slot * fields;
    const slots = this.#slots;
    return {
      client: this.#client[slot]!,
      issuedAt: slots[at + issuedAtAt]!,
      expiresAt: slots[at + expiresAtAt]!,
      lastUsedId: slots[at + lastUsedIdAt]!,
      uses: slots[at + usesAt]!,
      issuedById: slots[at + issuedByIdAt]!,
    };
  }

  /** When it was issued (undefined once forgotten). */
  issuedAt(serial: number): number | undefined {
    return this.has(serial) ? this.#slots[(serial % this.#cap) * fields + issuedAtAt] : undefined;
  }

  /** When the token of this serial expires (undefined once forgotten). */
  expiresAt(serial: number): number | undefined {
    return this.has(serial) ? this.#slots[(serial % this.#cap) * fields + expiresAtAt] : undefined;
  }

  /** The journal number of the last call that carried it (0 before any, and once forgotten). */
  lastUsedId(serial: number): number {
    return this.has(serial) ? this.#slots[(serial % this.#cap) * fields + lastUsedIdAt]! : 0;
  }

  /** Counts a call that carried the token (journal number `id`); returns its uses so far (at most 255). */
  use(serial: number, id: number): number {
    if (!this.has(serial)) return 0;
    const at = (serial % this.#cap) * fields;
    const slots = this.#slots;
    slots[at + lastUsedIdAt] = id;
    const uses = Math.min(255, slots[at + usesAt]! + 1);
    slots[at + usesAt] = uses;
    return uses;
  }

  /** The token's name into halfA and halfB: the namer's, or 64 bits of its SHA-256. */
  #fingerprintOf(token: string): void {
    const named = this.#namer;
    if (named !== undefined && named(token, namedOut)) {
      halfA = namedOut[0]!;
      halfB = namedOut[1]!;
    } else fingerprintOf(token);
  }

  #set(slot: number, client: string, issuedAt: number, expiresAt: number, issuedById: number): void {
    const at = slot * fields;
    const slots = this.#slots;
    slots[at + issuedAtAt] = issuedAt;
    slots[at + expiresAtAt] = expiresAt;
    slots[at + lastUsedIdAt] = 0;
    slots[at + issuedByIdAt] = issuedById;
    slots[at + usesAt] = 0;
    // The same client again keeps the string already held: a fresh copy per token would be one more
    // young object referenced from this long-lived array, for the collector to track.
    if (this.#client[slot] !== client) this.#client[slot] = client;
  }

  /** The bucket that holds the token with this fingerprint, or -1. */
  #bucketOf(a: number, b: number): number {
    const index = this.#index;
    const slots = this.#slots;
    // The index holds the first half as a signed 32-bit number.
    const signedA = a | 0;
    for (let bucket = a & this.#mask; ; bucket = (bucket + 1) & this.#mask) {
      const held = index[bucket * 2]!;
      if (held === 0) return -1;
      if (index[bucket * 2 + 1] === signedA && slots[(held - 1) * fields + keyBAt] === b) return bucket;
    }
  }

  /** Forgets the token in `bucket`, moving later entries of its probe run back (no tombstones). */
  #forget(bucket: number): void {
    if (bucket < 0) return;
    const mask = this.#mask;
    const index = this.#index;
    this.#slots[(index[bucket * 2]! - 1) * fields + serialAt] = -1;
    index[bucket * 2] = 0;
    this.#size--;
    let hole = bucket;
    for (let j = (hole + 1) & mask; index[j * 2] !== 0; j = (j + 1) & mask) {
      const home = index[j * 2 + 1]! & mask;
      // The entry at j may move into the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      index[hole * 2] = index[j * 2]!;
      index[hole * 2 + 1] = index[j * 2 + 1]!;
      index[j * 2] = 0;
      hole = j;
    }
    this.#forgetLookups();
  }

  #forgetLookups(): void {
    // Checked first: setting an array's length is a call into the runtime, and most issues follow no lookup.
    if (this.#lookedUp.length === 0) return;
    this.#lookedUp.length = 0;
    this.#found.length = 0;
  }
}

// Where each field of a slot sits in its run of `fields` numbers.
const serialAt = 0;
const keyAAt = 1;
const keyBAt = 2;
const issuedAtAt = 3;
const expiresAtAt = 4;
const lastUsedIdAt = 5;
const issuedByIdAt = 6;
const usesAt = 7;
const fields = 8;

// The fingerprint made last, in two halves (module state: a pair returned without an object per token).
let halfA = 0;
let halfB = 0;
const namedOut = new Uint32Array(2);

/** 64 bits of the token's SHA-256, into halfA and halfB. */
function fingerprintOf(token: string): void {
  const digest = hash('sha256', token, 'binary');
  halfA = ((digest.charCodeAt(0) << 24) | (digest.charCodeAt(1) << 16) | (digest.charCodeAt(2) << 8) | digest.charCodeAt(3)) >>> 0;
  halfB = ((digest.charCodeAt(4) << 24) | (digest.charCodeAt(5) << 16) | (digest.charCodeAt(6) << 8) | digest.charCodeAt(7)) >>> 0;
}
