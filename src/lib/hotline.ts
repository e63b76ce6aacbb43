/**
 * The hotline's rules (spec §6), pure, read by the server and the screens alike: an operator's call
 * state, the moves between states, and when the call button may show.
 */
import { hasPermission } from './access';
import { PERMISSIONS } from '../features/hotline/permissions';

/** An operator's call state: IDLE when they have no open call, else their open call's status. */
export const CALL_STATE = { idle: 'IDLE', dialling: 'DIALLING', talking: 'TALKING', wrapUp: 'WRAP_UP' } as const;
export type CallState = (typeof CALL_STATE)[keyof typeof CALL_STATE];

/** A call's status in the log (dictionary hotline_call_status): an open state, or ENDED. */
export const CALL_STATUS = { dialling: 'DIALLING', talking: 'TALKING', wrapUp: 'WRAP_UP', ended: 'ENDED' } as const;
export type CallStatus = (typeof CALL_STATUS)[keyof typeof CALL_STATUS];

/** How a call went (dictionary hotline_call_outcome). */
export const CALL_OUTCOME = { answered: 'ANSWERED', busy: 'BUSY', noAnswer: 'NO_ANSWER', cancelled: 'CANCELLED', failed: 'FAILED' } as const;
export type CallOutcome = (typeof CALL_OUTCOME)[keyof typeof CALL_OUTCOME];

/**
 * The moves of the state machine: idle → dialling → talking → wrap-up → idle; a call that is not
 * answered (busy, no answer, cancelled by the operator) goes from dialling to wrap-up, so that every
 * call is closed with a note. Nothing else is a move.
 */
export const CALL_MOVES: Readonly<Record<CallState, readonly CallState[]>> = {
  IDLE: [CALL_STATE.dialling],
  DIALLING: [CALL_STATE.talking, CALL_STATE.wrapUp],
  TALKING: [CALL_STATE.wrapUp],
  WRAP_UP: [CALL_STATE.idle],
};

export const canMove = (from: CallState, to: CallState) => CALL_MOVES[from].includes(to);

/** Why the call button does not show; an empty list means it shows. */
export const CALL_BLOCK = {
  noAuthorisation: 'NO_AUTHORISATION',
  linkNotReady: 'LINK_NOT_READY',
  notIdle: 'NOT_IDLE',
  notWhitelisted: 'NOT_WHITELISTED',
} as const;
export type CallBlock = (typeof CALL_BLOCK)[keyof typeof CALL_BLOCK];

export interface CallConditions {
  menuPerms: readonly string[];
  sensitiveWhitelist: boolean;
  linkReady: boolean;
  state: CallState;
}

/** Spec §6: call authorisation, a ready call-centre link, an idle call state and the sensitive-data whitelist. */
export function callBlocks(c: CallConditions): CallBlock[] {
  const blocks: CallBlock[] = [];
  if (!hasPermission(c.menuPerms, PERMISSIONS.hotline.dial)) blocks.push(CALL_BLOCK.noAuthorisation);
  if (!c.linkReady) blocks.push(CALL_BLOCK.linkNotReady);
  if (c.state !== CALL_STATE.idle) blocks.push(CALL_BLOCK.notIdle);
  if (!c.sensitiveWhitelist) blocks.push(CALL_BLOCK.notWhitelisted);
  return blocks;
}

/** The longest wrap-up note, in characters. */
export const WRAP_UP_NOTE_MAX = 500;
