/**
 * This server process's row in server_processes, refreshed every HEARTBEAT_MS while it runs, so that
 * the other processes on the database can tell its work from work a dead process left behind.
 */
import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from './db/open';
import { serverProcesses } from './db/schema';

export const HEARTBEAT_MS = 10_000;
/** A process silent for this long is gone: three missed heartbeats. */
export const PROCESS_GONE_MS = 3 * HEARTBEAT_MS;

export class ProcessHeartbeat {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;

  async start(db: Db, onError: (error: unknown) => void): Promise<void> {
    await db.insert(serverProcesses).values({ id: this.id });
    this.timer = setInterval(() => {
      db.update(serverProcesses)
        .set({ seenAt: sql`now()` })
        .where(eq(serverProcesses.id, this.id))
        // Rows of long-gone processes go too; any live process's sweep serves all.
        .then(() => db.delete(serverProcesses).where(lt(serverProcesses.seenAt, sql`now() - interval '1 day'`)))
        .catch(onError);
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** A clean stop: the row goes at once, so this process's unfinished work counts as cut off. */
  async stop(db: Db): Promise<void> {
    clearInterval(this.timer);
    await db.delete(serverProcesses).where(eq(serverProcesses.id, this.id));
  }
}
