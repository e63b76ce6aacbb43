/**
 * Login protection (issue 20): five wrong passwords in a row lock the account name for 15 minutes.
 * The rule is counted per typed username, whether or not such a user exists, so the lock itself
 * does not tell an unknown name from a known one.
 *
 * An attempt is counted when it starts, not when its password has been checked: the check takes a
 * slow hash, and counting afterwards would let a burst of simultaneous guesses all pass the "fewer
 * than five" test before any of them was counted.
 */

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60_000;

/** The stored state of one username (sys_login_locks); times in epoch milliseconds. */
export interface LoginAttemptState {
  /** Attempts since the last success, lock expiry or quiet spell, the one in progress included. */
  attempts: number;
  lockedUntil: number | null;
  lastAttemptAt: number | null;
}

export const NO_ATTEMPTS: LoginAttemptState = { attempts: 0, lockedUntil: null, lastAttemptAt: null };

export type AttemptDecision =
  { kind: 'refused'; lockedUntil: number; state: LoginAttemptState } | { kind: 'allowed'; attempt: number; state: LoginAttemptState };

/** Whether a new attempt may check its password, and the state to store if it may. */
export function beginAttempt(current: LoginAttemptState, now: number): AttemptDecision {
  if (current.lockedUntil !== null && current.lockedUntil > now) {
    return { kind: 'refused', lockedUntil: current.lockedUntil, state: current };
  }
  // A lock that has run out, or failures older than a lock's length, are forgiven.
  const stale = current.lockedUntil !== null || current.lastAttemptAt === null || now - current.lastAttemptAt >= LOGIN_LOCK_MS;
  const attempts = stale ? 0 : current.attempts;
  // Attempts still in flight have used up the allowance: refuse as if locked until they settle.
  if (attempts >= LOGIN_MAX_FAILURES) return { kind: 'refused', lockedUntil: now + LOGIN_LOCK_MS, state: current };
  const state = { attempts: attempts + 1, lockedUntil: null, lastAttemptAt: now };
  return { kind: 'allowed', attempt: state.attempts, state };
}

/** After a wrong password: the state to store, locked once the allowance is used up. */
export function failAttempt(current: LoginAttemptState, now: number): { locked: boolean; state: LoginAttemptState } {
  if (current.lockedUntil !== null && current.lockedUntil > now) return { locked: false, state: current };
  if (current.attempts < LOGIN_MAX_FAILURES) return { locked: false, state: current };
  return { locked: true, state: { ...current, lockedUntil: now + LOGIN_LOCK_MS } };
}

/** Whole minutes left of a lock, at least one (for the message). */
export function minutesLeft(lockedUntil: number, now: number): number {
  return Math.max(1, Math.ceil((lockedUntil - now) / 60_000));
}

/** How a login ended (dictionary sys_login_status). */
export const LOGIN_STATUS = {
  success: 'SUCCESS',
  failure: 'FAILURE',
  /** The wrong password that used up the allowance: the lock starts here. */
  lock: 'LOCK',
  /** Refused without checking the password, the name being locked. */
  locked: 'LOCKED',
} as const;
