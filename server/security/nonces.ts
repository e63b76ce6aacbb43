/**
 * Nonces seen within NONCE_TTL_MS (PROTOCOL.md §5). In memory on purpose: after a restart the store
 * is empty, but a replayed request still fails the timestamp window (TIMESTAMP_WINDOW_MS < NONCE_TTL_MS),
 * so a replay can only slip through if the server restarts within five minutes of the original request.
 */
import { NONCE_TTL_MS } from '../../src/protocol/headers';

export class NonceStore {
  /** nonce → expiry. Every entry lives the same TTL, so insertion order is expiry order. */
  private readonly expiries = new Map<string, number>();

  constructor(private readonly ttlMs: number = NONCE_TTL_MS) {}

  seen(nonce: string, now = Date.now()): boolean {
    this.evictExpired(now);
    return this.expiries.has(nonce);
  }

  /** Remembers a nonce; false when it was already remembered (a concurrent duplicate). */
  remember(nonce: string, now = Date.now()): boolean {
    if (this.seen(nonce, now)) return false;
    this.expiries.set(nonce, now + this.ttlMs);
    return true;
  }

  get size(): number {
    return this.expiries.size;
  }

  private evictExpired(now: number): void {
    for (const [nonce, expiry] of this.expiries) {
      if (expiry > now) return;
      this.expiries.delete(nonce);
    }
  }
}
