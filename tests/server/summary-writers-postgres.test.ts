/**
 * The dashboard's summary rows under concurrent writers on a real PostgreSQL (issue 42, month end).
 * The summaries (credit_note_*_totals, workflow_end_bins, corporation_*_counts, list_row_counts) are
 * kept by triggers in the writing transaction. Kept row by row, each writer locked a summary row the
 * moment it changed a note, in the order it changed its notes: two writers changing notes of different
 * due dates (or holders) in opposite orders then waited on each other, and PostgreSQL broke the cycle
 * by failing one of them (40P01, deadlock detected). PGlite runs one transaction at a time and cannot
 * show this, so this file runs two and then eight connections against one PostgreSQL database at once:
 * every transaction commits, and every summary row equals what the rebuild makes from the raw rows. The
 * same for the quota ledger's sums per account and per unit, with writers appending to accounts in random orders.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../server/db/open';
import { POSTGRES_MISSING, postgresBinDir, startPostgres, type TestPostgres } from './postgres';

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

const DUE = ['2027-01-10', '2027-02-10', '2027-03-10', '2027-04-10'];
const HOLDERS = ['sw-holder-1', 'sw-holder-2', 'sw-holder-3', 'sw-holder-4'];

/** Every summary table, as its rows read in one fixed order (a comparison of two readings). */
const SUMMARY_READS = [
  `SELECT due_date::text, status, notes, amount::text FROM credit_note_due_totals ORDER BY 1, 2`,
  `SELECT issue_date::text, notes, amount::text FROM credit_note_issue_totals ORDER BY 1`,
  `SELECT holder_corp_id, notes, amount::text FROM credit_note_holder_totals ORDER BY 1`,
  `SELECT table_name, sum(rows)::text AS rows FROM list_row_counts GROUP BY 1 ORDER BY 1`,
];

describe.skipIf(!binDir)('summary rows with concurrent writers on PostgreSQL', () => {
  let postgres: TestPostgres;
  let databaseUrl: string;
  const clients: pg.Client[] = [];

  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    clients.push(client);
    return client;
  };

  /** Notes for one writer's transaction: one per due date and holder, so its changes touch every summary key. */
  async function insertNotes(client: pg.Client, tag: string): Promise<string[]> {
    const ids = DUE.map((_, i) => `sw-${tag}-${i}`);
    await client.query(
      `INSERT INTO credit_notes (id, note_no, root_id, group_id, issuer_unit_id, issuer_name, quota_account_id, holder_corp_id, holder_name, amount, issue_date, due_date, product_name, status)
       SELECT id, 'SW' || id, id, 'sw-group', 'sw-unit', '并发集团', 'sw-acct', holder, '并发供应商', 1000.25, '2026-11-01', due::date, '云信', 'ISSUED'
         FROM unnest($1::text[], $2::text[], $3::text[]) AS n(id, due, holder)`,
      [ids, DUE, HOLDERS],
    );
    return ids;
  }

  async function summaries(client: pg.Client) {
    const read = async () => Promise.all(SUMMARY_READS.map(async (q) => (await client.query(q)).rows));
    const kept = await read();
    await client.query('BEGIN');
    await client.query('SELECT dashboard_summaries_rebuild(), list_row_counts_rebuild()');
    const rebuilt = await read();
    await client.query('ROLLBACK');
    return { kept, rebuilt };
  }

  beforeAll(async () => {
    postgres = await startPostgres(binDir!);
    databaseUrl = await postgres.createDatabase('summary_writers');
    const database = postgresDatabase(databaseUrl);
    await database.migrate();
    await database.close();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    postgres?.stop();
  });

  it('commits two writers that change notes of different due dates and holders in opposite orders', async () => {
    const [setup, a, b] = await Promise.all([connect(), connect(), connect()]);
    const [n1, n2] = await Promise.all([insertNotes(setup, 'a'), insertNotes(setup, 'b')]);
    const redeem = (client: pg.Client, id: string) => client.query(`UPDATE credit_notes SET status = 'REDEEMED' WHERE id = $1`, [id]);
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // A redeems a note due first, then one due last; B, a moment later, one due last, then one due first.
    const writer = async (client: pg.Client, start: number, first: string, second: string) => {
      await client.query('BEGIN');
      try {
        await pause(start);
        await redeem(client, first);
        await pause(300);
        await redeem(client, second);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    };
    const settled = await Promise.allSettled([writer(a, 0, n1[0], n1[3]), writer(b, 150, n2[3], n2[0])]);
    expect(settled.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason))).toEqual([]);
    const { kept, rebuilt } = await summaries(setup);
    expect(kept).toEqual(rebuilt);
  }, 60_000);

  it('keeps every summary row exact with eight writers changing notes in random orders at once', async () => {
    const writers = await Promise.all(Array.from({ length: 8 }, connect));
    const setup = writers[0];
    const failures: string[] = [];
    let committed = 0;
    await Promise.all(
      writers.map(async (client, w) => {
        for (let round = 0; round < 6; round += 1) {
          const tag = `${w}-${round}-${randomUUID().slice(0, 4)}`;
          const ids = await insertNotes(client, tag);
          const order = [...ids].sort(() => Math.random() - 0.5);
          try {
            await client.query('BEGIN');
            for (const [i, id] of order.entries()) {
              // Redeem, finance, and move a note to another holder and due date: each touches two keys of each summary.
              if (i % 3 === 0) await client.query(`UPDATE credit_notes SET status = 'REDEEMED' WHERE id = $1`, [id]);
              else if (i % 3 === 1) await client.query(`UPDATE credit_notes SET status = 'FINANCED' WHERE id = $1`, [id]);
              else
                await client.query(`UPDATE credit_notes SET holder_corp_id = $2, due_date = $3 WHERE id = $1`, [
                  id,
                  HOLDERS[(w + round) % HOLDERS.length],
                  DUE[(w + round + i) % DUE.length],
                ]);
            }
            await client.query(`DELETE FROM credit_notes WHERE id = $1`, [order[order.length - 1]]);
            await client.query('COMMIT');
            committed += 1;
          } catch (error) {
            failures.push(String(error));
            await client.query('ROLLBACK');
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(committed).toBe(48);
    const { kept, rebuilt } = await summaries(setup);
    expect(kept).toEqual(rebuilt);
  }, 120_000);

  // The payments' rows by status (付款审核's tabs, migration list_counts_of_corporations_financings_payments): each audit moves one
  // from PENDING to another status's key in the auditor's transaction; eight writers recording, auditing and deleting at once.
  it('keeps the payments’ counts by status exact with eight writers recording, auditing and deleting payments in random orders at once', async () => {
    const writers = await Promise.all(Array.from({ length: 8 }, connect));
    const setup = writers[0];
    await setup.query(
      `INSERT INTO group_units (id, group_id, kind, unit_name, create_by, update_by) VALUES ('sw-payer', 'sw-payer', 'GROUP', '并发付款单位', 'sw', 'sw')`,
    );
    const failures: string[] = [];
    await Promise.all(
      writers.map(async (client, w) => {
        for (let round = 0; round < 6; round += 1) {
          const ids = Array.from({ length: 4 }, (_, i) => `sw-pay-${w}-${round}-${i}`);
          try {
            await client.query(
              `INSERT INTO credit_payments (id, payer_unit_id, amount, value_date, bank_serial_no, create_by, update_by)
               SELECT id, 'sw-payer', 10.00, current_date, 'SW' || id, 'sw', 'sw' FROM unnest($1::text[]) AS p(id)`,
              [ids],
            );
            const order = [...ids].sort(() => Math.random() - 0.5);
            await client.query('BEGIN');
            await client.query(`UPDATE credit_payments SET status = 'APPROVED' WHERE id = $1`, [order[0]]);
            await client.query(`UPDATE credit_payments SET status = 'REJECTED' WHERE id = $1`, [order[1]]);
            await client.query(`DELETE FROM credit_payments WHERE id = $1`, [order[2]]);
            await client.query('COMMIT');
          } catch (error) {
            failures.push(String(error));
            await client.query('ROLLBACK');
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    const kept = (
      await setup.query(`SELECT substr(table_name, 17) AS status, sum(rows)::int AS n FROM list_row_counts WHERE starts_with(table_name, 'credit_payments/')
        GROUP BY 1 HAVING sum(rows) <> 0 ORDER BY 1`)
    ).rows;
    const counted = (await setup.query(`SELECT status, count(*)::int AS n FROM credit_payments GROUP BY 1 ORDER BY 1`)).rows;
    expect(kept).toEqual(counted);
    expect(counted).toEqual([
      { status: 'APPROVED', n: 48 },
      { status: 'PENDING', n: 48 },
      { status: 'REJECTED', n: 48 },
    ]);
  }, 120_000);

  it('keeps the ledger’s per-account and per-unit sums exact with eight writers appending to accounts of four units in random orders', async () => {
    const writers = await Promise.all(Array.from({ length: 8 }, connect));
    const setup = writers[0];
    // Two accounts (the platform's own quota and a third party's through it) on each of four units of one group.
    const accounts = Array.from({ length: 8 }, (_, i) => ({ id: `sw-acct-${i}`, unit: `sw-unit-${i % 4}`, kind: i < 4 ? 'PLATFORM' : 'THIRD_PARTY' }));
    await setup.query(
      `INSERT INTO quota_accounts (id, kind, channel, grantor_id, unit_id, group_id, granted, term_end, create_by, update_by)
       SELECT id, kind, 'PLATFORM', 'PLATFORM', unit, 'sw-group', 0, '2099-12-31', 'sw', 'sw' FROM unnest($1::text[], $2::text[], $3::text[]) AS a(id, unit, kind)`,
      [accounts.map((a) => a.id), accounts.map((a) => a.unit), accounts.map((a) => a.kind)],
    );
    const failures: string[] = [];
    await Promise.all(
      writers.map(async (client, w) => {
        for (let round = 0; round < 6; round += 1) {
          const order = [...accounts].sort(() => Math.random() - 0.5);
          try {
            await client.query('BEGIN');
            // The flush adds each transaction's deltas to the accounts' rows, then to the units' rows, each in key order.
            for (const [i, account] of order.entries())
              await client.query(
                `INSERT INTO quota_ledger (account_id, movement, amount, d_granted, d_used, available_after, create_by) VALUES ($1, 'ADJUST', $2, $2, $3, 0, 'sw')`,
                [account.id, `${w + 1}.${round}${i}`, `0.0${i}`],
              );
            await client.query('COMMIT');
          } catch (error) {
            failures.push(String(error));
            await client.query('ROLLBACK');
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    const reads = [
      'SELECT account_id, movements, d_granted::text, d_used::text FROM quota_ledger_totals ORDER BY 1',
      'SELECT unit_id, group_id, movements, d_granted::text, d_used::text FROM quota_unit_totals ORDER BY 1',
    ];
    const read = async () => Promise.all(reads.map(async (q) => (await setup.query(q)).rows));
    const kept = await read();
    await setup.query('BEGIN');
    await setup.query('SELECT quota_ledger_summaries_rebuild()');
    const rebuilt = await read();
    await setup.query('ROLLBACK');
    expect(kept).toEqual(rebuilt);
    expect(kept[1]).toHaveLength(4);
    expect(kept[1].map((row: { movements: number }) => row.movements)).toEqual([96, 96, 96, 96]);
  }, 120_000);
});
