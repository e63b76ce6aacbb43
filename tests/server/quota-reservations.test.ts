/**
 * What running quota requests hold back (server/quotas/reservations.ts), read in one statement: the submission's last check
 * runs it under the dispatch source's lock, where month end's lock waits are. Two running dispatches (one of two lines) and a
 * modification are made through the API; the reservation read in one statement must price them as src/lib/quotas does from
 * the requests and lines read apart, and a request excepted (a revision's own) must drop out.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { quotaAccounts, quotaRequestLines, quotaRequests } from '../../server/db/schema';
import { balancesOf } from '../../server/quotas/ledger';
import { quotaFamilyOf, reservationsOf } from '../../server/quotas/reservations';
import { fenOf } from '../../src/lib/money';
import { reservedByAccount } from '../../src/lib/quotas';
import { dataOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const API = '/op/v1/quotas';
const WF = '/op/v1/workflow';
const TERM = `${new Date().getFullYear() + 2}-06-30`;
let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [handler, director] = await Promise.all([signInAs(srv.baseUrl, 'op_handler'), signInAs(srv.baseUrl, 'op_director')]);
});

describe('the reservations of a quota family', () => {
  it('prices running dispatches and a modification in one statement, as the requests and lines read apart price them', async () => {
    const group = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-west' });
    const branches = [];
    for (const n of [1, 2])
      branches.push((await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: `预占分公司${n}` })).id);
    const applied = await dataOf<{ taskId: string }>(handler, `${API}/requests/apply`, {
      kind: 'PLATFORM',
      unitId: group.id,
      amount: '1000.00',
      termEnd: TERM,
      reason: '预占',
    });
    await dataOf(director, `${WF}/tasks/complete`, { taskId: applied.taskId, outcome: 'PASS', remark: '同意' });
    const [account] = await srv.database.db.select().from(quotaAccounts).where(eq(quotaAccounts.unitId, group.id));
    const dispatch = (lines: Array<{ unitId: string; amount: string }>) =>
      dataOf<{ request: { id: string } }>(handler, `${API}/requests/dispatch`, { accountId: account.id, reason: '预占下发', lines });
    const first = await dispatch([{ unitId: branches[0], amount: '100.25' }]);
    await dispatch([
      { unitId: branches[0], amount: '10.00' },
      { unitId: branches[1], amount: '20.50' },
    ]);
    await dataOf(handler, `${API}/requests/modify`, { accountId: account.id, amount: '900.00', termEnd: TERM, reason: '预占调减' });

    const family = await quotaFamilyOf(srv.database.db, account);
    const client = (srv.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const statements = vi.spyOn(client, 'query');
    let reserved: Map<string, bigint>;
    let read: number;
    try {
      reserved = await reservationsOf(srv.database.db, family);
      read = statements.mock.calls.length;
    } finally {
      statements.mockRestore();
    }
    expect(read).toBe(1);

    // The same requests and lines read apart, priced by the shared rule.
    const byId = new Map(family.map((row) => [row.id, row]));
    const apart = async (except?: string) => {
      const running = (
        await srv.database.db
          .select()
          .from(quotaRequests)
          .where(and(eq(quotaRequests.status, 'RUNNING'), inArray(quotaRequests.accountId, [...byId.keys()])))
      ).filter((r) => r.id !== except);
      const lines = await srv.database.db
        .select()
        .from(quotaRequestLines)
        .where(
          inArray(
            quotaRequestLines.requestId,
            running.map((r) => r.id),
          ),
        );
      const child = (unitId: string) => family.find((row) => row.parentId === account.id && row.unitId === unitId)?.id ?? null;
      return reservedByAccount(
        running.map((r) => ({
          type: r.type,
          accountId: r.accountId,
          amount: fenOf(r.amount),
          lines: lines.filter((l) => l.requestId === r.id).map((l) => ({ accountId: child(l.unitId), amount: fenOf(l.amount) })),
        })),
        (id) => (byId.has(id) ? balancesOf(byId.get(id)!).granted : 0n),
      );
    };
    expect(reserved).toEqual(await apart());
    // The dispatches hold back their lines' sum and the cut its 100.00 (1,000.00 to 900.00).
    expect(reserved.get(account.id)).toBe(fenOf('100.25') + fenOf('30.50') + fenOf('100.00'));
    const without = await reservationsOf(srv.database.db, family, first.request.id);
    expect(without).toEqual(await apart(first.request.id));
    expect(without.get(account.id)).toBe(fenOf('30.50') + fenOf('100.00'));
  });
});
