/**
 * Nonces this process has seen within NONCE_TTL_MS (PROTOCOL.md §5): the cheap first filter, which
 * refuses a copy sent to this process before its body is even read. It is not the authority: the
 * database's ledger (nonce-ledger.ts) is, as it is shared by every process and outlives a restart.
 *
 * Layout: the nonces are kept in time buckets (a tenth of the TTL wide: one minute for the protocol's
 * ten), each a Map from nonce to the milliseconds since its bucket began. Expiry is exact: a nonce is
 * remembered for the TTL to the millisecond, as with one expiry per nonce. But
 *   - a whole bucket is dropped at once when its newest possible entry has expired, instead of one
 *     delete per nonce (a single Map evicted from the front keeps the deleted slots until it is
 *     rehashed, and every scan for expired entries walks them again);
 *   - the value is a small integer (below the bucket width), which V8 stores in the entry itself,
 *     where an absolute timestamp (above 2^31) would be one more heap object per nonce for the GC.
 */
import { NONCE_TTL_MS } from '../../src/protocol/headers';

interface Bucket {
  /** Start of the bucket's time slot, ms since the epoch. */
  start: number;
  /** nonce → ms after start when it was remembered (negative only if the clock stepped back). */
  offsets: Map<string, number>;
}

const BUCKETS_PER_TTL = 10;

export class NonceStore {
  /** Oldest first; at most BUCKETS_PER_TTL + 2 of them live at any time. */
  private buckets: Bucket[] = [];
  private readonly width: number;

  constructor(private readonly ttlMs: number = NONCE_TTL_MS) {
    this.width = Math.max(1, Math.ceil(ttlMs / BUCKETS_PER_TTL));
  }

  seen(nonce: string, now = Date.now()): boolean {
    this.evictExpired(now);
    const { buckets } = this;
    for (let i = buckets.length - 1; i >= 0; i--) {
      const offset = buckets[i].offsets.get(nonce);
      if (offset !== undefined) return buckets[i].start + offset + this.ttlMs > now;
    }
    return false;
  }

  /** Remembers a nonce; false when it was already remembered (a concurrent duplicate). */
  remember(nonce: string, now = Date.now()): boolean {
    if (this.seen(nonce, now)) return false;
    let last = this.buckets[this.buckets.length - 1];
    // A clock that stepped back adds to the newest bucket, with its exact time, rather than reorder them.
    if (!last || now >= last.start + this.width) {
      last = { start: now - (now % this.width), offsets: new Map() };
      this.buckets.push(last);
    }
    // An expired copy of this nonce in an older bucket is shadowed: seen() reads the newest first.
    last.offsets.set(nonce, now - last.start);
    return true;
  }

  get size(): number {
    let size = 0;
    for (const bucket of this.buckets) size += bucket.offsets.size;
    return size;
  }

  /** Drops the buckets whose every entry has expired: all were remembered before start + width. */
  private evictExpired(now: number): void {
    let expired = 0;
    while (expired < this.buckets.length && this.buckets[expired].start + this.width + this.ttlMs <= now) expired++;
    if (expired > 0) this.buckets = this.buckets.slice(expired);
  }
}
