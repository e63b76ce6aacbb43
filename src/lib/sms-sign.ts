/**
 * SMS signing (spec 4.3, 5.2, §9): the result codes the sign-confirmation modal answers with and the
 * limits of a code, shared by the modal (its countdown) and the server (which enforces them).
 */
export const SIGN_RESULT = {
  SUCCESS: '0',
  /** businessKeys, businessType, productType or corpName missing (传入参数不完整). */
  INCOMPLETE: '1',
  /** The modal was closed. */
  CANCELLED: '2',
} as const;

export const SMS_CODE_LENGTH = 6;
/** A code is valid for 5 minutes. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** The countdown before another code may be asked for. */
export const SMS_RESEND_WAIT_MS = 60_000;
/** Wrong entries after which a code is locked and a new one must be asked for. */
export const SMS_MAX_ATTEMPTS = 5;
