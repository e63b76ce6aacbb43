/**
 * The ledger export writes the ledger page's rows, cell for cell, on both engines. The export reads its
 * batches as the driver's arrays with the cells formatted by the database (server/exports/array-rows.ts,
 * issue 42's memory goal), the page through drizzle's objects: the id, the time to the millisecond the
 * page answers (PostgreSQL keeps microseconds: .123999 must read .123, as the page's Date does), the
 * movement's dictionary label, the amounts as their decimal text, the counterpart's current name, the
 * texts with their markup and spaces, and 操作人 as the person's name (the username for a system movement).
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileExportRecords, sysDictData } from '../../server/db/schema';
import { postgresDatabase } from '../../server/db/open';
import { dataOf, signInAs } from './client';
import { exportFinished } from './export-job';
import { POSTGRES_MISSING, postgresBinDir, startPostgres, type TestPostgres } from './postgres';
import { startServer, type TestServer } from './server';
import { PERSONAS } from '../../server/db/seed-data/personas';

const PERSON_NAMES: Record<string, string> = Object.fromEntries(PERSONAS.map((p) => [p.username, p.personName]));

/** PGlite answers rows in `rows`, node-postgres's drizzle as the array itself. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

interface LedgerRow {
  id: string;
  createTime: string;
  movement: string;
  amount: string;
  availableAfter: string;
  counterpartUnit: string | null;
  reference: string | null;
  remark: string | null;
  createByName: string | null;
}

async function exportMatchesPage(srv: TestServer): Promise<void> {
  const db = srv.database.db;
  // An account with dispatches (a counterpart's name to join), plus movements whose values are the awkward ones.
  const [{ accountId }] = rowsOf<{ accountId: string }>(
    await db.execute(sql`SELECT account_id AS "accountId" FROM quota_ledger WHERE counterpart_id IS NOT NULL ORDER BY id LIMIT 1`),
  );
  await db.execute(sql`
    INSERT INTO quota_ledger (account_id, movement, amount, d_frozen, available_after, reference, remark, create_by, create_time) VALUES
      (${accountId}, 'FREEZE', 12.30, 12.30, 0, NULL, ' <b>标记 & "引号"</b> ', 'op_handler', '2026-03-04 05:06:07.123999+00'),
      (${accountId}, 'UNFREEZE', -12.30, -12.30, 0, 'NOTE-0001', NULL, 'batch-job', '1999-12-31 23:59:59.999500+08')`);

  const admin = await signInAs(srv.baseUrl, 'op_admin');
  const page = await dataOf<{ records: LedgerRow[]; total: number }>(admin, '/op/v1/quotas/ledger/page', { accountId, pageSize: 500 });
  // Every movement of the account on one page (its total is the account's kept count, which the rows added here bypass).
  expect(page.records.length).toBeLessThan(500);
  expect(page.records.some((r) => r.counterpartUnit)).toBe(true);
  const labels = new Map(
    (await db.select().from(sysDictData).where(eq(sysDictData.dictType, 'quota_movement'))).map((d) => [d.dictValue, d.dictLabel] as const),
  );

  const record = await dataOf<{ id: string }>(admin, '/op/v1/quotas/ledger/export', { accountId });
  expect((await exportFinished(admin, record.id)).status).toBe('SUCCESS');
  const [stored] = await db.select({ filePath: fileExportRecords.filePath }).from(fileExportRecords).where(eq(fileExportRecords.id, record.id));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(stored.filePath!);
  const sheet = workbook.worksheets[0];
  expect(sheet.name).toBe('额度流水');
  expect(sheet.getRow(1).values).toEqual([undefined, '流水号', '发生时间', '流水类型', '发生金额', '发生后可用额度', '对方单位', '业务参考', '说明', '操作人']);

  const written = Array.from({ length: sheet.rowCount - 1 }, (_, i) => {
    const row = sheet.getRow(i + 2);
    return Array.from({ length: 9 }, (_, c) => row.getCell(c + 1));
  });
  expect(written.map((cells) => cells.map((c) => (c.value instanceof Date ? c.value.toISOString() : c.value)))).toEqual(
    page.records.map((r) => [
      r.id,
      new Date(r.createTime).toISOString(),
      labels.get(r.movement) ?? r.movement,
      r.amount,
      r.availableAfter,
      r.counterpartUnit,
      r.reference,
      r.remark,
      r.createByName,
    ]),
  );
  // Text stays text (the amounts too), the time a date in its column's format.
  for (const cells of written) {
    expect(cells[1].type).toBe(ExcelJS.ValueType.Date);
    expect(cells[1].numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect([cells[0], cells[3], cells[4]].map((c) => c.type)).toEqual([ExcelJS.ValueType.String, ExcelJS.ValueType.String, ExcelJS.ValueType.String]);
  }
  // The awkward movements, as the page answers them: the microseconds dropped, the names resolved.
  const marked = page.records.find((r) => r.remark?.includes('标记'));
  const noted = page.records.find((r) => r.reference === 'NOTE-0001');
  expect([marked?.createTime, marked?.createByName, marked?.remark]).toEqual(['2026-03-04T05:06:07.123Z', PERSON_NAMES.op_handler, ' <b>标记 & "引号"</b> ']);
  expect([noted?.createTime, noted?.createByName, noted?.amount]).toEqual(['1999-12-31T15:59:59.999Z', 'batch-job', '-12.30']);
}

describe('the ledger export, cell for cell as the page', () => {
  // Private: the test adds movements to an account, which other files' figures must not see.
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer();
  }, 180_000);
  afterAll(() => srv?.close());

  it('on PGlite', () => exportMatchesPage(srv), 120_000);
});

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

describe.skipIf(!binDir)('the ledger export, cell for cell as the page, on PostgreSQL', () => {
  let postgres: TestPostgres;
  let srv: TestServer;
  beforeAll(async () => {
    postgres = await startPostgres(binDir!);
    srv = await startServer({ database: postgresDatabase(await postgres.createDatabase('ledger_export_cells')) });
  }, 300_000);
  afterAll(async () => {
    await srv?.close();
    postgres?.stop();
  });

  it('on PostgreSQL', () => exportMatchesPage(srv), 120_000);
});
