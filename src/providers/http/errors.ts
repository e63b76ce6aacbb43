/**
 * The error catalogue of spec §8 as one pure classification of an HTTP answer. The client treats
 * every status as a response and decides here what it means for the operator.
 */
import { SUCCESS_CODE, type ApiEnvelope } from '../../protocol/envelope';

export type ErrorKind = 'unauthorized' | 'forbidden' | 'timeout' | 'network' | 'business' | 'cancelled';

/** Locale keys (namespace errors) of the catalogue's fixed messages. */
export const CATALOGUE_MESSAGE_KEYS = {
  forbidden: 'errors:network.forbidden',
  timeout: 'errors:network.timeout',
  network: 'errors:network.generic',
  cancelled: 'errors:network.cancelled',
  unauthorized: 'errors:UNAUTHORIZED',
} as const;

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(kind: ErrorKind, message: string, status = 0, code = '', data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.data = data;
  }

  /** Refine reads `statusCode` in its error handling. */
  get statusCode(): number {
    return this.status;
  }
}

/**
 * What a page still has to say about a failed call: the client itself shows permission, network and
 * timeout failures (and a 401 leaves for the login page), so a page that showed them again would say
 * it twice. A business refusal, and anything that is not the client's, is the page's to show.
 */
export function pageMessageOf(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.kind === 'business' ? error.message : undefined;
  return error instanceof Error ? error.message : undefined;
}

export interface Classification {
  kind: ErrorKind | 'ok';
  /** Either a catalogue locale key (when `translate` is true) or the server's own message. */
  message: string;
  translate: boolean;
  code: string;
}

function envelopeOf(body: unknown): ApiEnvelope | undefined {
  if (typeof body === 'object' && body !== null && 'code' in body) return body as ApiEnvelope;
  return undefined;
}

export function classifyResponse(status: number, body: unknown): Classification {
  const envelope = envelopeOf(body);
  const code = envelope?.code ?? '';
  if (status === 401) return { kind: 'unauthorized', message: CATALOGUE_MESSAGE_KEYS.unauthorized, translate: true, code };
  if (status === 403) return { kind: 'forbidden', message: CATALOGUE_MESSAGE_KEYS.forbidden, translate: true, code };
  if (status === 504) return { kind: 'timeout', message: CATALOGUE_MESSAGE_KEYS.timeout, translate: true, code };
  if (status !== 200 || !envelope) return { kind: 'network', message: CATALOGUE_MESSAGE_KEYS.network, translate: true, code };
  if (code === SUCCESS_CODE) return { kind: 'ok', message: envelope.message ?? '', translate: false, code };
  const message = (envelope.message ?? '').trim();
  if (!message) return { kind: 'network', message: CATALOGUE_MESSAGE_KEYS.network, translate: true, code };
  return { kind: 'business', message, translate: false, code };
}
