/**
 * Quota submissions racing for one account's last amount, on a real PostgreSQL through two server
 * processes (issue 42, month end). PGlite runs one transaction at a time, so quotas.test.ts's fifty
 * submissions at once are checked one after the other there; only here do two really overlap. Each must
 * count what the others hold back (DOMAIN.md "Quotas": available = granted - dispatched - frozen - used,
 * less what running requests reserve): exactly the ones that fit are accepted, the rest are refused
 * 额度不足 with the figures they were checked against, none answers a 5xx and PostgreSQL breaks no
 * deadlock. A modification's cut races with the dispatches, and so does the approval of an earlier
 * dispatch, whose amount must be counted once, as reserved or as dispatched, never both or neither, and
 * so does the revision of a returned dispatch (重新提交), which holds its new amount in place of its old.
 * After every accepted request is approved, each account's balances equal its ledger's sums.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { fenOf, yuan } from '../../src/lib/money';
import { dataOf, signInAs, type ApiClient, type ApiResponse } from './client';
import { POSTGRES_MISSING, postgresBinDir } from './postgres';
import { startTwoProcesses, type ServerProcess, type TwoProcesses } from './processes';

const API = '/op/v1/quotas';
const WF = '/op/v1/workflow';
const TERM = `${new Date().getFullYear() + 2}-06-30`;
const ROUNDS = 3;

const binDir = postgresBinDir();
if (!binDir) console.warn(POSTGRES_MISSING);

/** One submission of a race: a dispatch of `amount` to a branch, or a modification cutting the granted total by `amount`. */
interface Ask {
  kind: 'dispatch' | 'modify';
  amount: bigint;
  branch: number;
}
interface Submitted {
  request: { id: string };
  taskId: string;
}
interface Outcome {
  ask: Ask;
  answer: ApiResponse;
}

/** 额度不足's two wordings (locales/zh-CN quotas server.insufficient / insufficientReserved), amounts as ¥ with separators. */
const REFUSED = /^额度不足：可用额度 ¥([\d,.]+)(?: 中 ¥([\d,.]+) 已被审批中的申请占用，可下发 ¥([\d,.]+))?，本次需要 ¥([\d,.]+)$/;
const fenIn = (text: string) => fenOf(text.replaceAll(',', ''));

/** The figures a refusal was checked against: available, reserved and free (available - reserved), and what was asked. */
function refusalFigures(message: string) {
  const match = REFUSED.exec(message);
  if (!match) throw new Error(`not a 额度不足 refusal: ${message}`);
  const available = fenIn(match[1]);
  const reserved = match[2] ? fenIn(match[2]) : 0n;
  return { available, reserved, free: match[3] ? fenIn(match[3]) : available, needed: fenIn(match[4]) };
}

/** Every total a subset of `amounts` can make (fen): what the requests accepted before one refusal may have held back. */
function subsetSums(amounts: readonly bigint[]): Set<bigint> {
  let sums = new Set<bigint>([0n]);
  for (const amount of amounts) sums = new Set([...sums, ...[...sums].map((s) => s + amount)]);
  return sums;
}

describe.skipIf(!binDir)('quota submissions racing for one account, on PostgreSQL through two server processes', () => {
  let two: TwoProcesses;
  let db: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  /** A handler and a director on each process: the race's calls alternate between them. */
  let handlers: ApiClient[];
  let directors: ApiClient[];

  beforeAll(async () => {
    two = await startTwoProcesses(binDir!, 'quota_race');
    ({ a, b, db } = two);
    const signed = await Promise.all([
      signInAs(a.baseUrl, 'op_handler'),
      signInAs(b.baseUrl, 'op_handler'),
      signInAs(a.baseUrl, 'op_director'),
      signInAs(b.baseUrl, 'op_director2'),
    ]);
    handlers = signed.slice(0, 2);
    directors = signed.slice(2);
  }, 300_000);

  afterAll(() => two?.stop());
  const logs = () => two.logs();

  /** A fresh group of a demo core enterprise, three branches, and a platform quota of `granted` approved for it. */
  async function fundedGroup(granted: string) {
    const [handler] = handlers;
    const group = await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'GROUP', corpId: 'corp-demo-core-west' });
    const branches: string[] = [];
    for (const n of [1, 2, 3])
      branches.push(
        (await dataOf<{ id: string }>(handler, '/op/v1/group/units/save', { kind: 'BRANCH', parentId: group.id, unitName: `并发下发分公司${n}` })).id,
      );
    const applied = await dataOf<Submitted>(handler, `${API}/requests/apply`, {
      kind: 'PLATFORM',
      unitId: group.id,
      amount: granted,
      termEnd: TERM,
      reason: '并发额度',
    });
    await dataOf(directors[0], `${WF}/tasks/complete`, { taskId: applied.taskId, outcome: 'PASS', remark: '同意' });
    const { rows } = await db.query<{ id: string }>('SELECT id FROM quota_accounts WHERE unit_id = $1', [group.id]);
    return { groupId: group.id, accountId: rows[0].id, branches, granted: fenOf(granted) };
  }

  const submit = (client: ApiClient, source: { accountId: string; branches: string[]; granted: bigint }, ask: Ask) =>
    ask.kind === 'dispatch'
      ? client.call(`${API}/requests/dispatch`, {
          json: { accountId: source.accountId, reason: '并发下发', lines: [{ unitId: source.branches[ask.branch], amount: yuan(ask.amount) }] },
        })
      : client.call(`${API}/requests/modify`, {
          json: { accountId: source.accountId, amount: yuan(source.granted - ask.amount), termEnd: TERM, reason: '并发调减' },
        });

  /** Sends every ask at once, alternately through either process, and sorts the answers: accepted, or refused 额度不足. */
  async function race(source: Parameters<typeof submit>[1], asks: readonly Ask[], alongside: Array<() => Promise<ApiResponse>> = []) {
    const sent = asks.map((ask, i) => submit(handlers[i % 2], source, ask));
    const [answers, others] = await Promise.all([Promise.all(sent), Promise.all(alongside.map((call) => call()))]);
    const outcomes: Outcome[] = answers.map((answer, i) => ({ ask: asks[i], answer }));
    for (const { answer } of [...outcomes, ...others.map((answer) => ({ answer }))]) {
      expect(answer.status, `${answer.text}\n${logs()}`).toBeLessThan(500);
      expect(['0', 'QUOTA_INSUFFICIENT'], answer.text).toContain(answer.body.code);
    }
    const accepted = outcomes.filter((o) => o.answer.body.code === '0');
    const refused = outcomes.filter((o) => o.answer.body.code !== '0');
    return { accepted, refused, others };
  }

  /** What running requests hold back from the account, as the dispatch screen (accounts/tree) answers it. */
  const reservedNow = async (accountId: string) =>
    fenOf((await dataOf<{ account: { reserved: string } }>(handlers[0], `${API}/accounts/tree`, { id: accountId })).account.reserved);

  /** Approves every accepted request at once, by both directors on both processes: each must pass. */
  async function approveAll(accepted: readonly Outcome[]) {
    const answers = await Promise.all(
      accepted.map(({ answer }, i) =>
        directors[i % 2].call(`${WF}/tasks/complete`, { json: { taskId: (answer.body.data as Submitted).taskId, outcome: 'PASS', remark: '并发同意' } }),
      ),
    );
    for (const answer of answers) expect(answer.body.code, `${answer.text}\n${logs()}`).toBe('0');
  }

  /** Each account of the group: its balances, and what its ledger rows sum to. */
  async function ledgerAgrees(groupId: string) {
    const { rows } = await db.query<Record<string, string>>(
      `SELECT a.id, a.unit_id, a.granted::text, a.dispatched::text, a.frozen::text, a.used::text,
              coalesce(sum(l.d_granted), 0)::text AS l_granted, coalesce(sum(l.d_dispatched), 0)::text AS l_dispatched,
              coalesce(sum(l.d_frozen), 0)::text AS l_frozen, coalesce(sum(l.d_used), 0)::text AS l_used
         FROM quota_accounts a LEFT JOIN quota_ledger l ON l.account_id = a.id
        WHERE a.group_id = $1 GROUP BY a.id`,
      [groupId],
    );
    for (const row of rows)
      for (const balance of ['granted', 'dispatched', 'frozen', 'used'])
        expect(fenOf(row[`l_${balance}`]), `${row.id} ${balance}: ledger sum against the account`).toBe(fenOf(row[balance]));
    return new Map(rows.map((row) => [row.unit_id, row]));
  }

  const deadlocks = async () =>
    Number((await db.query<{ n: string }>(`SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = 'quota_race'`)).rows[0].n);
  const sum = (outcomes: readonly Outcome[]) => outcomes.reduce((total, o) => total + o.ask.amount, 0n);

  it('accepts exactly the dispatches and the cut that fit, refuses the rest 额度不足, through both processes at once', async () => {
    // ¥10.00 granted; fourteen dispatches and one cut ask ¥21.35 in all.
    const cents = [100, 250, 75, 125, 300, 50, 200, 110, 90, 175, 225, 60, 140, 35];
    const asks: Ask[] = cents.map((c, i) => ({ kind: 'dispatch', amount: BigInt(c), branch: i % 3 }));
    asks.splice(5, 0, { kind: 'modify', amount: 200n, branch: 0 });
    for (let round = 0; round < ROUNDS; round += 1) {
      const source = await fundedGroup('10.00');
      const { accepted, refused } = await race(source, asks);
      expect(accepted.length, `round ${round}`).toBeGreaterThan(0);
      expect(refused.length, `round ${round}`).toBeGreaterThan(0);
      // Never both win: what the accepted ones hold back fits the account, and the screen says they hold exactly that.
      const held = sum(accepted);
      expect(held).toBeLessThanOrEqual(source.granted);
      expect(await reservedNow(source.accountId)).toBe(held);
      // Exactly the ones that fit: what is free only shrinks while they run, so each refused ask is more than
      // what is free at the end, and each was checked against the full account less what some accepted ones held.
      const reachable = subsetSums(accepted.map((o) => o.ask.amount));
      for (const { ask, answer } of refused) {
        expect(ask.amount, `round ${round}: refused ${yuan(ask.amount)} with ${yuan(source.granted - held)} free`).toBeGreaterThan(source.granted - held);
        const figures = refusalFigures(answer.body.message as string);
        expect(figures).toMatchObject({ available: source.granted, needed: ask.amount, free: figures.available - figures.reserved });
        expect(figures.free).toBeLessThan(ask.amount);
        expect(reachable.has(figures.reserved), `round ${round}: ${answer.body.message}`).toBe(true);
      }

      await approveAll(accepted);
      const accounts = await ledgerAgrees(source.groupId);
      const cut = sum(accepted.filter((o) => o.ask.kind === 'modify'));
      const dispatched = sum(accepted.filter((o) => o.ask.kind === 'dispatch'));
      expect(accounts.get(source.groupId)).toMatchObject({ granted: yuan(source.granted - cut), dispatched: yuan(dispatched) });
      source.branches.forEach((unitId, n) => {
        const granted = sum(accepted.filter((o) => o.ask.kind === 'dispatch' && o.ask.branch === n));
        expect(accounts.get(unitId)?.granted ?? '0.00', `branch ${n + 1}`).toBe(yuan(granted));
      });
      expect(await reservedNow(source.accountId)).toBe(0n);
    }
    expect(await deadlocks()).toBe(0);
  }, 300_000);

  it('counts an earlier dispatch once, as held back or as dispatched, while its approval races with new submissions', async () => {
    const cents = [150, 100, 200, 50, 125, 75, 100, 100];
    const asks: Ask[] = cents.map((c, i) => ({ kind: 'dispatch', amount: BigInt(c), branch: i % 3 }));
    for (let round = 0; round < ROUNDS; round += 1) {
      const source = await fundedGroup('10.00');
      const earlier = await dataOf<Submitted>(handlers[0], `${API}/requests/dispatch`, {
        accountId: source.accountId,
        reason: '先行下发',
        lines: [{ unitId: source.branches[0], amount: '4.00' }],
      });
      const approve = () => directors[round % 2].call(`${WF}/tasks/complete`, { json: { taskId: earlier.taskId, outcome: 'PASS', remark: '同意' } });
      const { accepted, refused, others } = await race(source, asks, [approve]);
      expect(others[0].body.code, others[0].text).toBe('0');
      // ¥6.00 is free whichever committed first; ¥9.00 is asked.
      const free = source.granted - 400n;
      const held = sum(accepted);
      expect(held).toBeLessThanOrEqual(free);
      expect(refused.length, `round ${round}`).toBeGreaterThan(0);
      const reachable = subsetSums(accepted.map((o) => o.ask.amount));
      for (const { ask, answer } of refused) {
        expect(ask.amount).toBeGreaterThan(free - held);
        const figures = refusalFigures(answer.body.message as string);
        expect([source.granted, free]).toContain(figures.available);
        expect(figures.free).toBe(figures.available - figures.reserved);
        // Checked before the approval (available ¥10.00, the earlier ¥4.00 held back) or after it (available ¥6.00):
        // either way what was free is ¥6.00 less what some accepted ones held, never the ¥4.00 counted twice. A check
        // that reads without the lock may also read the account before the approval's commit and the running
        // requests after it, and see the ¥4.00 nowhere: a refusal then names more as free than there was, never less.
        const consistent = reachable.has(free - figures.free);
        const readAcrossTheCommit = figures.available === source.granted && reachable.has(figures.reserved);
        expect(consistent || readAcrossTheCommit, `round ${round}: ${answer.body.message}`).toBe(true);
      }
      await approveAll(accepted);
      const accounts = await ledgerAgrees(source.groupId);
      expect(accounts.get(source.groupId)).toMatchObject({ granted: '10.00', dispatched: yuan(400n + held) });
    }
    expect(await deadlocks()).toBe(0);
  }, 300_000);

  it('counts a returned dispatch revised upwards against new dispatches racing its revision, never both over the account', async () => {
    const cents = [150, 100, 200, 75, 125, 100];
    const asks: Ask[] = cents.map((c, i) => ({ kind: 'dispatch', amount: BigInt(c), branch: i % 3 }));
    for (let round = 0; round < 2 * ROUNDS; round += 1) {
      const source = await fundedGroup('10.00');
      const returned = await dataOf<Submitted & { instanceId: string }>(handlers[0], `${API}/requests/dispatch`, {
        accountId: source.accountId,
        reason: '先行下发',
        lines: [{ unitId: source.branches[0], amount: '2.00' }],
      });
      await dataOf(directors[0], `${WF}/tasks/complete`, { taskId: returned.taskId, outcome: 'REJECT', remark: '请修改后重新提交' });
      const { request } = await dataOf<{ request: { dataVersion: number } }>(handlers[0], `${API}/requests/find-by-id`, { id: returned.request.id });
      // Returned, it still holds its ¥2.00; its revision asks ¥5.00 while six dispatches ask ¥7.50 of the rest.
      // Sent a little later each round, so that it meets the dispatches at their first check or at their last.
      const revise = async () => {
        await new Promise((r) => setTimeout(r, (round % 3) * 60));
        return handlers[round % 2].call(`${WF}/instances/resubmit`, {
          json: {
            instanceId: returned.instanceId,
            reason: '按意见调高',
            lines: [{ unitId: source.branches[0], amount: '5.00' }],
            dataVersion: request.dataVersion,
          },
        });
      };
      const { accepted, refused, others } = await race(source, asks, [revise]);
      const revised = others[0].body.code === '0';
      const held = (revised ? 500n : 200n) + sum(accepted);
      expect(held, `round ${round}`).toBeLessThanOrEqual(source.granted);
      expect(await reservedNow(source.accountId)).toBe(held);
      for (const { ask } of refused) expect(ask.amount).toBeGreaterThan(source.granted - held);
      // Refused, the revision found less than ¥5.00 free besides its own ¥2.00, which stays held.
      if (!revised) expect(500n, others[0].text).toBeGreaterThan(source.granted - sum(accepted));

      // The submitter sends it back to the director; every accepted request is approved, and the account moves exactly what was held.
      const task = (await dataOf<{ currentTask: { id: string } }>(handlers[0], `${WF}/instances/find-by-id`, { instanceId: returned.instanceId })).currentTask;
      await dataOf(handlers[0], `${WF}/tasks/complete`, { taskId: task.id, outcome: 'PASS', remark: '已修改' });
      const review = (await dataOf<{ currentTask: { id: string } }>(handlers[0], `${WF}/instances/find-by-id`, { instanceId: returned.instanceId }))
        .currentTask;
      await dataOf(directors[1], `${WF}/tasks/complete`, { taskId: review.id, outcome: 'PASS', remark: '同意' });
      await approveAll(accepted);
      const accounts = await ledgerAgrees(source.groupId);
      expect(accounts.get(source.groupId)).toMatchObject({ granted: '10.00', dispatched: yuan(held) });
    }
    expect(await deadlocks()).toBe(0);
  }, 300_000);
});
