/**
 * Payment audits racing on a real PostgreSQL through two server processes (issue 42, month end): thirty directors audit
 * one issuer's payments at once, and every approved audit recycles its note's quota into the same few accounts. The
 * audit writes its decision first and locks the account last (server/redemption/payments.ts), so these rows are held
 * for the movements and the commit alone; that order must keep the rules. Each payment audited twice at once is
 * approved exactly once, its note redeemed once and its quota recycled once, to the fen; no 5xx, no deadlock; every
 * account equals its ledger's sums afterwards. An audit refused after its decision was written (its note no longer
 * outstanding) leaves the payment pending, logs nothing and moves no quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makeIssuedNotes, type MadeNote } from '../../bench/month-end-notes';
import { checkScaleInvariants } from '../../bench/scale/world';
import { DEMO_CORP } from '../../server/corporations/demo-seed';
import { fenOf, yuan } from '../../src/lib/money';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import { dataOf, signInAs, type ApiClient } from './client';
import { POSTGRES_MISSING, postgresBinDir } from './postgres';
import { startTwoProcesses, type ServerProcess, type TwoProcesses } from './processes';

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);
const PAYMENTS = 16;

describe.skipIf(!binDir)('payment audits racing on one issuer’s quota accounts, on PostgreSQL through two server processes', () => {
  let two: TwoProcesses;
  let databaseUrl: string;
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let handler: ApiClient;
  let directors: ApiClient[];

  beforeAll(async () => {
    two = await startTwoProcesses(binDir!, 'audit_race');
    ({ a, b, db, databaseUrl } = two);
    [handler, ...directors] = await Promise.all([signInAs(a.baseUrl, 'op_handler'), signInAs(a.baseUrl, 'op_director'), signInAs(b.baseUrl, 'op_director2')]);
  }, 300_000);

  afterAll(() => two?.stop());
  const used = async (accountIds: string[]) =>
    new Map(
      (await db.query<{ id: string; used: string }>('SELECT id, used::text FROM quota_accounts WHERE id = ANY($1)', [accountIds])).rows.map((r) => [
        r.id,
        fenOf(r.used),
      ]),
    );
  const pay = (note: MadeNote, serial: string) =>
    dataOf<{ id: string }>(handler, REDEMPTION_CALLS.addPayment, {
      payerUnitId: note.issuerUnitId,
      amount: yuan(note.fen),
      valueDate: new Date().toISOString().slice(0, 10),
      bankSerialNo: serial,
      noteIds: [note.id],
    });
  const audit = (director: ApiClient, id: string) => director.call(REDEMPTION_CALLS.audit, { json: { id, outcome: 'PASS', opinion: '到账一致' } });

  it('approves each payment audited twice at once exactly once, recycling each note’s quota once, to the fen', async () => {
    const notes = await makeIssuedNotes(databaseUrl, db, [{ prefix: 'PAR-', count: PAYMENTS, holder: (i) => DEMO_CORP.supplier(1 + (i % 8)) }]);
    const accounts = [...new Set(notes.map((n) => n.quotaAccountId))];
    const payments = [];
    for (const [i, note] of notes.entries()) payments.push(await pay(note, `PAR${String(i).padStart(6, '0')}`));
    const before = await used(accounts);

    // Every payment by both directors at once, one on each process: 32 audits on a few accounts.
    const answers = await Promise.all(payments.flatMap((p, i) => [audit(directors[i % 2], p.id), audit(directors[(i + 1) % 2], p.id)]));
    for (const answer of answers) expect(answer.status, `${answer.text}\n${two.logs()}`).toBeLessThan(500);
    for (let i = 0; i < PAYMENTS; i++) {
      const codes = [answers[2 * i].body.code, answers[2 * i + 1].body.code].sort();
      expect(codes, answers[2 * i].text + answers[2 * i + 1].text).toEqual(['0', 'CREDIT_PAYMENT_AUDITED']);
    }

    const after = await used(accounts);
    for (const account of accounts) {
      const recycled = notes.filter((n) => n.quotaAccountId === account).reduce((sum, n) => sum + n.fen, 0n);
      expect(before.get(account)! - after.get(account)!, account).toBe(recycled);
    }
    const { rows: redeemed } = await db.query<{ status: string; recycles: string }>(
      `SELECT n.status, (SELECT count(*) FROM quota_ledger l WHERE l.reference = n.note_no AND l.movement = 'RECYCLE')::text AS recycles
         FROM credit_notes n WHERE n.id = ANY($1)`,
      [notes.map((n) => n.id)],
    );
    expect(redeemed).toHaveLength(PAYMENTS);
    for (const row of redeemed) expect(row).toEqual({ status: 'REDEEMED', recycles: '1' });
    const { rows: approved } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM credit_payments WHERE id = ANY($1) AND status = 'APPROVED'`, [
      payments.map((p) => p.id),
    ]);
    expect(approved[0].n).toBe(String(PAYMENTS));
    expect(await checkScaleInvariants(async (statement) => (await db.query(statement)).rows)).toEqual([]);
    const { rows: deadlocks } = await db.query<{ deadlocks: string }>(`SELECT deadlocks::text FROM pg_stat_database WHERE datname = 'audit_race'`);
    expect(deadlocks[0].deadlocks).toBe('0');
  }, 120_000);

  it('an audit refused after its decision was written leaves the payment pending, unlogged, and the quota where it was', async () => {
    const [note] = await makeIssuedNotes(databaseUrl, db, [{ prefix: 'PAX-', count: 1, holder: () => DEMO_CORP.supplier(2) }]);
    const payment = await pay(note, 'PAX000001');
    // The note closed outside this payment meanwhile (as a registration's approval would close it): the audit must refuse.
    await db.query(`UPDATE credit_notes SET status = 'REDEEMED' WHERE id = $1`, [note.id]);
    const before = await used([note.quotaAccountId]);
    const answer = await audit(directors[0], payment.id);
    expect(answer.body.code, answer.text).toBe('CREDIT_NOTE_NOT_REDEEMABLE');
    const { rows } = await db.query<{ status: string; audit_by: string | null }>('SELECT status, audit_by FROM credit_payments WHERE id = $1', [payment.id]);
    expect(rows).toEqual([{ status: 'PENDING', audit_by: null }]);
    const { rows: logged } = await db.query<{ action: string }>(`SELECT action FROM sys_operation_logs WHERE record_id = $1 ORDER BY create_time`, [
      payment.id,
    ]);
    expect(logged.map((l) => l.action)).toEqual(['CREATE']);
    expect(await used([note.quotaAccountId])).toEqual(before);
  }, 60_000);
});
