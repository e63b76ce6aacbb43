/** The hotline's calls (server/hotline/routes.ts) and the shapes they answer. */
import type { CallBlock, CallOutcome, CallState, CallStatus } from '../../lib/hotline';
import { api } from '../../providers/http';

export const HOTLINE_BASE = '/op/v1/hotline';

export interface HotlineCall {
  id: string;
  corpId: string;
  /** The corporation's current name, read when answered (null for a call whose corporation was removed before it became a reference). */
  corpName: string | null;
  contactName: string | null;
  phoneMasked: string;
  status: CallStatus;
  outcome: CallOutcome | null;
  reason: string | null;
  note: string | null;
  dialTime: string;
  answerTime: string | null;
  hangupTime: string | null;
  talkSeconds: number | null;
}

export interface HotlineState {
  state: CallState;
  call: HotlineCall | null;
  linkReady: boolean;
  linkReason: string | null;
  blocks: CallBlock[];
}

export const hotlineApi = {
  state: () => api.post<HotlineState>(`${HOTLINE_BASE}/state`, {}, { silent: true }),
  start: (corpId: string) => api.post<HotlineCall>(`${HOTLINE_BASE}/start`, { corpId }),
  hangUp: (id: string) => api.post<HotlineCall>(`${HOTLINE_BASE}/hang-up`, { id }),
  wrapUp: (id: string, note: string) => api.post<HotlineCall>(`${HOTLINE_BASE}/wrap-up`, { id, note }),
};
