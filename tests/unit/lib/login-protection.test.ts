import { describe, expect, it } from 'vitest';
import {
  beginAttempt,
  failAttempt,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  minutesLeft,
  NO_ATTEMPTS,
  type LoginAttemptState,
} from '../../../src/lib/login-protection';

const T = 1_000_000_000;

function failTimes(n: number, start = NO_ATTEMPTS, now = T): LoginAttemptState {
  let state = start;
  for (let i = 0; i < n; i += 1) {
    const begun = beginAttempt(state, now);
    if (begun.kind !== 'allowed') throw new Error('refused');
    state = failAttempt(begun.state, now).state;
  }
  return state;
}

describe('login protection rule', () => {
  it('allows four failures, locks on the fifth for 15 minutes', () => {
    const four = failTimes(LOGIN_MAX_FAILURES - 1);
    expect(four.lockedUntil).toBeNull();
    const fifth = beginAttempt(four, T);
    expect(fifth).toMatchObject({ kind: 'allowed', attempt: 5 });
    const failed = failAttempt(fifth.state, T);
    expect(failed).toMatchObject({ locked: true, state: { lockedUntil: T + LOGIN_LOCK_MS } });
    expect(beginAttempt(failed.state, T + LOGIN_LOCK_MS - 1)).toMatchObject({ kind: 'refused', lockedUntil: T + LOGIN_LOCK_MS });
    expect(beginAttempt(failed.state, T + LOGIN_LOCK_MS)).toMatchObject({ kind: 'allowed', attempt: 1 });
  });

  it('counts attempts in flight: a sixth that starts before the fifth settles is refused', () => {
    let state = NO_ATTEMPTS;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      const begun = beginAttempt(state, T);
      expect(begun.kind).toBe('allowed');
      state = begun.state;
    }
    expect(beginAttempt(state, T).kind).toBe('refused');
  });

  it('forgets failures after a quiet spell as long as a lock', () => {
    const four = failTimes(4);
    expect(beginAttempt(four, T + LOGIN_LOCK_MS)).toMatchObject({ kind: 'allowed', attempt: 1 });
    expect(beginAttempt(four, T + LOGIN_LOCK_MS - 1)).toMatchObject({ kind: 'allowed', attempt: 5 });
  });

  it('states the minutes left, rounded up, at least one', () => {
    expect(minutesLeft(T + LOGIN_LOCK_MS, T)).toBe(15);
    expect(minutesLeft(T + 61_000, T)).toBe(2);
    expect(minutesLeft(T + 1, T)).toBe(1);
    expect(minutesLeft(T - 5, T)).toBe(1);
  });
});
