/** The pure parts of the CRUD kit: LIKE escaping, paging bounds, download tickets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadTickets } from '../../server/db/schema';
import { escapeLike, MAX_PAGE_SIZE, pagingOf } from '../../server/crud/query';
import { createPGlite, pgliteDatabase, type Database } from '../../server/db/open';
import { DownloadTickets } from '../../server/exports/tickets';
import { ApiError } from '../../server/errors';

describe('escapeLike', () => {
  it('takes %, _ and the escape character literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('字典')).toBe('字典');
  });
});

describe('pagingOf', () => {
  it('defaults to page 1 of 20 and refuses sizes over the limit or pages below 1', () => {
    expect(pagingOf({})).toEqual({ pageNum: 1, pageSize: 20 });
    expect(pagingOf({ pageNum: 3, pageSize: MAX_PAGE_SIZE })).toEqual({ pageNum: 3, pageSize: 500 });
    for (const bad of [{ pageSize: 501 }, { pageSize: 0 }, { pageNum: 0 }, { pageNum: '1' }, { pageSize: 2.5 }]) {
      expect(() => pagingOf(bad)).toThrow(ApiError);
    }
  });
});

describe('DownloadTickets', () => {
  const grant = { recordId: 'r1', userId: 'u1', filePath: '/tmp/x.xlsx', fileName: 'x.xlsx' };
  let database: Database;

  beforeAll(async () => {
    database = pgliteDatabase(createPGlite());
    await database.migrate();
  });
  afterAll(() => database.close());

  it('issues 32 random bytes, each spendable once, and stores only their hash', async () => {
    const tickets = new DownloadTickets(database.db);
    const a = await tickets.issue(grant);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(await tickets.issue(grant)).not.toBe(a);
    const stored = await database.db.select().from(downloadTickets);
    expect(JSON.stringify(stored)).not.toContain(a);
    expect(await tickets.take(a)).toEqual(grant);
    expect(await tickets.take(a)).toBeUndefined();
    expect(await tickets.take('guess')).toBeUndefined();
  });

  it('lets only one of two simultaneous takes of a ticket have it', async () => {
    const tickets = new DownloadTickets(database.db);
    const ticket = await tickets.issue(grant);
    const taken = await Promise.all([tickets.take(ticket), tickets.take(ticket)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a ticket once its time is up, even unused', async () => {
    let now = 1_000;
    const tickets = new DownloadTickets(database.db, 60_000, () => now);
    const early = await tickets.issue(grant);
    const late = await tickets.issue(grant);
    now += 59_999;
    expect(await tickets.take(early)).toEqual(grant);
    now += 1;
    expect(await tickets.take(late)).toBeUndefined();
  });
});
