/**
 * The twelve quota processes (spec 4.5, DOMAIN.md "Quotas"): an application, a modification, a
 * dispatch or a re-dispatch is a request row that starts its owned process in the same transaction
 * and is submitted at once (the handler's Edit step passed), so it waits for a director. Only the end
 * that approves it moves money: inside that ending transaction the ledger rows are written, after the
 * balances are checked again under the accounts' row locks, since they may have moved since the
 * request was made. A refusal there (额度不足) undoes the completion; a reject or a withdrawal writes
 * nothing but the request's status.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { hasPermission } from '../../src/lib/access';
import { CORP_TYPE, UNIT_KIND } from '../../src/lib/corporations';
import { PERMISSIONS } from '../../src/features/quotas/permissions';
import {
  channelOf,
  DISPATCH_UNIT_KINDS,
  dispatchRefusal,
  lineDelta,
  PLATFORM_GRANTOR,
  QUOTA_KIND,
  QUOTA_MOVEMENT,
  QUOTA_PROCESS_KEYS,
  QUOTA_REQUEST_TYPE,
  quotaProcessKey,
  takeRefusal,
  availableOf,
  type DispatchLine,
  type DispatchTarget,
  type QuotaKind,
  type QuotaMovement,
  type QuotaRequestType,
} from '../../src/lib/quotas';
import { INSTANCE_STATUS } from '../../src/workflows/states';
import type { AppContext } from '../context';
import type { Tx } from '../db/tx';
import { corporations, groupUnits, quotaAccounts, quotaRequestLines, quotaRequests } from '../db/schema';
import { unitColumns, type UnitRow } from '../corporations';
import { aboutField, ApiError, businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import type { Principal } from '../security/sessions';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';
import type { Actor, InstanceEndEvent, InstanceRow, OwnedProcess } from '../workflow/engine';
import { parseWithSchema } from '../input/fields';
import { balancesOf, lockAccount, move, moveTogether, refusalError, type QuotaAccountRow } from './ledger';
import { dispatchTargetsOf, quotaFamilyOf, reservationsOf } from './reservations';
import {
  reviseApplyBody,
  reviseDispatchBody,
  reviseModifyBody,
  reviseRedispatchBody,
  reviseVersionBody,
  type applyBody,
  type DispatchLinesAsked,
  type dispatchBody,
  type modifyBody,
} from './input';
import type { z } from 'zod';
import { fenOf, yuan } from '../../src/lib/money';
import { dayOf } from '../../src/lib/dates';

export type QuotaRequestRow = typeof quotaRequests.$inferSelect;
type Unit = UnitRow;

/** businessType of the quota processes' instances (their businessKey is the request id). */
export const QUOTA_BUSINESS_TYPE = 'QUOTA_REQUEST';
/** What the operation log names a quota request as. */
export const QUOTA_REQUEST_LOG_RESOURCE = 'quota-requests';

/** A CHECK the balances broke (a path that skipped move()'s own check): still 额度不足, never a 5xx. */
function isCheckViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (typeof e === 'object' && e.code === '23514') return true;
  }
  return false;
}

async function unitOf(tx: Tx, id: string, field = 'unitId'): Promise<Unit> {
  const [unit] = await tx.select(unitColumns).from(groupUnits).where(eq(groupUnits.id, id));
  if (!unit) throw aboutField(notFoundError(translate('quotas:server.unitNotFound')), field);
  return unit;
}

/** The grantor by id alone: its name is read by join where shown (names.ts). */
interface Grantor {
  grantorId: string;
}

/** The platform itself, or a finance institution (a bank, a factoring company) for the other kinds. */
async function grantorOf(tx: Tx, kind: QuotaKind, grantorId: string | undefined): Promise<Grantor> {
  if (kind === QUOTA_KIND.platform) return { grantorId: PLATFORM_GRANTOR };
  // Required for these kinds only: the same refusal as a missing field of the schema's.
  if (grantorId === undefined)
    throw aboutField(validationError(translate('server:crud.required', { field: translate('quotas:fields.grantorId') })), 'grantorId');
  const [corp] = await tx.select().from(corporations).where(eq(corporations.id, grantorId));
  if (!corp || !corp.corpTypes.includes(CORP_TYPE.finance)) throw aboutField(validationError(translate('quotas:server.grantorNotFinance')), 'grantorId');
  return { grantorId };
}

const instances = new WeakMap<AppContext, QuotaRequests>();

/** The app's one QuotaRequests: its end listeners must be registered once, or an approval would move money twice. */
export function quotaRequestsOf(ctx: AppContext): QuotaRequests {
  const known = instances.get(ctx);
  if (known) return known;
  const requests = new QuotaRequests(ctx);
  instances.set(ctx, requests);
  return requests;
}

/** The term's last day must be after today: a rule on the calendar, not on the field's shape (a day that exists). */
function checkTermEnd(termEnd: string, today: string): string {
  if (termEnd <= today) throw aboutField(validationError(translate('quotas:server.termPast', { today })), 'termEnd');
  return termEnd;
}

/** What a modification (a new total and term) or a dispatch (its lines) asks of its account. */
type Asked = { total: bigint; termEnd: string } | { lines: DispatchLine[]; afresh: boolean };

export class QuotaRequests {
  private readonly processes = new Map<string, OwnedProcess>();

  /** Use quotaRequestsOf(ctx): a second instance would register its end listeners again. */
  constructor(private readonly ctx: AppContext) {
    for (const key of QUOTA_PROCESS_KEYS) {
      this.processes.set(key, ctx.workflow.own(key, 'quotas'));
      ctx.workflow.onInstanceEnd(key, (event, tx) => this.ended(event, tx));
      this.processes.get(key)!.revise((tx, principal, { instance, body }) => this.revise(tx, principal, instance, body));
    }
  }

  today(): string {
    return dayOf(this.ctx.now());
  }

  /** 额度申请: a new quota for a group, from the platform, a finance institution or a third party. */
  apply(principal: Principal, body: z.infer<typeof applyBody>) {
    return this.ctx.db.transaction(async (tx) => {
      const { kind, amount, reason } = body;
      // Only a third-party quota asks which channel; the others have their own.
      const channel = channelOf(kind, body.channel);
      if (!channel) throw aboutField(validationError(translate('quotas:server.channelRequired')), 'channel');
      const grantor = await grantorOf(tx, kind, body.grantorId);
      const unit = await unitOf(tx, body.unitId);
      if (unit.kind !== UNIT_KIND.group)
        throw aboutField(businessError('QUOTA_UNIT_NOT_GROUP', 'quotas:server.unitNotGroup', { unit: unit.unitName }), 'unitId');
      const termEnd = checkTermEnd(body.termEnd, this.today());
      const [existing] = await tx
        .select({ id: quotaAccounts.id })
        .from(quotaAccounts)
        .where(
          and(
            eq(quotaAccounts.kind, kind),
            eq(quotaAccounts.channel, channel),
            eq(quotaAccounts.grantorId, grantor.grantorId),
            eq(quotaAccounts.unitId, unit.id),
          ),
        );
      if (existing) throw businessError('QUOTA_ACCOUNT_EXISTS', 'quotas:server.accountExists', { unit: unit.unitName });
      const [running] = await tx
        .select({ id: quotaRequests.id })
        .from(quotaRequests)
        .where(
          and(
            eq(quotaRequests.type, QUOTA_REQUEST_TYPE.apply),
            eq(quotaRequests.status, INSTANCE_STATUS.RUNNING),
            eq(quotaRequests.kind, kind),
            eq(quotaRequests.channel, channel),
            eq(quotaRequests.grantorId, grantor.grantorId),
            eq(quotaRequests.unitId, unit.id),
          ),
        );
      if (running) throw businessError('QUOTA_REQUEST_RUNNING', 'quotas:server.applyRunning', { unit: unit.unitName });
      const processKey = quotaProcessKey(kind, channel, QUOTA_REQUEST_TYPE.apply)!;
      const [request] = await tx
        .insert(quotaRequests)
        .values({
          type: QUOTA_REQUEST_TYPE.apply,
          kind,
          channel,
          processKey,
          ...grantor,
          unitId: unit.id,
          amount: yuan(fenOf(amount)),
          termEnd,
          reason,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      return this.submit(tx, principal, request, unit);
    });
  }

  /** 额度调整: a directly granted quota's new total and term. */
  modify(principal: Principal, body: z.infer<typeof modifyBody>) {
    return this.ctx.db.transaction(async (tx) => {
      const account = await this.accountOf(tx, body.accountId);
      if (account.parentId) throw businessError('QUOTA_NOT_GRANTED_DIRECTLY', 'quotas:server.notRoot');
      const asked = { total: fenOf(body.amount), termEnd: checkTermEnd(body.termEnd, this.today()) };
      const { reason } = body;
      // A cut cannot take back what is dispatched, frozen, used or held by running requests (checked again
      // under the lock below, and at approval). Unlocked first: a refusal writes nothing and waits for no one.
      await this.refuseUnaffordable(tx, account, asked);
      const processKey = quotaProcessKey(account.kind, account.channel, QUOTA_REQUEST_TYPE.modify)!;
      const [request] = await tx
        .insert(quotaRequests)
        .values({
          type: QUOTA_REQUEST_TYPE.modify,
          kind: account.kind,
          channel: account.channel,
          processKey,
          grantorId: account.grantorId,
          unitId: account.unitId,
          accountId: account.id,
          amount: yuan(asked.total),
          previousAmount: account.granted,
          termEnd: asked.termEnd,
          reason,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      const submitted = await this.submit(tx, principal, request, await unitOf(tx, account.unitId));
      await this.recheckLocked(tx, submitted.request, asked);
      return submitted;
    });
  }

  /**
   * 额度下发 (afresh: 重新下发): amounts to the units right below the account's unit. A dispatch adds
   * each line; a re-dispatch sets each unit's new total, taking back what it cuts.
   */
  dispatch(principal: Principal, body: z.infer<typeof dispatchBody>, afresh: boolean) {
    return this.ctx.db.transaction(async (tx) => {
      const account = await this.accountOf(tx, body.accountId);
      const type: QuotaRequestType = afresh ? QUOTA_REQUEST_TYPE.redispatch : QUOTA_REQUEST_TYPE.dispatch;
      const processKey = quotaProcessKey(account.kind, account.channel, type);
      if (!processKey) throw businessError('QUOTA_NOT_DISPATCHABLE', 'quotas:server.notDispatchable');
      const { reason } = body;
      // The same rule as the form and the approval, counting what running requests already hold back: unlocked
      // first, so that a refusal writes nothing and waits for no one; again under the lock below.
      const lines = await this.refuseUnaffordable(tx, account, { lines: await this.readLines(tx, account, body.lines, afresh), afresh });
      const total = lines.reduce((sum, line) => sum + line.amount, 0n);
      const [request] = await tx
        .insert(quotaRequests)
        .values({
          type,
          kind: account.kind,
          channel: account.channel,
          processKey,
          grantorId: account.grantorId,
          unitId: account.unitId,
          accountId: account.id,
          amount: yuan(total),
          termEnd: account.termEnd,
          reason,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      await tx
        .insert(quotaRequestLines)
        .values(lines.map((line) => ({ requestId: request.id, unitId: line.unitId, amount: yuan(line.amount), current: yuan(line.current) })));
      const submitted = await this.submit(tx, principal, request, await unitOf(tx, account.unitId));
      await this.recheckLocked(tx, submitted.request, { lines, afresh });
      return submitted;
    });
  }

  /**
   * 重新提交 of a returned request (its instance back at the submitter's Edit step): the amount, term
   * and reason (a dispatch: its lines and reason) replace what it asked, read and checked exactly as
   * its first submission (the same rules, checked again under the account's lock as the last step, what
   * other running requests hold back counted, its own old figures not). Who it was granted to or
   * dispatched from stays: that is another request. The request stays RUNNING; only the approved end
   * moves money. The version the submitter read must still be the request's (a stale one:
   * DATA_VERSION_CONFLICT).
   */
  private async revise(tx: Tx, principal: Principal, instance: InstanceRow, body: unknown) {
    // The revision's body comes through the task's call: read by this area's schemas, the version first.
    const version = parseWithSchema(reviseVersionBody, body).dataVersion;
    const [request] = await tx.select().from(quotaRequests).where(eq(quotaRequests.id, instance.businessKey)).for('update');
    if (!request || request.instanceId !== instance.id || request.status !== INSTANCE_STATUS.RUNNING)
      throw notFoundError(translate('quotas:server.requestNotFound'));
    // The permission its first submission needed.
    const { quota } = PERMISSIONS;
    const needed = request.type === QUOTA_REQUEST_TYPE.apply ? quota.add : request.type === QUOTA_REQUEST_TYPE.modify ? quota.edit : quota.dispatch;
    if (!hasPermission(principal.permissions, needed)) throw protocolError('FORBIDDEN');
    if (request.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    let reason: string;
    let changes: Partial<QuotaRequestRow>;
    let recheck: Asked | undefined;
    if (request.type === QUOTA_REQUEST_TYPE.apply) {
      const asked = parseWithSchema(reviseApplyBody, body);
      reason = asked.reason;
      const termEnd = checkTermEnd(asked.termEnd, this.today());
      const [existing] = await tx
        .select({ id: quotaAccounts.id })
        .from(quotaAccounts)
        .where(
          and(
            eq(quotaAccounts.kind, request.kind),
            eq(quotaAccounts.channel, request.channel),
            eq(quotaAccounts.grantorId, request.grantorId),
            eq(quotaAccounts.unitId, request.unitId),
          ),
        );
      if (existing) throw businessError('QUOTA_ACCOUNT_EXISTS', 'quotas:server.accountExists', { unit: (await unitOf(tx, request.unitId)).unitName });
      changes = { amount: yuan(fenOf(asked.amount)), termEnd };
    } else {
      // Read and checked unlocked, as a first submission is; the account's lock is taken for the last check only.
      const account = await this.accountOf(tx, request.accountId!);
      if (request.type === QUOTA_REQUEST_TYPE.modify) {
        const asked = parseWithSchema(reviseModifyBody, body);
        reason = asked.reason;
        recheck = { total: fenOf(asked.amount), termEnd: checkTermEnd(asked.termEnd, this.today()) };
        await this.refuseUnaffordable(tx, account, recheck, request.id);
        changes = { amount: yuan(recheck.total), previousAmount: account.granted, termEnd: recheck.termEnd };
      } else {
        const afresh = request.type === QUOTA_REQUEST_TYPE.redispatch;
        const asked = parseWithSchema(afresh ? reviseRedispatchBody : reviseDispatchBody, body);
        reason = asked.reason;
        const lines = await this.refuseUnaffordable(tx, account, { lines: await this.readLines(tx, account, asked.lines, afresh), afresh }, request.id);
        recheck = { lines, afresh };
        await tx.delete(quotaRequestLines).where(eq(quotaRequestLines.requestId, request.id));
        await tx
          .insert(quotaRequestLines)
          .values(lines.map((line) => ({ requestId: request.id, unitId: line.unitId, amount: yuan(line.amount), current: yuan(line.current) })));
        changes = { amount: yuan(lines.reduce((sum, line) => sum + line.amount, 0n)) };
      }
    }
    const [saved] = await tx
      .update(quotaRequests)
      .set({ ...changes, reason, dataVersion: request.dataVersion + 1, updateTime: new Date(), updateBy: principal.username })
      .where(eq(quotaRequests.id, request.id))
      .returning();
    await recordChange(tx, principal, {
      resource: QUOTA_REQUEST_LOG_RESOURCE,
      recordId: saved.id,
      action: OPERATION_ACTION.propose,
      before: request,
      after: saved,
    });
    const unit = await unitOf(tx, saved.unitId);
    if (recheck) await this.recheckLocked(tx, saved, recheck);
    return { record: { ...saved, unitName: unit.unitName }, view: { request: saved, instanceId: instance.id } };
  }

  /** The id of a unit's account of one quota, if it has one. */
  async accountOfUnit(kind: string, channel: string, grantorId: string, unitId: string): Promise<string | undefined> {
    const [row] = await this.ctx.db
      .select({ id: quotaAccounts.id })
      .from(quotaAccounts)
      .where(and(eq(quotaAccounts.kind, kind), eq(quotaAccounts.channel, channel), eq(quotaAccounts.grantorId, grantorId), eq(quotaAccounts.unitId, unitId)));
    return row?.id;
  }

  private async accountOf(tx: Tx, id: string): Promise<QuotaAccountRow> {
    const [account] = await tx.select().from(quotaAccounts).where(eq(quotaAccounts.id, id));
    if (!account) throw aboutField(notFoundError(translate('quotas:server.accountNotFound')), 'accountId');
    return account;
  }

  /**
   * The submission's rule on `account` as given: a modification's cut cannot take back what is
   * dispatched, frozen, used or held back by running requests; a dispatch must fit what the source can
   * give, and a re-dispatch's cuts what each unit can give back. `except`: the request itself once it is
   * written (its own figures are not held back from it). Answers a dispatch's lines with each unit's
   * total as read here (none for a modification).
   */
  private async refuseUnaffordable(tx: Tx, account: QuotaAccountRow, asked: Asked, except?: string): Promise<DispatchLine[]> {
    const balances = balancesOf(account);
    if (!('lines' in asked) && asked.total === balances.granted && asked.termEnd === account.termEnd)
      throw businessError('QUOTA_NOTHING_CHANGED', 'quotas:server.nothingChanged');
    const family = await quotaFamilyOf(tx, account);
    const reserved = await reservationsOf(tx, family, except);
    const source = { available: availableOf(balances), reserved: reserved.get(account.id) ?? 0n };
    if (!('lines' in asked)) {
      const refusal = takeRefusal(source, balances.granted - asked.total);
      if (refusal) throw refusalError(refusal);
      return [];
    }
    const grantedTo = (unitId: string) => {
      const child = family.find((row) => row.parentId === account.id && row.unitId === unitId);
      return child ? balancesOf(child).granted : 0n;
    };
    const lines = asked.lines.map((line) => ({ ...line, current: grantedTo(line.unitId) }));
    // Only a re-dispatch's cuts need the units' figures (and names, for the refusal): a dispatch takes from the source alone.
    const targets = asked.afresh
      ? await dispatchTargetsOf(
          tx,
          account,
          family,
          reserved,
          lines.map((line) => line.unitId),
        )
      : new Map<string, DispatchTarget>();
    const refusal = dispatchRefusal(source, lines, targets, asked.afresh);
    if (refusal) throw refusalError(refusal);
    return lines;
  }

  /**
   * A submission's last step: its rule again under the account's lock (SELECT ... FOR UPDATE, held to the
   * commit), counting every running request but this one. Two submissions from one account pass here one
   * after the other, the second counting the first, committed by then; everything else of the submission
   * (the request, its lines, the process's start, its messages and logs) is written before, outside the
   * lock, so that they wait on each other and on approvals for these few reads only. A refusal throws and
   * the whole submission rolls back.
   */
  private async recheckLocked(tx: Tx, request: QuotaRequestRow, asked: Asked): Promise<void> {
    const account = await lockAccount(tx, request.accountId!);
    const lines = await this.refuseUnaffordable(tx, account, asked, request.id);
    // What the request keeps of the balances it was made against (the total before a modification, each unit's
    // total before a dispatch), as the lock reads them: another request's approval may have moved them meanwhile.
    if (!('lines' in asked)) {
      if (fenOf(request.previousAmount) !== balancesOf(account).granted)
        await tx.update(quotaRequests).set({ previousAmount: account.granted }).where(eq(quotaRequests.id, request.id));
      return;
    }
    for (const [i, line] of lines.entries()) {
      if (line.current === asked.lines[i].current) continue;
      await tx
        .update(quotaRequestLines)
        .set({ current: yuan(line.current) })
        .where(and(eq(quotaRequestLines.requestId, request.id), eq(quotaRequestLines.unitId, line.unitId)));
    }
  }

  /** The lines asked for: units right below the source (branches, project departments), each once. */
  /** Their count and each line's shape are the schema's (./input.ts); which units they name is checked here. */
  private async readLines(tx: Tx, account: QuotaAccountRow, asked: DispatchLinesAsked, afresh: boolean): Promise<DispatchLine[]> {
    const bad = (key: string, params: Record<string, string> = {}) => aboutField(validationError(translate(`quotas:server.${key}`, params)), 'lines');
    const children = await this.childUnits(tx, account.unitId);
    const held = await this.childAccounts(tx, account);
    const seen = new Set<string>();
    const lines: DispatchLine[] = [];
    for (const line of asked) {
      const { unitId } = line;
      const unit = children.find((u) => u.id === unitId);
      if (!unit) throw bad('lineUnitNotChild');
      if (seen.has(unitId)) throw bad('lineUnitTwice', { unit: unit.unitName });
      seen.add(unitId);
      const amount = fenOf(line.amount);
      const current = fenOf(held.get(unitId)?.granted ?? '0');
      // A re-dispatch line that keeps the unit's total changes nothing: left out.
      if (afresh && amount === current) continue;
      lines.push({ unitId, amount, current });
    }
    if (lines.length === 0) throw businessError('QUOTA_NOTHING_CHANGED', 'quotas:server.nothingChanged');
    return lines;
  }

  private childUnits(tx: Tx, unitId: string): Promise<Unit[]> {
    return tx
      .select(unitColumns)
      .from(groupUnits)
      .where(and(eq(groupUnits.parentId, unitId), inArray(groupUnits.kind, [...DISPATCH_UNIT_KINDS])));
  }

  /** The accounts the source has dispatched to, by unit. */
  private async childAccounts(tx: Tx, account: QuotaAccountRow): Promise<Map<string, QuotaAccountRow>> {
    const rows = await tx.select().from(quotaAccounts).where(eq(quotaAccounts.parentId, account.id));
    return new Map(rows.map((row) => [row.unitId, row]));
  }

  /** Starts the request's process, which submits it (the engine passes its Edit step): waiting for a director. */
  private async submit(tx: Tx, principal: Principal, request: QuotaRequestRow, unit: Unit) {
    const process = this.processes.get(request.processKey)!;
    const record = { ...request, unitName: unit.unitName };
    const started = await process.start(principal, { businessKey: request.id, businessType: QUOTA_BUSINESS_TYPE, record }, tx);
    const submitted = started;
    const [saved] = await tx.update(quotaRequests).set({ instanceId: started.instance.id }).where(eq(quotaRequests.id, request.id)).returning();
    await recordChange(tx, principal, { resource: QUOTA_REQUEST_LOG_RESOURCE, recordId: saved.id, action: OPERATION_ACTION.submit, after: saved });
    return { request: saved, instanceId: started.instance.id, taskId: submitted.task?.id ?? null };
  }

  /**
   * The request follows its instance's end; an approval writes its ledger movements here, as the ending's
   * last step: the request's new status and its log line are written first (an application's after, since
   * they name the account its approval makes), so the accounts' locks, which every submission's last check
   * and every approval from those accounts wait for, are held for the movements alone.
   */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [request] = await tx.select().from(quotaRequests).where(eq(quotaRequests.id, event.instance.businessKey)).for('update');
    // Only the running request this very instance carries moves money, and only once.
    if (!request || request.status !== INSTANCE_STATUS.RUNNING || request.instanceId !== event.instance.id) return;
    const approved = event.status === INSTANCE_STATUS.APPROVED;
    const grants = approved && request.type === QUOTA_REQUEST_TYPE.apply;
    const accountId = grants ? await this.applyApproved(tx, request, event.actor) : request.accountId;
    const [ended] = await tx
      .update(quotaRequests)
      .set({ status: event.status, accountId, dataVersion: request.dataVersion + 1, updateTime: new Date(), updateBy: event.actor.username })
      .where(eq(quotaRequests.id, request.id))
      .returning();
    await recordChange(tx, event.actor, {
      resource: QUOTA_REQUEST_LOG_RESOURCE,
      recordId: request.id,
      action: OPERATION_ACTION.update,
      before: request,
      after: ended,
    });
    if (approved && !grants) await this.applyApproved(tx, request, event.actor);
  }

  /** Moves an approved request's money; answers the account it granted or moved from. */
  private async applyApproved(tx: Tx, request: QuotaRequestRow, actor: Actor): Promise<string> {
    try {
      return await this.moveApproved(tx, request, actor);
    } catch (error) {
      if (!(error instanceof ApiError) && isCheckViolation(error)) throw businessError('QUOTA_INSUFFICIENT', 'quotas:server.insufficientPlain');
      throw error;
    }
  }

  private async moveApproved(tx: Tx, request: QuotaRequestRow, actor: Actor): Promise<string> {
    const by = actor.username;
    const trail = { actor: by, requestId: request.id, processKey: request.processKey, remark: request.reason };
    if (request.type === QUOTA_REQUEST_TYPE.apply) {
      const unit = await unitOf(tx, request.unitId);
      await tx
        .insert(quotaAccounts)
        .values({
          kind: request.kind,
          channel: request.channel,
          grantorId: request.grantorId,
          unitId: unit.id,
          groupId: unit.groupId,
          termEnd: request.termEnd,
          createBy: by,
          updateBy: by,
        })
        .onConflictDoNothing();
      const [found] = await tx
        .select({ id: quotaAccounts.id })
        .from(quotaAccounts)
        .where(
          and(
            eq(quotaAccounts.kind, request.kind),
            eq(quotaAccounts.channel, request.channel),
            eq(quotaAccounts.grantorId, request.grantorId),
            eq(quotaAccounts.unitId, unit.id),
          ),
        );
      const account = await lockAccount(tx, found.id);
      await move(tx, account, { ...trail, movement: QUOTA_MOVEMENT.grant, amount: fenOf(request.amount) });
      await tx.update(quotaAccounts).set({ termEnd: request.termEnd }).where(eq(quotaAccounts.id, account.id));
      return account.id;
    }
    if (request.type === QUOTA_REQUEST_TYPE.modify) {
      const account = await lockAccount(tx, request.accountId!);
      const delta = fenOf(request.amount) - balancesOf(account).granted;
      if (delta !== 0n) await move(tx, account, { ...trail, movement: QUOTA_MOVEMENT.adjust, amount: delta });
      await tx.update(quotaAccounts).set({ termEnd: request.termEnd }).where(eq(quotaAccounts.id, account.id));
      return account.id;
    }
    await this.applyDispatch(tx, request, trail);
    return request.accountId!;
  }

  /**
   * Moves each line between the source and the unit's account (made on first dispatch), cuts first
   * so that what a re-dispatch takes back is there for what it gives. The source is locked first, then
   * the lines' accounts in unit order, in one statement; the movements are written in one more
   * (moveTogether). What needs no lock (the lines, held still by the request's own lock; the units
   * below the source) is read before: month end's dispatches from one source queue for its lock, which
   * this holds for those two statements and the commit.
   */
  private async applyDispatch(tx: Tx, request: QuotaRequestRow, trail: { actor: string; requestId: string; processKey: string; remark: string }) {
    const afresh = request.type === QUOTA_REQUEST_TYPE.redispatch;
    const rows = await tx.select().from(quotaRequestLines).where(eq(quotaRequestLines.requestId, request.id)).orderBy(asc(quotaRequestLines.unitId));
    // The request was made from the source's unit.
    const children = await this.childUnits(tx, request.unitId);
    for (const row of rows)
      if (!children.some((u) => u.id === row.unitId))
        throw businessError('QUOTA_UNIT_MOVED', 'quotas:server.unitMoved', { unit: (await unitOf(tx, row.unitId)).unitName });
    const { source, held } = await this.lockDispatchAccounts(
      tx,
      request.accountId!,
      rows.map((row) => row.unitId),
    );
    const moves: Array<{ child: QuotaAccountRow; delta: bigint }> = [];
    const lines: DispatchLine[] = [];
    const targets = new Map<string, DispatchTarget>();
    for (const row of rows) {
      const unit = children.find((u) => u.id === row.unitId)!;
      const child = held.get(unit.id) ?? (await this.childAccountLocked(tx, source, unit, trail.actor));
      const balances = balancesOf(child);
      const line = { unitId: unit.id, amount: fenOf(row.amount), current: balances.granted };
      lines.push(line);
      targets.set(unit.id, { unitName: unit.unitName, granted: balances.granted, available: availableOf(balances), reserved: 0n });
      const delta = lineDelta(line, afresh);
      if (delta !== 0n) moves.push({ child, delta });
    }
    // The submission's rule again, on the locked balances: the approval is what moves the money, so nothing is held back from it.
    const refusal = dispatchRefusal({ available: availableOf(balancesOf(source)), reserved: 0n }, lines, targets, afresh);
    if (refusal) throw refusalError(refusal);
    const ordered = [...moves.filter((m) => m.delta < 0n), ...moves.filter((m) => m.delta > 0n)];
    await moveTogether(
      tx,
      ordered.flatMap(({ child, delta }) => {
        const into = { account: child, input: { ...trail, movement: QUOTA_MOVEMENT.dispatchIn, amount: delta, counterpartId: source.id } };
        const out = { account: source, input: { ...trail, movement: QUOTA_MOVEMENT.dispatchOut, amount: delta, counterpartId: child.id } };
        // A cut is taken back from the unit before the source is given it; a gift leaves the source first.
        return delta < 0n ? [into, out] : [out, into];
      }),
    );
  }

  /**
   * The source account and the accounts of its quota the lines' units hold, locked in one statement: the source first, then
   * the units' in unit order, the order every dispatch's approval takes them in. FOR UPDATE answers each row as last committed,
   * so an approval that waited for the source reads what the one before it left. A unit's account made while this waited is
   * not among them: childAccountLocked finds it.
   */
  private async lockDispatchAccounts(tx: Tx, sourceId: string, unitIds: string[]): Promise<{ source: QuotaAccountRow; held: Map<string, QuotaAccountRow> }> {
    const sameQuota = sql`(${quotaAccounts.kind}, ${quotaAccounts.channel}, ${quotaAccounts.grantorId}) = (SELECT s.kind, s.channel, s.grantor_id FROM ${quotaAccounts} AS s WHERE s.id = ${sourceId})`;
    const rows = await tx
      .select()
      .from(quotaAccounts)
      .where(or(eq(quotaAccounts.id, sourceId), unitIds.length ? and(sameQuota, inArray(quotaAccounts.unitId, unitIds)) : undefined))
      .orderBy(sql`${quotaAccounts.id} = ${sourceId} DESC`, asc(quotaAccounts.unitId))
      .for('update');
    const source = rows.find((row) => row.id === sourceId);
    if (!source) throw notFoundError(translate('quotas:server.accountNotFound'));
    return { source, held: new Map(rows.filter((row) => row.id !== sourceId).map((row) => [row.unitId, row])) };
  }

  /**
   * The unit's account of the source's quota, locked (the source's lock held already): one read once it
   * exists, made on the unit's first dispatch. ON CONFLICT waits for another maker of it instead of failing.
   */
  private async childAccountLocked(tx: Tx, source: QuotaAccountRow, unit: Unit, actor: string): Promise<QuotaAccountRow> {
    const key = and(
      eq(quotaAccounts.kind, source.kind),
      eq(quotaAccounts.channel, source.channel),
      eq(quotaAccounts.grantorId, source.grantorId),
      eq(quotaAccounts.unitId, unit.id),
    );
    const [held] = await tx.select().from(quotaAccounts).where(key).for('update');
    if (held) return held;
    await tx
      .insert(quotaAccounts)
      .values({
        kind: source.kind,
        channel: source.channel,
        grantorId: source.grantorId,
        unitId: unit.id,
        groupId: unit.groupId,
        parentId: source.id,
        termEnd: source.termEnd,
        createBy: actor,
        updateBy: actor,
      })
      .onConflictDoNothing();
    const [made] = await tx.select().from(quotaAccounts).where(key).for('update');
    return made;
  }
}

/**
 * A movement outside the quota processes, for the areas that spend quota (a note's issuance freezes,
 * occupies or releases; its payment recycles): in the caller's transaction, the account locked first.
 */
export async function recordMovement(tx: Tx, accountId: string, movement: QuotaMovement, amountFen: bigint, actor: string, reference?: string) {
  if (amountFen <= 0n) throw validationError(translate('quotas:server.amountInvalid', { field: translate('quotas:fields.amount') }));
  const account = await lockAccount(tx, accountId);
  return move(tx, account, { movement, amount: amountFen, actor, reference: reference ?? null });
}
