/** Error answers in the envelope of PROTOCOL.md §6, with the HTTP status of §5. */
import { ERROR_STATUS, SUCCESS_CODE, type ApiEnvelope, type ErrorCode } from '../src/protocol/envelope';
import { translate } from './i18n';

/** Thrown by checks and handlers; the error handler turns it into an envelope. */
export class ApiError extends Error {
  /** The input field the refusal is about (a declared field's name): answered as `data.field`, so a form shows it under that field. */
  field?: string;

  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    /** The request fields the refusal is about (VALIDATION_FAILED, DUPLICATE): answered as data.fields for forms. */
    readonly fields?: readonly string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * The locale key and values the message was rendered from, when it came from the catalogue: the
   * error handler renders it again in the request's language, for refusals raised where no request's
   * language is in reach (the protocol guard's first checks run before any handler).
   */
  messageKey?: { key: string; params: Record<string, string> };
}

function keyed(error: ApiError, key: string, params: Record<string, string> = {}): ApiError {
  error.messageKey = { key, params };
  return error;
}

/** Marks a refusal as being about one input field, unless an inner check already named one. */
export function aboutField<E>(error: E, field: string): E {
  if (error instanceof ApiError && error.field === undefined) error.field = field;
  return error;
}

/** A protocol error of §5 or §7: the status from ERROR_STATUS, the message from errors.json unless given. */
export function protocolError(code: ErrorCode, message?: string): ApiError {
  if (message !== undefined) return new ApiError(code, message, ERROR_STATUS[code]);
  return keyed(new ApiError(code, translate(`errors:${code}`), ERROR_STATUS[code]), `errors:${code}`);
}

/**
 * A record that does not exist (or no longer does): a business answer, HTTP 200 with code NOT_FOUND
 * and its own message (PROTOCOL.md §7 find-by-id), which the page shows. HTTP 404 stays for unknown
 * routes, where the client's network message is right.
 */
export function notFoundError(message: string): ApiError {
  return new ApiError('NOT_FOUND', message, 200);
}

export function validationError(message: string): ApiError {
  return protocolError('VALIDATION_FAILED', message);
}

/** The body parsed as anything but JSON; not in ERROR_STATUS, so it carries its own code and status. */
export function malformedJsonError(): ApiError {
  return keyed(new ApiError('MALFORMED_JSON', translate('errors:MALFORMED_JSON'), 400), 'errors:MALFORMED_JSON');
}

/** A business refusal: HTTP 200 with its own code (spec §8: the client shows the message). */
export function businessError(code: string, messageKey: string, params: Record<string, string> = {}): ApiError {
  return keyed(new ApiError(code, translate(messageKey, params), 200), messageKey, params);
}

export function success<T>(data: T): ApiEnvelope<T | null> {
  return { code: SUCCESS_CODE, message: 'success', data: data === undefined ? null : data };
}
