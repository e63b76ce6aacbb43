/** The pure parts of the CRUD kit: LIKE escaping, paging bounds, download tickets. */
import { describe, expect, it } from 'vitest';
import { escapeLike, MAX_PAGE_SIZE, pagingOf } from '../../server/crud/query';
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

  it('issues 32 random bytes, each spendable once', () => {
    const tickets = new DownloadTickets();
    const a = tickets.issue(grant);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(tickets.issue(grant)).not.toBe(a);
    expect(tickets.take(a)).toEqual(grant);
    expect(tickets.take(a)).toBeUndefined();
    expect(tickets.take('guess')).toBeUndefined();
  });

  it('refuses a ticket once its time is up, even unused', () => {
    let now = 1_000;
    const tickets = new DownloadTickets(60_000, () => now);
    const early = tickets.issue(grant);
    const late = tickets.issue(grant);
    now += 59_999;
    expect(tickets.take(early)).toEqual(grant);
    now += 1;
    expect(tickets.take(late)).toBeUndefined();
  });
});
