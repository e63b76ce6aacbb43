/**
 * The quota ledger's invariants under random sequences (fast-check), through the real server
 * functions on a real database (PGlite, migrated as at start): grants and dispatches go through their
 * requests and a director's approval, freezes, unfreezes, occupies, releases and recycles through
 * recordMovement. After every step: each account equals the model and the sums of its ledger rows,
 * nothing is negative, a parent has dispatched exactly what its children were granted, the tree's
 * total is what the root was granted, and a refused step wrote nothing. QUOTA_PROPERTY_RUNS scales it.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { groupUnits, quotaAccounts, quotaLedger } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { demoActorOf } from '../../server/demo-actor';
import { balancesOf, ledgerSums } from '../../server/quotas/ledger';
import { quotaRequestsOf, recordMovement } from '../../server/quotas/requests';
import type { Principal } from '../../server/security/sessions';
import { applyDeltas, balancesValid, deltasOf, ZERO_DELTAS, type QuotaBalances, type QuotaMovement } from '../../src/lib/quotas';
import { startServer, type TestServer } from './server';
import { yuan } from '../../src/lib/money';

const RUNS = Number(process.env.QUOTA_PROPERTY_RUNS ?? 8);
const TERM = `${new Date().getFullYear() + 2}-12-31`;

let srv: TestServer;
let ctx: AppContext;
let handler: Principal;
let director: Principal;

beforeAll(async () => {
  // Private: it reaches into its server's context.
  srv = await startServer({ extraRoutes: [(_api, appCtx) => void (ctx = appCtx)] });
  // The request functions read only who acts of a principal: the seeded persona stands for one.
  handler = (await demoActorOf(ctx, 'op_handler')) as unknown as typeof handler;
  director = (await demoActorOf(ctx, 'op_director')) as unknown as typeof director;
});
afterAll(() => srv.close());

type Unit = 'root' | 'a' | 'b' | 'a1';
const PARENT: Record<Unit, Unit | null> = { root: null, a: 'root', b: 'root', a1: 'a' };
const SPEND: readonly QuotaMovement[] = ['FREEZE', 'UNFREEZE', 'OCCUPY', 'RELEASE', 'RECYCLE'];

type Step =
  | { op: 'grant'; amount: number }
  | { op: 'dispatch'; to: 'a' | 'b' | 'a1'; amount: number; afresh: boolean }
  | { op: 'spend'; unit: Unit; movement: QuotaMovement; amount: number };

// Amounts in fen: grants larger than dispatches larger than spending, so most steps fit and some do not.
const fen = (max: number) => fc.integer({ min: 1, max });
const grant = fc.record({ op: fc.constant('grant' as const), amount: fen(500_000) });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: grant },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('dispatch' as const),
      to: fc.constantFrom('a' as const, 'a' as const, 'b' as const, 'a1' as const),
      amount: fen(150_000),
      afresh: fc.boolean(),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('spend' as const),
      unit: fc.constantFrom<Unit>('root', 'a', 'b', 'a1'),
      movement: fc.constantFrom<QuotaMovement>('FREEZE', 'FREEZE', 'FREEZE', 'OCCUPY', 'OCCUPY', ...SPEND),
      amount: fen(40_000),
    }),
  },
);
/** Every sequence starts with a grant, so the tree has quota to move. */
const sequence = fc.tuple(grant, fc.array(step, { minLength: 4, maxLength: 16 })).map(([first, rest]): Step[] => [first, ...rest]);

/** A fresh group tree: root, branches a and b, project department a1 under a. */
async function newTree(): Promise<Record<Unit, string>> {
  const ids = { root: `pt-${randomUUID()}`, a: `pt-${randomUUID()}`, b: `pt-${randomUUID()}`, a1: `pt-${randomUUID()}` };
  const row = (unit: Unit, kind: string) => ({
    id: ids[unit],
    groupId: ids.root,
    parentId: PARENT[unit] ? ids[PARENT[unit]!] : null,
    kind,
    ownName: `属性测试${unit}`,
  });
  await ctx.db.insert(groupUnits).values([row('root', 'GROUP'), row('a', 'BRANCH'), row('b', 'BRANCH'), row('a1', 'PROJECT_DEPT')]);
  return ids;
}

const refusedCode = (error: unknown) => (error instanceof ApiError ? error.code : `unexpected: ${String(error)}`);

describe('quota ledger invariants', () => {
  it('hold after every step of random grants, dispatches and spending', async () => {
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        const ids = await newTree();
        const requests = quotaRequestsOf(ctx);
        const model = new Map<Unit, QuotaBalances>();
        const accountIds = new Map<Unit, string>();
        const balance = (unit: Unit) => model.get(unit) ?? { ...ZERO_DELTAS };
        const approve = async (taskId: string | null) => ctx.workflow.complete(director, { taskId: taskId!, outcome: 'PASS' });
        const accountOf = async (unit: Unit) => {
          if (!accountIds.has(unit)) {
            const id = await requests.accountOfUnit('PLATFORM', 'PLATFORM', 'PLATFORM', ids[unit]);
            if (id) accountIds.set(unit, id);
          }
          return accountIds.get(unit);
        };

        for (const s of steps) {
          const ledgerBefore = (await ctx.db.select({ id: quotaLedger.id }).from(quotaLedger)).length;
          let expectedRefusal: string | undefined;
          let refusal: string | undefined;
          const amount = BigInt(s.amount);
          if (s.op === 'grant') {
            const root = await accountOf('root');
            const after = applyDeltas(balance('root'), deltasOf('GRANT', amount));
            try {
              const started = root
                ? await requests.modify(handler, { accountId: root, amount: yuan(after.granted), termEnd: TERM, reason: '追加' })
                : await requests.apply(handler, { kind: 'PLATFORM', unitId: ids.root, amount: yuan(amount), termEnd: TERM, reason: '授予' });
              await approve(started.taskId);
              model.set('root', after);
            } catch (error) {
              refusal = refusedCode(error);
            }
          } else if (s.op === 'dispatch') {
            const from = PARENT[s.to]!;
            const source = await accountOf(from);
            const child = balance(s.to);
            const delta = s.afresh ? amount - child.granted : amount;
            const sourceAfter = applyDeltas(balance(from), deltasOf('DISPATCH_OUT', delta));
            const childAfter = applyDeltas(child, deltasOf('DISPATCH_IN', delta));
            if (!source) expectedRefusal = 'NOT_FOUND';
            else if (delta === 0n) expectedRefusal = 'QUOTA_NOTHING_CHANGED';
            // Submission checks the source and what a cut child can give back (src/lib/quotas dispatchRefusal).
            else if (!balancesValid(sourceAfter) || !balancesValid(childAfter)) expectedRefusal = 'QUOTA_INSUFFICIENT';
            try {
              const started = await requests.dispatch(
                handler,
                { accountId: source ?? 'none', reason: '下发', lines: [{ unitId: ids[s.to], amount: yuan(amount) }] },
                s.afresh,
              );
              try {
                await approve(started.taskId);
                model.set(from, sourceAfter);
                model.set(s.to, childAfter);
              } catch (error) {
                refusal = refusedCode(error);
                await ctx.workflow.complete(director, { taskId: started.taskId!, outcome: 'REJECT', remark: '退回' });
              }
            } catch (error) {
              refusal = refusedCode(error);
            }
          } else {
            // Spending happens where there is an account: a unit without one spends at the root.
            const unit: Unit = (await accountOf(s.unit)) ? s.unit : 'root';
            const account = (await accountOf(unit))!;
            const after = applyDeltas(balance(unit), deltasOf(s.movement, amount));
            if (!balancesValid(after))
              expectedRefusal = after.granted - after.dispatched - after.frozen - after.used < 0n ? 'QUOTA_INSUFFICIENT' : 'QUOTA_MOVEMENT_INVALID';
            try {
              await ctx.db.transaction((tx) => recordMovement(tx, account, s.movement, amount, 'property'));
              model.set(unit, after);
            } catch (error) {
              refusal = refusedCode(error);
            }
          }
          expect(refusal, JSON.stringify(s)).toBe(expectedRefusal);
          if (refusal) expect((await ctx.db.select({ id: quotaLedger.id }).from(quotaLedger)).length, 'a refused step wrote nothing').toBe(ledgerBefore);
          await checkInvariants(ids, model);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});

describe('the approval checks again', () => {
  it('a dispatch that fitted when submitted is refused at approval when spending took the quota meanwhile, writing nothing', async () => {
    const ids = await newTree();
    const requests = quotaRequestsOf(ctx);
    const applied = await requests.apply(handler, { kind: 'PLATFORM', unitId: ids.root, amount: '100.00', termEnd: TERM, reason: '授予' });
    await ctx.workflow.complete(director, { taskId: applied.taskId!, outcome: 'PASS' });
    const root = (await requests.accountOfUnit('PLATFORM', 'PLATFORM', 'PLATFORM', ids.root))!;
    const dispatch = await requests.dispatch(handler, { accountId: root, reason: '下发', lines: [{ unitId: ids.a, amount: '80.00' }] }, false);
    // Issuance freezes through recordMovement, which moves money at once and holds nothing back for running requests.
    await ctx.db.transaction((tx) => recordMovement(tx, root, 'FREEZE', 3000n, 'property'));
    const ledgerBefore = (await ctx.db.select({ id: quotaLedger.id }).from(quotaLedger)).length;
    const refused = await ctx.workflow.complete(director, { taskId: dispatch.taskId!, outcome: 'PASS' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('QUOTA_INSUFFICIENT');
    expect((refused as ApiError).message).toBe('额度不足：可用额度 ¥70.00，本次需要 ¥80.00');
    expect((await ctx.db.select({ id: quotaLedger.id }).from(quotaLedger)).length).toBe(ledgerBefore);
    const [row] = await ctx.db.select().from(quotaAccounts).where(eq(quotaAccounts.id, root));
    expect(balancesOf(row)).toEqual({ granted: 10000n, dispatched: 0n, frozen: 3000n, used: 0n });
  }, 120_000);
});

async function checkInvariants(ids: Record<Unit, string>, model: Map<Unit, QuotaBalances>): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(quotaAccounts)
    .where(inArray(quotaAccounts.unitId, Object.values(ids)));
  const byUnit = new Map(rows.map((row) => [(Object.keys(ids) as Unit[]).find((u) => ids[u] === row.unitId)!, row]));
  for (const unit of Object.keys(ids) as Unit[]) {
    const row = byUnit.get(unit);
    const expected = model.get(unit) ?? { ...ZERO_DELTAS };
    const actual = row ? balancesOf(row) : { ...ZERO_DELTAS };
    expect(actual, `${unit} equals the model`).toEqual(expected);
    expect(balancesValid(actual)).toBe(true);
    if (!row) continue;
    expect(await ctx.db.transaction((tx) => ledgerSums(tx, row.id)), `${unit} equals its ledger`).toEqual(actual);
    const children = rows.filter((r) => r.parentId === row.id);
    expect(actual.dispatched, `${unit} dispatched what its children hold`).toBe(children.reduce((sum, c) => sum + balancesOf(c).granted, 0n));
    const [last] = await ctx.db
      .select()
      .from(quotaLedger)
      .where(eq(quotaLedger.accountId, row.id))
      .orderBy(quotaLedger.id)
      .limit(1)
      .offset(row.movements - 1);
    expect(last?.availableAfter, `${unit}'s last ledger row`).toBe(row.available);
  }
  // The tree's total is conserved: what the units keep for themselves sums to what the root was granted.
  const kept = rows.reduce((sum, r) => sum + balancesOf(r).granted - balancesOf(r).dispatched, 0n);
  expect(kept).toBe(model.get('root')?.granted ?? 0n);
}
