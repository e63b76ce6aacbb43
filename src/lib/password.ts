/**
 * The change-password rules of spec 5.1, used by the forced change-password modal, the
 * change-password page and the server's /op/v1/staffs/password.
 */
const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

/** 8 to 20 characters with an uppercase letter, a lowercase letter, a digit and a special character; no whitespace. */
const STRONG_PASSWORD = new RegExp(`^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)(?=.*[^A-Za-z0-9\\s])\\S{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);

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

const FIELD_ORDER: PasswordField[] = ['originalPassword', 'newPassword', 'repeatPassword'];

/** The rule for one field, given the whole (untrimmed) form; null when the field is fine. */
export function passwordFieldError(field: PasswordField, input: PasswordChange): PasswordMessageKey | null {
  const raw = input[field];
  if (raw === undefined) return null;
  const value = raw.trim();
  if (value === '') return PASSWORD_MESSAGES.required;
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (field === 'newPassword') {
    if (value === input.originalPassword.trim()) return PASSWORD_MESSAGES.sameAsOld;
    if (!isStrongPassword(value)) return PASSWORD_MESSAGES.weak;
  }
  if (field === 'repeatPassword' && value !== input.newPassword.trim()) return PASSWORD_MESSAGES.repeatMismatch;
  return null;
}

/**
 * Checks a change request in the order the form shows its fields (input trimmed first, as the
 * form does). Returns the first failing field with its message key, or null.
 */
export function checkPasswordChange(input: PasswordChange): { field: PasswordField; message: PasswordMessageKey } | null {
  for (const field of FIELD_ORDER) {
    const message = passwordFieldError(field, input);
    if (message) return { field, message };
  }
  return null;
}
