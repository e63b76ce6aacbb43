/**
 * Issued notes for month end (bench/month-end.ts) and its PostgreSQL tests, made before anything is timed: the demo world
 * holds a handful of issued notes, all claimed by a pending payment within seconds of a run, so without these nothing
 * was split or paid.
 *
 * Made as an issuance leaves them, not through it (an application, its document review and a batch's two approvals with
 * an SMS signature per note would take minutes): the issuing units and accounts are the demo notes' own, each account's
 * quota moves through the product's ledger writer (server/quotas/ledger.ts) as a batch's generation and approval move it
 * (FREEZE, then OCCUPY; a GRANT first where the available would not cover them), so a payment's audit recycles real used
 * quota; the notes and their ISSUE holds are inserted with every trigger on (the split conservation, the dashboard's and
 * the lists' summaries). checkScaleInvariants (bench/scale/world.ts) and the summaries' rebuild check them afterwards.
 */
import type pg from 'pg';
import { fenOf, yuan } from '../src/lib/money';
import { QUOTA_MOVEMENT } from '../src/lib/quotas';
import { postgresDatabase } from '../server/db/open';
import { lockAccount, move } from '../server/quotas/ledger';

/** A made note: its id and number, the unit that issued it (the payer of its payment), its amount in fen. */
export interface MadeNote {
  id: string;
  noteNo: string;
  issuerUnitId: string;
  quotaAccountId: string;
  fen: bigint;
}

/** A set of notes to make: numbered `${prefix}00000` on, each held by `holder(i)`. */
export interface NoteSet {
  prefix: string;
  count: number;
  holder: (i: number) => string;
}

interface Issuer {
  issuer_unit_id: string;
  issuer_name: string;
  quota_account_id: string;
  group_id: string;
  product_name: string;
  parent_id: string | null;
  available: string;
}

/** Makes the sets' notes, issued today by the demo's issuing units in turn, due in 60 to 300 days. */
export async function makeIssuedNotes(databaseUrl: string, db: pg.Client, sets: readonly NoteSet[]): Promise<MadeNote[]> {
  const issuers = (
    await db.query<Issuer>(`SELECT DISTINCT ON (n.quota_account_id) n.issuer_unit_id, n.issuer_name, n.quota_account_id, n.group_id, n.product_name,
                                   a.parent_id, a.available::text AS available
                              FROM credit_notes n JOIN quota_accounts a ON a.id = n.quota_account_id
                             WHERE n.parent_id IS NULL ORDER BY n.quota_account_id, n.note_no`)
  ).rows;
  if (!issuers.length) throw new Error('the demo world has no issued note to issue like');
  const holderIds = [...new Set(sets.flatMap((set) => Array.from({ length: set.count }, (_, i) => set.holder(i))))];
  const holders = new Map(
    (await db.query<{ id: string; corp_name: string }>('SELECT id, corp_name FROM corporations WHERE id = ANY($1)', [holderIds])).rows.map((r) => [
      r.id,
      r.corp_name,
    ]),
  );
  const missing = holderIds.find((id) => !holders.has(id));
  if (missing) throw new Error(`no corporation ${missing} to hold notes`);
  const today = new Date().toISOString().slice(0, 10);
  // Each note's issuer in turn; its amount what its account can give: a dispatched account (one with a parent) holds only what
  // its parent dispatched to it (the deferred trigger quota_accounts_conserved), so its notes share nine tenths of its available
  // (¥100.00 at least each); a directly granted one is granted more where its available would not cover them.
  const counts = new Map<string, number>();
  const plan = sets.flatMap((set) =>
    Array.from({ length: set.count }, (_, i) => {
      const issuer = issuers[(set.prefix.length + i) % issuers.length];
      counts.set(issuer.quota_account_id, (counts.get(issuer.quota_account_id) ?? 0) + 1);
      return { set, i, issuer };
    }),
  );
  const meanFen = new Map(
    issuers.map((issuer) => {
      const available = fenOf(issuer.available);
      const mean = issuer.parent_id ? (available * 9n) / 10n / BigInt(counts.get(issuer.quota_account_id) ?? 1) : 25_000_000n;
      return [issuer.quota_account_id, mean > 25_000_000n ? 25_000_000n : mean] as const;
    }),
  );
  const rows: Array<MadeNote & { issuer: Issuer; holder: string; due: string }> = plan.map(({ set, i, issuer }) => {
    const mean = meanFen.get(issuer.quota_account_id)!;
    if (mean < 10_000n) throw new Error(`quota account ${issuer.quota_account_id} cannot cover ${counts.get(issuer.quota_account_id)} notes of ¥100.00`);
    return {
      id: `me-note-${set.prefix}${i}`,
      noteNo: `${set.prefix}${String(i).padStart(5, '0')}`,
      issuer,
      issuerUnitId: issuer.issuer_unit_id,
      quotaAccountId: issuer.quota_account_id,
      holder: set.holder(i),
      // Half the share to all of it: the sum never exceeds the account's share.
      fen: mean / 2n + BigInt(Math.floor(Math.random() * Number(mean / 2n))),
      due: new Date(Date.now() + (60 + (i % 240)) * 86_400_000).toISOString().slice(0, 10),
    };
  });

  const database = postgresDatabase(databaseUrl, 1);
  try {
    await database.db.transaction(async (tx) => {
      for (const issuer of issuers) {
        const accountId = issuer.quota_account_id;
        const total = rows.filter((r) => r.quotaAccountId === accountId).reduce((sum, r) => sum + r.fen, 0n);
        if (total === 0n) continue;
        let account = await lockAccount(tx, accountId);
        const available = fenOf(account.available);
        const trail = { actor: 'bench', remark: '月末票据' };
        // A refusal of the ledger's (more than the available) stops the bench here, before anything is timed.
        if (available < total && !account.parentId) account = await move(tx, account, { ...trail, movement: QUOTA_MOVEMENT.grant, amount: total - available });
        account = await move(tx, account, { ...trail, movement: QUOTA_MOVEMENT.freeze, amount: total });
        await move(tx, account, { ...trail, movement: QUOTA_MOVEMENT.occupy, amount: total });
      }
    });
  } finally {
    await database.close();
  }
  await db.query('BEGIN');
  try {
    await db.query(
      `INSERT INTO credit_notes (id, note_no, parent_id, root_id, group_id, issuer_unit_id, issuer_name, quota_account_id, holder_corp_id, holder_name,
          amount, issue_date, due_date, product_name, status, create_by, update_by)
        SELECT r.id, r.note_no, NULL, r.id, r.group_id, r.unit, r.issuer_name, r.account, r.holder, r.holder_name, r.amount::numeric, $9::date, r.due::date,
               r.product, 'ISSUED', 'bench', 'bench'
          FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $10::text[], $11::text[], $12::text[])
            AS r(id, note_no, group_id, unit, issuer_name, account, holder, holder_name, amount, due, product)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.noteNo),
        rows.map((r) => r.issuer.group_id),
        rows.map((r) => r.issuerUnitId),
        rows.map((r) => r.issuer.issuer_name),
        rows.map((r) => r.quotaAccountId),
        rows.map((r) => r.holder),
        rows.map((r) => holders.get(r.holder)!),
        today,
        rows.map((r) => yuan(r.fen)),
        rows.map((r) => r.due),
        rows.map((r) => r.issuer.product_name),
      ],
    );
    await db.query(
      `INSERT INTO credit_note_holds (id, note_id, kind, from_corp_id, from_name, to_corp_id, to_name, amount, create_by)
         SELECT 'me-hold-' || n.id, n.id, 'ISSUE', NULL, NULL, n.holder_corp_id, n.holder_name, n.amount, 'bench' FROM credit_notes n WHERE n.id = ANY($1)`,
      [rows.map((r) => r.id)],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query('ANALYZE credit_notes, credit_note_holds');
  return rows.map(({ id, noteNo, issuerUnitId, quotaAccountId, fen }) => ({ id, noteNo, issuerUnitId, quotaAccountId, fen }));
}
