/**
 * The checks of PROTOCOL.md §5, in its order, for every request of the /api/web plugin:
 *   onRequest (no body needed): headers well formed, timestamp window, nonce not seen;
 *   preValidation (raw body read): signature, then claim the nonce (in memory, then in the database's
 *   ledger shared by every process); session; CSRF; permission; body.
 * Transport refusals (413 body too large, 415 content type) happen while the body is read, between
 * the two. Nothing is changed before every check has passed, except remembering a correctly signed nonce.
 *
 * Both hooks are callback hooks, not async functions: on the common path (principal cached, last-seen
 * time recent) every check but the ledger's claim is synchronous, and an async hook would cost a promise and a microtask turn
 * per hook per request for nothing. A check that fails throws; Fastify's hook runner passes a
 * synchronous throw to the error handler exactly as it does a rejected promise.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission } from '../../src/lib/access';
import { USER_STATUS } from '../../src/lib/codes';
import { BACKGROUND_CALL_HEADER, CSRF_QUERY_KEY, DEFAULT_CSRF_HEADER } from '../../src/protocol/headers';
import { malformedJsonError, protocolError } from '../errors';
import { localeOf, runInLocale } from '../i18n';
import { checkInput } from './input-gate';
import { parseWithSchema } from '../input/fields';
import type { NonceLedger } from './nonce-ledger';
import type { NonceStore } from './nonces';
import type { RouteRules } from '../routes/route';
import type { Principal, SessionStore } from './sessions';
import { readProtocolHeaders, verifySignature } from './signature';

/** The session's CSRF token as bytes, made once per cached principal rather than per comparison. */
const csrfBytes = new WeakMap<Principal, Buffer>();

function sameSecret(given: string | undefined, principal: Principal): boolean {
  if (given === undefined) return false;
  let expected = csrfBytes.get(principal);
  if (!expected) csrfBytes.set(principal, (expected = Buffer.from(principal.csrfToken)));
  const a = Buffer.from(given);
  return a.length === expected.length && timingSafeEqual(a, expected);
}

const CSRF_HEADER = DEFAULT_CSRF_HEADER.toLowerCase();
const BACKGROUND_HEADER = BACKGROUND_CALL_HEADER.toLowerCase();

function checkCsrf(request: FastifyRequest, query: ReadonlyArray<[string, string]>, principal: Principal): void {
  const headerValue = request.headers[CSRF_HEADER];
  let ok = typeof headerValue === 'string' && sameSecret(headerValue, principal);
  let queryValues = 0;
  for (const [key, value] of query) {
    if (key !== CSRF_QUERY_KEY) continue;
    queryValues++;
    ok &&= sameSecret(value, principal);
  }
  if (!ok || queryValues === 0) throw protocolError('CSRF_INVALID');
}

/** Keys named __proto__ would let a later Object.assign or merge reach Object.prototype. */
const dropProtoKeys = (key: string, value: unknown) => (key === '__proto__' ? undefined : value);

function parseBody(rawBody: string): unknown {
  if (rawBody === '') return undefined;
  try {
    return JSON.parse(rawBody, dropProtoKeys);
  } catch {
    throw malformedJsonError();
  }
}

/** Calls done once the last-seen write, if any, has finished. A module function: no closure per request. */
function settle(touched: Promise<void> | undefined, done: (error?: Error) => void): void {
  if (touched) touched.then(() => done(), done);
  else done();
}

/**
 * The guard's permission decision for a route: what it answers a principal holding `permissions`.
 * Exported so that the permission matrix (server/audit/permission-matrix.ts) computes every cell
 * with this very function rather than a copy of the rule.
 */
export function permits(permissions: readonly string[], rules: Pick<RouteRules, 'permission'>): boolean {
  return !rules.permission || hasPermission(permissions, rules.permission);
}

const isStateChanging = (method: string) => method !== 'GET' && method !== 'HEAD';

export function installGuard(api: FastifyInstance, deps: { nonces: NonceStore; ledger: NonceLedger; sessions: SessionStore }): void {
  const { nonces, ledger, sessions } = deps;

  api.decorateRequest('rawBody', '');
  api.decorateRequest('protocolHeaders', null);
  api.decorateRequest('principal', null);
  api.decorateRequest('validBody', undefined);

  api.addHook('onRequest', (request, _reply, done) => {
    const headers = readProtocolHeaders(request.headers);
    if (nonces.seen(headers.nonce)) throw protocolError('NONCE_REPLAYED');
    request.protocolHeaders = headers;
    done();
  });

  /** Checks 6 to 8 once the session's principal is known; a promise only when last-seen is written. */
  function admit(request: FastifyRequest, rules: RouteRules, query: ReadonlyArray<[string, string]>, principal: Principal | null): Promise<void> | undefined {
    if (rules.auth === 'session') {
      if (!principal) throw protocolError('UNAUTHORIZED');
      // The forced first-login change is the server's rule, not only the browser dialog's.
      if (principal.userStatus === USER_STATUS.INITIAL_PASSWORD && !rules.beforePasswordChange) throw protocolError('PASSWORD_CHANGE_REQUIRED');
      if (rules.csrf && isStateChanging(request.method)) checkCsrf(request, query, principal);
      if (!permits(principal.permissions, rules)) throw protocolError('FORBIDDEN');
    }

    const body = parseBody(request.rawBody);
    checkInput(body);
    request.validBody = rules.body ? parseWithSchema(rules.body, body) : body;

    request.principal = principal;
    // A screen's own timer (a badge count) is not activity: it must not keep an idle session alive.
    return principal && request.headers[BACKGROUND_HEADER] !== '1' ? sessions.touch(principal) : undefined;
  }

  /** The checks after the nonce: the route's rules, with the principal read if it is not cached. */
  function admitRoute(request: FastifyRequest, query: ReadonlyArray<[string, string]>, done: (error?: Error) => void): void {
    const rules = request.routeOptions.config.api;
    if (!rules) return done(); // the /api/web catch-all: signed, then answered NOT_FOUND

    if (rules.auth !== 'session') return settle(admit(request, rules, query, null), done);
    const authToken = request.protocolHeaders!.authToken;
    const cached = sessions.cached(authToken);
    if (cached && !sessions.isIdle(cached)) return settle(admit(request, rules, query, cached), done);
    const admitLive = (principal: Principal | null) => {
      try {
        settle(admit(request, rules, query, principal), done);
      } catch (error) {
        done(error as Error);
      }
    };
    sessions.principal(authToken).then((principal) => {
      // Idle past the timeout by this process's last-seen time, and not yet swept (the sweep runs each
      // second): the database decides (endIfIdle); a session idle there is ended with its reason, so
      // the session's other tabs leave too, and this request is refused.
      if (!principal || !sessions.isIdle(principal)) return admitLive(principal);
      sessions.endIfIdle(principal).then((over) => admitLive(over ? null : principal), done);
    }, done);
  }

  api.addHook('preValidation', (request, _reply, done) => {
    const headers = request.protocolHeaders!;
    const { query } = verifySignature(request.url, request.rawBody, headers);
    // Remembered only once correctly signed, so a garbled copy cannot burn a client's nonce. The
    // memory store refuses a copy sent to this process at no cost; the ledger is the authority, shared
    // with the other processes on the database and outliving this one.
    if (!nonces.remember(headers.nonce)) throw protocolError('NONCE_REPLAYED');
    ledger.claim(headers.nonce).then((claimed) => {
      if (!claimed) return done(protocolError('NONCE_REPLAYED'));
      try {
        // In the caller's language: a body's refusal names its field in the words the caller reads.
        runInLocale(localeOf(request.headers['accept-language']), () => admitRoute(request, query, done));
      } catch (error) {
        done(error as Error);
      }
    }, done);
  });
}
