/**
 * A ledger export larger than one batch (issue 42 item 1: a year's ledger exported as a stream): the
 * rows are read by keyset, batch after batch, and written as they are read. The file holds every row of
 * the account once, newest first across the batches' seams, with the header of the list and the amounts
 * to the fen.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileExportRecords, quotaAccounts } from '../../server/db/schema';
import { dataOf, signInAs } from './client';
import { exportFinished } from './export-job';
import { startServer, type TestServer } from './server';

// Private: the test adds thousands of movements to an account, which other files' figures must not see.
let srv: TestServer;
beforeAll(async () => {
  srv = await startServer();
}, 180_000);
afterAll(() => srv.close());

/** PGlite answers rows in `rows`, node-postgres's drizzle as the array itself. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/** Pairs of a freeze and its release: the account's figures are unchanged, its ledger has 2 × PAIRS more rows. */
const PAIRS = 3_100;

describe('the quota ledger export', () => {
  it('writes an account of more than one batch whole, each row once, newest first, to the fen', async () => {
    const db = srv.database.db;
    const [account] = await db.select({ id: quotaAccounts.id }).from(quotaAccounts).where(eq(quotaAccounts.unitId, 'unit-demo-group')).limit(1);
    await db.execute(sql`
      INSERT INTO quota_ledger (account_id, movement, amount, d_frozen, available_after, remark, create_by, create_time)
      SELECT ${account.id}, m.movement, m.sign * (g % 997 + 1) / 100.0, m.sign * (g % 997 + 1) / 100.0, 0, 'export probe', 'op_handler',
             now() - (${PAIRS} - g) * interval '1 minute'
        FROM generate_series(1, ${PAIRS}) g
        CROSS JOIN (VALUES ('FREEZE', 1, 1), ('UNFREEZE', -1, 2)) AS m(movement, sign, ord)
       ORDER BY g, m.ord`);
    const [expected] = rowsOf<{ n: number; total: string; newest: string }>(
      await db.execute(
        sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS total, max(id)::text AS newest FROM quota_ledger WHERE account_id = ${account.id}`,
      ),
    );
    expect(expected.n).toBeGreaterThan(5_000);

    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const record = await dataOf<{ id: string }>(admin, '/op/v1/quotas/ledger/export', { accountId: account.id });
    const finished = await exportFinished(admin, record.id);
    expect(finished.status).toBe('SUCCESS');
    expect(finished.rowCount).toBe(expected.n);

    const [stored] = await db.select({ filePath: fileExportRecords.filePath }).from(fileExportRecords).where(eq(fileExportRecords.id, record.id));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(stored.filePath!);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(expected.n + 1);
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // The list's labels: 流水号 (the movement's id) and 发生金额.
    const idColumn = header.indexOf('流水号') + 1;
    const amountColumn = header.indexOf('发生金额') + 1;
    expect(idColumn * amountColumn, header.join(',')).toBeGreaterThan(0);
    // Every row once, newest first across the seams of the batches; the amounts sum to the ledger's, to the fen.
    let fen = 0n;
    const ids: number[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      fen += BigInt(Math.round(Number(row.getCell(amountColumn).value) * 100));
      ids.push(Number(row.getCell(idColumn).value));
    });
    expect(fen).toBe(BigInt(Math.round(Number(expected.total) * 100)));
    expect(ids[0]).toBe(Number(expected.newest));
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1])).toBe(true);
  }, 180_000);
});
