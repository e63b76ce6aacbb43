/**
 * THE call centre (spec §6), behind one small interface: whether the link is up, placing a call, what
 * the centre says of a call now, hanging up. The hotline (server/hotline) knows nothing else of it,
 * so a real centre replaces the stand-in here and nowhere else.
 *
 * The interface is asked, never pushes: the hotline reads a call's progress when the operator's state
 * is read (the screen polls), so nothing a later request depends on lives in a process's memory and
 * any process may serve the next poll.
 */
export interface CallCentreLink {
  ready: boolean;
  /** Why the link is down, in the operator's words. */
  reason?: string;
}

export type CallProgress =
  | { state: 'RINGING' }
  | { state: 'ANSWERED'; at: Date }
  /** The call will not be answered: the callee is busy, nobody answered, or the centre failed it. */
  | { state: 'UNANSWERED'; outcome: 'BUSY' | 'NO_ANSWER' | 'FAILED'; reason: string; at: Date };

export interface DialRequest {
  /** The hotline's id of the call (the centre echoes it in its logs). */
  callId: string;
  /** Who calls: the operator's username, their seat at the centre. */
  operator: string;
  /** The full number; it leaves the server only towards the centre. */
  number: string;
}

export interface CallCentre {
  link(): Promise<CallCentreLink>;
  /** Places the call and answers the centre's reference for it; throws when the centre refuses it. */
  dial(request: DialRequest): Promise<{ ref: string }>;
  progress(ref: string): Promise<CallProgress>;
  hangUp(ref: string): Promise<void>;
}

export { standInCallCentre } from './stand-in';
