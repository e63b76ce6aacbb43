/** The response envelope (PROTOCOL.md §6) and the error codes the server answers with. */
export const SUCCESS_CODE = '0';

export interface ApiEnvelope<T = unknown> {
  code: string;
  message?: string;
  data?: T;
}

/** Error codes of PROTOCOL.md §5 and §7, each with its HTTP status. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  TIMESTAMP_EXPIRED: 400,
  NONCE_REPLAYED: 400,
  SIGN_INVALID: 400,
  UNAUTHORIZED: 401,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
  /** A session that must change its initial password calls anything but the change (spec 4.1.5). */
  PASSWORD_CHANGE_REQUIRED: 403,
  VALIDATION_FAILED: 200,
  NOT_FOUND: 404,
  DATA_VERSION_CONFLICT: 200,
  BUSINESS_ERROR: 200,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The CRUD page call (PROTOCOL.md §7): pageSize at most 500. */
export const MAX_PAGE_SIZE = 500;

/**
 * A filtered list counts its matches up to this many (and one more, to know there are more): past it the
 * answer carries `totalBounded` and the pager says "10,000+" instead of counting a large share of a table
 * on every page (issue 42). Unfiltered lists over the largest tables read an exact kept count instead.
 */
export const LIST_TOTAL_BOUND = 10_000;
