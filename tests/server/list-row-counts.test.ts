/**
 * The pager totals the database keeps for corporations, financing applications and payments by status (issue 42,
 * migration list_counts_of_corporations_financings_payments): after every kind of write (a multi-row insert, a status
 * change of one row and of several at once, an update that changes no status, a delete, a rolled-back transaction) each
 * kept count equals a recount of the table, read in one snapshot; and the lists answer those counts (付款审核's tabs and
 * total, the corporations' and the financing applications' unfiltered totals).
 */
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCING_CALLS } from '../../src/lib/financing';
import { PAYMENT_STATUS, REDEMPTION_CALLS } from '../../src/lib/redemption';
import { signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

let srv: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  admin = await signInAs(srv.baseUrl, 'op_admin');
}, 300_000);

/** PGlite answers {rows}, postgres-js an array. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
const run = (statement: string) => srv.database.db.execute(sql.raw(statement));

/** Each kept count beside its recount, in one snapshot (the shared server's other files may write between two reads). */
async function keptAndCounted() {
  return srv.database.db.transaction(
    async (tx) => {
      const read = async <T>(statement: string) => rowsOf<T>(await tx.execute(sql.raw(statement)));
      const tables = await read<{ name: string; counted: number; kept: number }>(`
        select t.name, t.n::int as counted, coalesce((select sum(rows) from list_row_counts c where c.table_name = t.name), 0)::int as kept
          from (values ('corporations', (select count(*) from corporations)), ('financing_applications', (select count(*) from financing_applications))) as t(name, n)`);
      // Every status either side has, a missing side read as 0 (a key whose rows all moved away stays, at 0).
      const statuses = await read<{ status: string; counted: number; kept: number }>(`
        select coalesce(r.status, k.status) as status, coalesce(r.n, 0)::int as counted, coalesce(k.n, 0)::int as kept
          from (select status, count(*) as n from credit_payments group by status) r
          full join (select substr(table_name, length('credit_payments/') + 1) as status, sum(rows) as n from list_row_counts
                      where starts_with(table_name, 'credit_payments/') group by table_name) k on k.status = r.status
         order by 1`);
      return { tables, statuses };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function expectKeptExact(after: string) {
  const { tables, statuses } = await keptAndCounted();
  for (const t of tables) expect(t.kept, `${t.name} after ${after}`).toBe(t.counted);
  for (const s of statuses) expect(s.kept, `credit_payments ${s.status} after ${after}`).toBe(s.counted);
  return { tables, statuses };
}

describe('kept list counts of corporations, financing applications and payments by status', () => {
  it('equal a recount as the server started (the migration’s backfill and the seeds’ writes)', async () => {
    const { tables } = await expectKeptExact('the start');
    expect(tables.find((t) => t.name === 'corporations')!.counted).toBeGreaterThan(0);
  });

  it('corporations: a multi-row insert, an update, a delete', async () => {
    await run(`INSERT INTO corporations (id, corp_name, credit_code, create_by, update_by)
      SELECT 'lrc-corp-' || i, '计数企业' || i, '91LRC' || lpad(i::text, 13, '0'), 'test', 'test' FROM generate_series(1, 3) AS i`);
    await expectKeptExact('an insert of three');
    await run(`UPDATE corporations SET admission_status = 'ADMITTED' WHERE id IN ('lrc-corp-1', 'lrc-corp-2')`);
    await expectKeptExact('an update');
    await run(`DELETE FROM corporations WHERE id IN ('lrc-corp-2', 'lrc-corp-3')`);
    await expectKeptExact('a delete of two');
  });

  it('financing applications: a multi-row insert, a status change, a delete', async () => {
    // Statuses outside the one-open-application rule, so the demo world's parties can be reused.
    await run(`INSERT INTO financing_applications (id, application_no, supplier_corp_id, core_corp_id, prd_code, status, create_by, update_by)
      SELECT 'lrc-fa-' || i, 'LRCFA' || i, (SELECT min(id) FROM corporations), (SELECT max(id) FROM corporations), (SELECT min(prd_code) FROM products),
        CASE WHEN i = 1 THEN 'SIGNED' ELSE 'WITHDRAWN' END, 'test', 'test' FROM generate_series(1, 3) AS i`);
    await expectKeptExact('an insert of three');
    await run(`UPDATE financing_applications SET status = 'WITHDRAWN' WHERE id = 'lrc-fa-1'`);
    await expectKeptExact('a status change');
    await run(`DELETE FROM financing_applications WHERE id LIKE 'lrc-fa-%'`);
    await expectKeptExact('a delete of three');
  });

  it('payments by status: inserts of several statuses, status changes one and several at once, an update of no status, a delete, a rollback', async () => {
    await run(`INSERT INTO credit_payments (id, payer_unit_id, amount, value_date, bank_serial_no, status, create_by, update_by)
      SELECT 'lrc-pay-' || i, (SELECT min(id) FROM group_units), 100.00 * i, current_date, 'LRCBANK' || i,
        CASE WHEN i <= 3 THEN 'PENDING' WHEN i = 4 THEN 'REJECTED' ELSE 'APPROVED' END, 'test', 'test' FROM generate_series(1, 5) AS i`);
    await expectKeptExact('an insert of three statuses');
    await run(`UPDATE credit_payments SET status = 'APPROVED' WHERE id = 'lrc-pay-1'`);
    await expectKeptExact('an audit passed');
    // One statement moving rows both ways between statuses, and one row to the status it had.
    await run(`UPDATE credit_payments SET status = CASE id WHEN 'lrc-pay-2' THEN 'REJECTED' WHEN 'lrc-pay-4' THEN 'PENDING' ELSE status END
      WHERE id IN ('lrc-pay-2', 'lrc-pay-4', 'lrc-pay-5')`);
    await expectKeptExact('a statement moving statuses both ways');
    await run(`UPDATE credit_payments SET remark = '只改备注' WHERE id LIKE 'lrc-pay-%'`);
    await expectKeptExact('an update of no status');
    await run(`DELETE FROM credit_payments WHERE id IN ('lrc-pay-3', 'lrc-pay-4')`);
    await expectKeptExact('a delete');
    await srv.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE credit_payments SET status = 'REJECTED' WHERE id LIKE 'lrc-pay-%'`);
        await tx.execute(sql`DELETE FROM credit_payments WHERE id = 'lrc-pay-5'`);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    await expectKeptExact('a rolled-back transaction');
    await run(`DELETE FROM credit_payments WHERE id LIKE 'lrc-pay-%'`);
    await expectKeptExact('the rest deleted');
  });

  it('the lists answer the kept counts: 付款审核’s tabs and total, the unfiltered corporations and financing applications', async () => {
    await run(`INSERT INTO credit_payments (id, payer_unit_id, amount, value_date, bank_serial_no, status, create_by, update_by)
      SELECT 'lrc-tab-' || i, (SELECT min(id) FROM group_units), 10.00, current_date, 'LRCTAB' || i, CASE WHEN i = 1 THEN 'PENDING' ELSE 'REJECTED' END, 'test', 'test'
        FROM generate_series(1, 2) AS i`);
    const { tables, statuses } = await expectKeptExact('two more payments');
    const counted = Object.fromEntries(statuses.filter((s) => s.counted > 0).map((s) => [s.status, s.counted]));
    const payments = await admin.call<{ total: number; counts: Record<string, number> }>(REDEMPTION_CALLS.payments, {
      json: { status: PAYMENT_STATUS.pending, pageNum: 1, pageSize: 10 },
    });
    expect(payments.body.code, payments.text).toBe('0');
    expect(payments.body.data!.counts).toEqual(counted);
    expect(payments.body.data!.total).toBe(counted[PAYMENT_STATUS.pending]);
    const all = await admin.call<{ total: number }>(REDEMPTION_CALLS.payments, { json: { pageNum: 1, pageSize: 10 } });
    expect(all.body.data!.total).toBe(Object.values(counted).reduce((a, b) => a + b, 0));
    for (const [path, table] of [
      ['/op/v1/corporations/page', 'corporations'],
      [FINANCING_CALLS.page, 'financing_applications'],
    ]) {
      // Page 2 of one row a page: the first page holding everything would be counted from itself.
      const page = await admin.call<{ total: number }>(path, { json: { pageNum: 2, pageSize: 1 } });
      expect(page.body.code, page.text).toBe('0');
      expect(page.body.data!.total, path).toBe(tables.find((t) => t.name === table)!.counted);
    }
    await run(`DELETE FROM credit_payments WHERE id LIKE 'lrc-tab-%'`);
  });
});
