/**
 * One-time download tickets: a browser form cannot carry the protocol's signed headers, so the signed
 * `export {id, ticket: true}` call hands out an unguessable ticket (32 random bytes), bound to one
 * user's one record, that a plain GET may spend once within 60 seconds. Kept in memory: a restart
 * voids them, which only means clicking download again.
 */
import { randomBytes } from 'node:crypto';

export const TICKET_TTL_MS = 60_000;

export interface TicketGrant {
  recordId: string;
  userId: string;
  filePath: string;
  fileName: string;
}

export class DownloadTickets {
  private readonly grants = new Map<string, { grant: TicketGrant; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number = TICKET_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  issue(grant: TicketGrant): string {
    this.purge();
    const ticket = randomBytes(32).toString('base64url');
    this.grants.set(ticket, { grant, expiresAt: this.now() + this.ttlMs });
    return ticket;
  }

  /** The grant, removed on the first use whether or not it is still valid. */
  take(ticket: string): TicketGrant | undefined {
    const entry = this.grants.get(ticket);
    if (!entry) return undefined;
    this.grants.delete(ticket);
    return entry.expiresAt > this.now() ? entry.grant : undefined;
  }

  private purge() {
    const now = this.now();
    for (const [ticket, entry] of this.grants) if (entry.expiresAt <= now) this.grants.delete(ticket);
  }
}
