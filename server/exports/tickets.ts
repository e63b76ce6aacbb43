/**
 * One-time download tickets: a browser form cannot carry the protocol's signed headers, so the signed
 * `export {id, ticket: true}` call hands out an unguessable ticket (32 random bytes), bound to one
 * user's one record, that a plain GET may spend once within 60 seconds. Kept in the database (under
 * the ticket's SHA-256), so the GET may reach any server process on it, and spent by one
 * DELETE ... RETURNING, so two GETs of one ticket cannot both download.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { downloadTickets } from '../db/schema';

export const TICKET_TTL_MS = 60_000;

export interface TicketGrant {
  recordId: string;
  userId: string;
  filePath: string;
  fileName: string;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export class DownloadTickets {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number = TICKET_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async issue(grant: TicketGrant): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    await this.db.insert(downloadTickets).values({ ticketHash: hashTicket(ticket), ...grant, expiresAt: new Date(this.now() + this.ttlMs) });
    return ticket;
  }

  /** The grant, removed on the first use whether or not it is still valid. */
  async take(ticket: string): Promise<TicketGrant | undefined> {
    const [row] = await this.db
      .delete(downloadTickets)
      .where(eq(downloadTickets.ticketHash, hashTicket(ticket)))
      .returning();
    if (!row || row.expiresAt.getTime() <= this.now()) return undefined;
    return { recordId: row.recordId, userId: row.userId, filePath: row.filePath, fileName: row.fileName };
  }
}
