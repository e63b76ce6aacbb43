/**
 * The change-password rules of spec 5.1, used by the forced change-password modal, the
 * change-password page and the server's /op/v1/staffs/password.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

/** 8 to 20 characters with an uppercase letter, a lowercase letter, a digit and a special character; no whitespace. */
const STRONG_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S{8,20}$/;

/** Locale keys (namespace auth) of the messages quoted by spec 5.1. */
export const PASSWORD_MESSAGES = {
  required: 'auth:password.required',
  tooLong: 'auth:password.tooLong',
  sameAsOld: 'auth:password.sameAsOld',
  weak: 'auth:password.weak',
  repeatMismatch: 'auth:password.repeatMismatch',
} as const;

export type PasswordMessageKey = (typeof PASSWORD_MESSAGES)[keyof typeof PASSWORD_MESSAGES];

export function isStrongPassword(password: string): boolean {
  return STRONG_PASSWORD.test(password);
}

export interface PasswordChange {
  originalPassword: string;
  newPassword: string;
  /** Absent on the server, which never receives the repeat field. */
  repeatPassword?: string;
}

export type PasswordField = keyof PasswordChange;

/**
 * Checks a change request field by field, in the order the form shows them; input is trimmed
 * first, as the form does. Returns the first failing field with its message key, or null.
 */
export function checkPasswordChange(input: PasswordChange): { field: PasswordField; message: PasswordMessageKey } | null {
  const original = input.originalPassword.trim();
  const next = input.newPassword.trim();
  const fields: Array<[PasswordField, string | undefined]> = [
    ['originalPassword', original],
    ['newPassword', next],
    ['repeatPassword', input.repeatPassword?.trim()],
  ];
  for (const [field, value] of fields) {
    if (value === undefined) continue;
    if (value === '') return { field, message: PASSWORD_MESSAGES.required };
    if (value.length > PASSWORD_MAX_LENGTH) return { field, message: PASSWORD_MESSAGES.tooLong };
  }
  if (next === original) return { field: 'newPassword', message: PASSWORD_MESSAGES.sameAsOld };
  if (!isStrongPassword(next)) return { field: 'newPassword', message: PASSWORD_MESSAGES.weak };
  if (input.repeatPassword !== undefined && input.repeatPassword.trim() !== next) {
    return { field: 'repeatPassword', message: PASSWORD_MESSAGES.repeatMismatch };
  }
  return null;
}
