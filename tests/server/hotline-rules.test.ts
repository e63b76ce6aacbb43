/**
 * The hotline's pure rules (src/lib/hotline.ts) and the stand-in call centre (server/call-centre):
 * which moves exist, when the call button shows, and what the stand-in reports over time.
 */
import { describe, expect, it } from 'vitest';
import { standInCallCentre } from '../../server/call-centre';
import { CALL_BLOCK, CALL_STATE, callBlocks, canMove, type CallState } from '../../src/lib/hotline';
import { ALL_PERMISSIONS_WILDCARD } from '../../src/lib/permissions';
import { PERMISSIONS } from '../../src/features/hotline/permissions';

const STATES = Object.values(CALL_STATE) as CallState[];

describe('hotline rules', () => {
  it('allows exactly idle → dialling → talking → wrap-up → idle, and dialling → wrap-up for an unanswered call', () => {
    const allowed = STATES.flatMap((from) => STATES.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(['DIALLING>TALKING', 'DIALLING>WRAP_UP', 'IDLE>DIALLING', 'TALKING>WRAP_UP', 'WRAP_UP>IDLE'].sort());
  });

  it('shows the call button only when all four conditions of spec §6 hold', () => {
    const ok = { menuPerms: [PERMISSIONS.hotline.dial], sensitiveWhitelist: true, linkReady: true, state: CALL_STATE.idle } as const;
    expect(callBlocks(ok)).toEqual([]);
    expect(callBlocks({ ...ok, menuPerms: [ALL_PERMISSIONS_WILDCARD] })).toEqual([]);
    expect(callBlocks({ ...ok, menuPerms: [PERMISSIONS.hotline.list] })).toEqual([CALL_BLOCK.noAuthorisation]);
    expect(callBlocks({ ...ok, linkReady: false })).toEqual([CALL_BLOCK.linkNotReady]);
    expect(callBlocks({ ...ok, sensitiveWhitelist: false })).toEqual([CALL_BLOCK.notWhitelisted]);
    for (const state of STATES.filter((s) => s !== CALL_STATE.idle)) expect(callBlocks({ ...ok, state })).toEqual([CALL_BLOCK.notIdle]);
  });
});

describe('the stand-in call centre', () => {
  it('answers, reports busy and no answer with a reason, each after its delay', async () => {
    let now = 1_000_000;
    const centre = standInCallCentre({ now: () => now, answerAfterMs: 2_000, failAfterMs: 1_000, noAnswerAfterMs: 5_000 });
    const [answer, busy, silent] = await Promise.all(
      ['13900000001', '13900000004', '13900000000'].map(async (number, i) => (await centre.dial({ callId: String(i), operator: 'op', number })).ref),
    );
    expect((await centre.progress(answer)).state).toBe('RINGING');
    now += 1_000;
    expect(await centre.progress(busy)).toMatchObject({ state: 'UNANSWERED', outcome: 'BUSY', reason: '对方忙线' });
    expect((await centre.progress(answer)).state).toBe('RINGING');
    now += 1_000;
    expect(await centre.progress(answer)).toMatchObject({ state: 'ANSWERED', at: new Date(1_002_000) });
    expect((await centre.progress(silent)).state).toBe('RINGING');
    now += 3_000;
    expect(await centre.progress(silent)).toMatchObject({ state: 'UNANSWERED', outcome: 'NO_ANSWER', reason: '无人接听' });
    expect(await centre.progress('forged')).toMatchObject({ state: 'UNANSWERED', outcome: 'FAILED' });
  });

  it('refuses to dial while its link is down', async () => {
    const centre = standInCallCentre({ linkReady: false });
    expect((await centre.link()).ready).toBe(false);
    await expect(centre.dial({ callId: 'x', operator: 'op', number: '13900000001' })).rejects.toThrow();
  });
});
