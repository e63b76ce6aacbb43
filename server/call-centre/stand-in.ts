/**
 * The call centre that ships (no telephony here): it drives a call through the states a real centre
 * reports. Its answers are a pure function of the reference it handed out and the clock, so any
 * server process answers the same about a call, and a restart loses nothing:
 *
 * - a number ending in 4 is busy: UNANSWERED (BUSY, 对方忙线) after `failAfterMs`;
 * - a number ending in 0 rings out: UNANSWERED (NO_ANSWER, 无人接听) after `noAnswerAfterMs`;
 * - any other number is answered after `answerAfterMs`.
 *
 * The link is up unless the options say it is down (CALL_CENTRE_LINK=down for the server).
 */
import type { CallCentre, CallProgress } from './index';

export interface StandInOptions {
  now?: () => number;
  answerAfterMs?: number;
  failAfterMs?: number;
  noAnswerAfterMs?: number;
  linkReady?: boolean;
}

type Script = 'ANSWER' | 'BUSY' | 'NO_ANSWER';

const scriptOf = (number: string): Script => (number.endsWith('4') ? 'BUSY' : number.endsWith('0') ? 'NO_ANSWER' : 'ANSWER');

const REF = /^standin:(\d{1,15}):(ANSWER|BUSY|NO_ANSWER)$/;

export function standInCallCentre(options: StandInOptions = {}): CallCentre {
  const now = options.now ?? Date.now;
  const answerAfter = options.answerAfterMs ?? 2_500;
  const failAfter = options.failAfterMs ?? 2_000;
  const noAnswerAfter = options.noAnswerAfterMs ?? 6_000;
  const ready = options.linkReady ?? true;
  return {
    async link() {
      return ready ? { ready: true } : { ready: false, reason: '呼叫中心连接未就绪' };
    },
    async dial({ number }) {
      if (!ready) throw new Error('call centre link is down');
      return { ref: `standin:${now()}:${scriptOf(number)}` };
    },
    async progress(ref): Promise<CallProgress> {
      const match = REF.exec(ref);
      if (!match) return { state: 'UNANSWERED', outcome: 'FAILED', reason: '呼叫中心不认识该通话', at: new Date(now()) };
      const dialledAt = Number(match[1]);
      const script = match[2] as Script;
      const elapsed = now() - dialledAt;
      if (script === 'BUSY' && elapsed >= failAfter) return { state: 'UNANSWERED', outcome: 'BUSY', reason: '对方忙线', at: new Date(dialledAt + failAfter) };
      if (script === 'NO_ANSWER' && elapsed >= noAnswerAfter)
        return { state: 'UNANSWERED', outcome: 'NO_ANSWER', reason: '无人接听', at: new Date(dialledAt + noAnswerAfter) };
      if (script === 'ANSWER' && elapsed >= answerAfter) return { state: 'ANSWERED', at: new Date(dialledAt + answerAfter) };
      return { state: 'RINGING' };
    },
    async hangUp() {
      // Nothing to release: the stand-in holds no line.
    },
  };
}
