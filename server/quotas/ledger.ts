/**
 * The quota ledger's one writer (DOMAIN.md "Quotas"): every movement locks its account row
 * (SELECT ... FOR UPDATE), checks the balances it would leave with src/lib/quotas in whole fen,
 * updates the account and appends its ledger row, all in the caller's transaction. Two approvals on
 * one account therefore run one after the other: the second reads what the first left and is refused
 * 额度不足 when it no longer fits. The table's CHECKs stand behind this (a balance gone negative by
 * any other path fails the statement), and a deferred trigger holds a dispatch's totals conserved.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  applyDeltas,
  availableOf,
  balancesValid,
  deltasOf,
  takeRefusal,
  type QuotaBalances,
  type QuotaMovement,
  type QuotaRefusal,
} from '../../src/lib/quotas';
import type { Tx } from '../db/tx';
import { quotaAccounts, quotaLedger } from '../db/schema';
import { businessError, notFoundError } from '../errors';
import { translate } from '../i18n';
import { fenOf, yuan } from '../../src/lib/money';

export type QuotaAccountRow = typeof quotaAccounts.$inferSelect;

export const balancesOf = (row: QuotaAccountRow): QuotaBalances => ({
  granted: fenOf(row.granted),
  dispatched: fenOf(row.dispatched),
  frozen: fenOf(row.frozen),
  used: fenOf(row.used),
});

/** A refusal of src/lib/quotas as the server answers it: its code, its message in the quotas namespace. */
export const refusalError = (refusal: QuotaRefusal) => businessError(refusal.code, `quotas:${refusal.key}`, refusal.params);

/** 额度不足: the account cannot afford the movement (its available, and what was asked). */
export function insufficient(row: QuotaAccountRow, needed: bigint) {
  return refusalError(
    takeRefusal({ available: availableOf(balancesOf(row)), reserved: 0n }, needed) ?? {
      code: 'QUOTA_INSUFFICIENT',
      key: 'server.insufficientPlain',
      params: {},
    },
  );
}

/** A movement that would leave something else negative (unfreezing more than is frozen, ...). */
const impossible = (movement: QuotaMovement) =>
  businessError('QUOTA_MOVEMENT_INVALID', 'quotas:server.movementInvalid', { movement: translate(`quotas:movement.${movement}`) });

export async function lockAccount(tx: Tx, id: string): Promise<QuotaAccountRow> {
  const [row] = await tx.select().from(quotaAccounts).where(eq(quotaAccounts.id, id)).for('update');
  if (!row) throw notFoundError(translate('quotas:server.accountNotFound'));
  return row;
}

export interface MovementInput {
  movement: QuotaMovement;
  /** Fen, signed where the movement allows it (adjust, a re-dispatch's cut). */
  amount: bigint;
  actor: string;
  counterpartId?: string | null;
  requestId?: string | null;
  processKey?: string | null;
  reference?: string | null;
  remark?: string | null;
}

/** Balances as the account's columns hold them (decimal strings). */
const moneyOf = (b: QuotaBalances) => ({ granted: yuan(b.granted), dispatched: yuan(b.dispatched), frozen: yuan(b.frozen), used: yuan(b.used) });

/**
 * What a movement leaves of `before` (the account's balances as they are, `row` for its refusal's message); refuses, writing
 * nothing, when a balance would not hold: 额度不足 when it takes more than is available, otherwise the movement is impossible.
 */
function checkedMovement(row: QuotaAccountRow, before: QuotaBalances, input: MovementInput): { deltas: QuotaBalances; after: QuotaBalances } {
  const deltas = deltasOf(input.movement, input.amount);
  const after = applyDeltas(before, deltas);
  if (!balancesValid(after)) {
    if (availableOf(after) < 0n) throw insufficient({ ...row, ...moneyOf(before) }, availableOf(before) - availableOf(after));
    throw impossible(input.movement);
  }
  return { deltas, after };
}

/**
 * Applies one movement to a locked account (lockAccount first, in the same transaction) and appends
 * its row; answers the account as it is now. Refuses, writing nothing, when the balances would not hold.
 */
export async function move(tx: Tx, account: QuotaAccountRow, input: MovementInput): Promise<QuotaAccountRow> {
  const { deltas, after } = checkedMovement(account, balancesOf(account), input);
  const [updated] = await tx
    .update(quotaAccounts)
    .set({
      ...moneyOf(after),
      movements: sql`${quotaAccounts.movements} + 1`,
      dataVersion: sql`${quotaAccounts.dataVersion} + 1`,
      updateTime: new Date(),
      updateBy: input.actor,
    })
    .where(eq(quotaAccounts.id, account.id))
    .returning();
  await tx.insert(quotaLedger).values({
    accountId: account.id,
    movement: input.movement,
    amount: yuan(input.amount),
    dGranted: yuan(deltas.granted),
    dDispatched: yuan(deltas.dispatched),
    dFrozen: yuan(deltas.frozen),
    dUsed: yuan(deltas.used),
    availableAfter: updated.available,
    counterpartId: input.counterpartId ?? null,
    requestId: input.requestId ?? null,
    processKey: input.processKey ?? null,
    reference: input.reference ?? null,
    remark: input.remark ?? null,
    createBy: input.actor,
  });
  return updated;
}

/**
 * Several movements over accounts locked already, in one statement: each is checked in turn as `move` checks it (the second
 * movement of an account against what the first left), then every account's new balances and every ledger row are written
 * at once, the ledger rows in the order given. A dispatch's approval holds its source account's lock, which every other
 * dispatch of that source waits for, from its lock to its commit: its movements were four statements a line there (an
 * account's update, then its ledger row, for each side); now they are one (docs/developers/benchmarks.md, month end).
 * Refuses, writing nothing, when any balance would not hold; the table's CHECKs stand behind it as behind `move`.
 */
export async function moveTogether(tx: Tx, movements: ReadonlyArray<{ account: QuotaAccountRow; input: MovementInput }>): Promise<void> {
  if (movements.length === 0) return;
  const accounts = new Map<string, { row: QuotaAccountRow; balances: QuotaBalances; movements: number; actor: string }>();
  const ledgerRows: SQL[] = [];
  for (const { account, input } of movements) {
    const held = accounts.get(account.id) ?? { row: account, balances: balancesOf(account), movements: 0, actor: input.actor };
    const { deltas, after } = checkedMovement(held.row, held.balances, input);
    accounts.set(account.id, { ...held, balances: after, movements: held.movements + 1, actor: input.actor });
    ledgerRows.push(
      sql`(${account.id}, ${input.movement}, ${yuan(input.amount)}, ${yuan(deltas.granted)}, ${yuan(deltas.dispatched)}, ${yuan(deltas.frozen)}, ${yuan(deltas.used)}, ${yuan(availableOf(after))}, ${input.counterpartId ?? null}, ${input.requestId ?? null}, ${input.processKey ?? null}, ${input.reference ?? null}, ${input.remark ?? null}, ${input.actor})`,
    );
  }
  const balances = [...accounts.entries()].map(
    ([id, { balances: b, movements: n, actor }]) =>
      sql`(${id}, ${yuan(b.granted)}::numeric, ${yuan(b.dispatched)}::numeric, ${yuan(b.frozen)}::numeric, ${yuan(b.used)}::numeric, ${n}::int, ${actor})`,
  );
  // A data-modifying WITH runs whether or not the statement reads it: the accounts' update and the ledger's rows are one statement.
  await tx.execute(sql`
    WITH moved AS (
      UPDATE ${quotaAccounts} AS a
      SET granted = v.granted, dispatched = v.dispatched, frozen = v.frozen, used = v.used,
        movements = a.movements + v.n, data_version = a.data_version + v.n, update_time = ${new Date().toISOString()}::timestamptz, update_by = v.actor
      FROM (VALUES ${sql.join(balances, sql`, `)}) AS v(id, granted, dispatched, frozen, used, n, actor)
      WHERE a.id = v.id
    )
    INSERT INTO ${quotaLedger} (account_id, movement, amount, d_granted, d_dispatched, d_frozen, d_used, available_after, counterpart_id, request_id, process_key, reference, remark, create_by)
    VALUES ${sql.join(ledgerRows, sql`, `)}`);
}

/** The balances the ledger sums to for an account (what the account row must equal). */
export async function ledgerSums(tx: Tx, accountId: string): Promise<QuotaBalances> {
  const [row] = await tx
    .select({
      granted: sql<string>`coalesce(sum(${quotaLedger.dGranted}), 0)::text`,
      dispatched: sql<string>`coalesce(sum(${quotaLedger.dDispatched}), 0)::text`,
      frozen: sql<string>`coalesce(sum(${quotaLedger.dFrozen}), 0)::text`,
      used: sql<string>`coalesce(sum(${quotaLedger.dUsed}), 0)::text`,
    })
    .from(quotaLedger)
    .where(eq(quotaLedger.accountId, accountId));
  return { granted: fenOf(row.granted), dispatched: fenOf(row.dispatched), frozen: fenOf(row.frozen), used: fenOf(row.used) };
}
