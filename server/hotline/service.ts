/**
 * The hotline's state machine (spec §6, src/lib/hotline.ts), enforced here. An operator's state is
 * their one open call's status (the partial unique index hotline_calls_one_open_per_operator keeps it
 * one), IDLE without. Every move is one conditional UPDATE from the state it leaves, so two requests
 * racing over a call cannot both move it, and a move from any other state is refused.
 */
import { and, eq, ne } from 'drizzle-orm';
import { maskValue } from '../../src/lib/masking';
import { CALL_BLOCK, CALL_OUTCOME, CALL_STATE, CALL_STATUS, WRAP_UP_NOTE_MAX, callBlocks, type CallBlock, type CallState } from '../../src/lib/hotline';
import type { CallCentre } from '../call-centre';
import type { Db } from '../db/open';
import { corporations, hotlineCalls } from '../db/schema';
import { isUniqueViolation } from '../db/tx';
import { ApiError, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { sensitiveCipherOf } from '../sensitive/values';
import { recordChange, type Writer } from '../operation-log/record';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import type { Principal } from '../security/sessions';

type CallRow = typeof hotlineCalls.$inferSelect;
/** A call as answered: the corporation called by its current name (null only for a call kept from before its corporation was removed). */
export type HotlineCall = CallRow & { corpName: string | null };
type Caller = Pick<Principal, 'userId' | 'username' | 'personName' | 'permissions' | 'sensitiveWhitelist'>;

/** What an entry shows of a call: the declaration's fields (its labels and dictionaries), not bookkeeping or ids. */
const LOGGED_FIELDS = [
  'corpName',
  'contactName',
  'phoneMasked',
  'status',
  'outcome',
  'reason',
  'dialTime',
  'answerTime',
  'hangupTime',
  'talkSeconds',
  'note',
  'endTime',
] as const;
const logged = (call: Partial<HotlineCall>) => Object.fromEntries(LOGGED_FIELDS.filter((name) => Object.hasOwn(call, name)).map((name) => [name, call[name]]));

export interface HotlineState {
  state: CallState;
  call: HotlineCall | null;
  linkReady: boolean;
  linkReason: string | null;
  /** Why the caller may not place a call now; empty when the call button shows. */
  blocks: CallBlock[];
}

const BLOCK_ERROR: Record<CallBlock, string> = {
  [CALL_BLOCK.noAuthorisation]: 'CALL_NOT_AUTHORISED',
  [CALL_BLOCK.linkNotReady]: 'CALL_LINK_NOT_READY',
  [CALL_BLOCK.notIdle]: 'CALL_NOT_IDLE',
  [CALL_BLOCK.notWhitelisted]: 'CALL_NOT_WHITELISTED',
};

const stateLabel = (state: string) => translate(`hotline:state.${state}`);

export class Hotline {
  constructor(
    private readonly db: Db,
    private readonly centre: CallCentre,
    private readonly now: () => number,
  ) {}

  private async openCallOf(userId: string): Promise<CallRow | null> {
    const [call] = await this.db
      .select()
      .from(hotlineCalls)
      .where(and(eq(hotlineCalls.operatorId, userId), ne(hotlineCalls.status, CALL_STATUS.ended)));
    return call ?? null;
  }

  /** The caller's state, with a dialling call first brought up to what the centre says of it. */
  async stateOf(caller: Caller): Promise<HotlineState> {
    let call = await this.openCallOf(caller.userId);
    if (call?.status === CALL_STATUS.dialling) call = await this.sync(call, caller);
    const link = await this.centre.link();
    const state = (call?.status ?? CALL_STATE.idle) as CallState;
    const blocks = callBlocks({ menuPerms: caller.permissions, sensitiveWhitelist: caller.sensitiveWhitelist, linkReady: link.ready, state });
    return { state, call: call && (await this.named(call)), linkReady: link.ready, linkReason: link.reason ?? null, blocks };
  }

  /** A dialling call moved to talking (answered) or wrap-up (busy, no answer) when the centre says so. */
  private async sync(call: CallRow, caller: Writer): Promise<CallRow> {
    if (call.status !== CALL_STATUS.dialling || !call.centreRef) return call;
    const progress = await this.centre.progress(call.centreRef);
    if (progress.state === 'RINGING') return call;
    const change =
      progress.state === 'ANSWERED'
        ? { status: CALL_STATUS.talking, answerTime: progress.at }
        : { status: CALL_STATUS.wrapUp, outcome: progress.outcome, reason: progress.reason, hangupTime: progress.at };
    // Logged as the call's operator: the centre's news is written on their call, in their request.
    const moved = await this.move(caller, call, CALL_STATUS.dialling, change);
    // Another request moved it first: what it wrote stands.
    return moved ?? (await this.byId(call.id)) ?? call;
  }

  /** The call with its corporation's name as it is now (a reference, never a copy). */
  private async named(call: CallRow): Promise<HotlineCall> {
    const [corp] = await this.db.select({ corpName: corporations.corpName }).from(corporations).where(eq(corporations.id, call.corpId));
    return { ...call, corpName: corp?.corpName ?? null };
  }

  private async byId(id: string): Promise<CallRow | undefined> {
    const [row] = await this.db.select().from(hotlineCalls).where(eq(hotlineCalls.id, id));
    return row;
  }

  /** One conditional move and its operation-log entry, in one transaction; undefined when the call was not in `from`. */
  private async move(writer: Writer, call: CallRow, from: string, change: Partial<CallRow>): Promise<CallRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(hotlineCalls)
        .set({ ...change, updateTime: new Date(this.now()) })
        .where(and(eq(hotlineCalls.id, call.id), eq(hotlineCalls.status, from)))
        .returning();
      if (row)
        await recordChange(tx, writer, {
          resource: hotlineCallResource.name,
          recordId: row.id,
          action: OPERATION_ACTION.update,
          before: logged(call),
          after: logged(row),
        });
      return row;
    });
  }

  /**
   * Idle → dialling, only when every condition of the call button holds (checked here as the screen
   * checks it) and the corporation has a contact number. The open call's row is written first: a
   * second start of the same operator meets the unique index and is refused, whichever came first.
   */
  async start(caller: Caller, corpId: string): Promise<HotlineCall> {
    const { blocks } = await this.stateOf(caller);
    if (blocks.length) throw businessError(BLOCK_ERROR[blocks[0]], `hotline:server.blocked.${blocks[0]}`);
    const [corp] = await this.db
      .select({ id: corporations.id, corpName: corporations.corpName, managerName: corporations.managerName, managerMobile: corporations.managerMobile })
      .from(corporations)
      .where(eq(corporations.id, corpId));
    if (!corp) throw notFoundError(translate('hotline:server.corpNotFound'));
    if (!corp.managerMobile) throw businessError('CALL_NO_CONTACT', 'hotline:server.noContact', { corpName: corp.corpName });
    const number = (await sensitiveCipherOf(this.db)).open(corp.managerMobile);
    const time = new Date(this.now());
    try {
      return await this.db.transaction(async (tx) => {
        const [call] = await tx
          .insert(hotlineCalls)
          .values({
            operatorId: caller.userId,
            corpId: corp.id,
            contactName: corp.managerName,
            phoneMasked: maskValue(number),
            status: CALL_STATUS.dialling,
            dialTime: time,
            createBy: caller.username,
            updateBy: caller.username,
          })
          .returning();
        let ref: string;
        try {
          ({ ref } = await this.centre.dial({ callId: call.id, operator: caller.username, number }));
        } catch {
          // Nothing is logged of a call the centre never placed: the insert is undone with this refusal.
          throw businessError('CALL_CENTRE_REFUSED', 'hotline:server.centreRefused');
        }
        const [placed] = await tx.update(hotlineCalls).set({ centreRef: ref }).where(eq(hotlineCalls.id, call.id)).returning();
        const named = { ...placed, corpName: corp.corpName };
        await recordChange(tx, caller, { resource: hotlineCallResource.name, recordId: placed.id, action: OPERATION_ACTION.create, after: logged(named) });
        return named;
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isUniqueViolation(error)) throw businessError('CALL_NOT_IDLE', `hotline:server.blocked.${CALL_BLOCK.notIdle}`);
      throw error;
    }
  }

  /** The caller's own open call by id; another operator's call does not exist for them. */
  private async ownCall(caller: Caller, id: string): Promise<CallRow> {
    const [call] = await this.db
      .select()
      .from(hotlineCalls)
      .where(and(eq(hotlineCalls.id, id), eq(hotlineCalls.operatorId, caller.userId)));
    if (!call) throw notFoundError(translate('hotline:server.callNotFound'));
    return call;
  }

  private refuse(call: CallRow, action: 'hangUp' | 'wrapUp'): never {
    const state = call.status === CALL_STATUS.ended ? CALL_STATE.idle : call.status;
    throw businessError('CALL_STATE_INVALID', `hotline:server.invalid.${action}`, { state: stateLabel(state) });
  }

  /** Dialling → wrap-up (cancelled) or talking → wrap-up (answered, with the talk time). */
  async hangUp(caller: Caller, id: string): Promise<HotlineCall> {
    const call = await this.sync(await this.ownCall(caller, id), caller);
    const time = new Date(this.now());
    let moved: CallRow | undefined;
    if (call.status === CALL_STATUS.dialling) {
      moved = await this.move(caller, call, CALL_STATUS.dialling, { status: CALL_STATUS.wrapUp, outcome: CALL_OUTCOME.cancelled, hangupTime: time });
    } else if (call.status === CALL_STATUS.talking) {
      const talkSeconds = call.answerTime ? Math.max(0, Math.round((time.getTime() - call.answerTime.getTime()) / 1000)) : 0;
      moved = await this.move(caller, call, CALL_STATUS.talking, { status: CALL_STATUS.wrapUp, outcome: CALL_OUTCOME.answered, hangupTime: time, talkSeconds });
    }
    if (!moved) this.refuse((await this.byId(call.id)) ?? call, 'hangUp');
    if (call.centreRef) await this.centre.hangUp(call.centreRef);
    return this.named(moved);
  }

  /** Wrap-up → idle: the call is closed with the operator's note. */
  async wrapUp(caller: Caller, id: string, note: string | null): Promise<HotlineCall> {
    if (note !== null && note.length > WRAP_UP_NOTE_MAX) throw validationError(translate('hotline:server.noteTooLong', { max: String(WRAP_UP_NOTE_MAX) }));
    const call = await this.ownCall(caller, id);
    const moved = await this.move(caller, call, CALL_STATUS.wrapUp, {
      status: CALL_STATUS.ended,
      note,
      endTime: new Date(this.now()),
      updateBy: caller.username,
    });
    if (!moved) this.refuse((await this.byId(call.id)) ?? call, 'wrapUp');
    return this.named(moved);
  }
}
