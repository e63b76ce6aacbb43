/**
 * Where the current call comes from (the client's address and browser), for the operation log.
 * route() runs every handler inside runWithOrigin, so a write deep in the kit or the workflow engine
 * records its caller's address without every signature in between carrying the request. Outside a
 * call (the demo seed, start-up) there is no origin and entries carry none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

export interface Origin {
  ipAddress: string | null;
  userAgent: string | null;
}

const MAX_USER_AGENT = 500;
const store = new AsyncLocalStorage<Origin>();

export function originOf(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null };
}

export function runWithOrigin<T>(request: FastifyRequest, run: () => T): T {
  return store.run(originOf(request), run);
}

/** The current call's origin; empty outside a call. */
export function currentOrigin(): Origin {
  return store.getStore() ?? { ipAddress: null, userAgent: null };
}

/** Whether the code runs inside a call (route()'s handler and what it awaits): its writes must be logged (guard.ts). */
export function inCall(): boolean {
  return store.getStore() !== undefined;
}

/**
 * Runs `run` outside the current call: for the server's own rules of time that a read applies on its
 * way (a certificate past its validity becomes expired), which are no person's write and so carry no
 * operation-log entry (guard.ts). Name the rule at the call site; anything a person asked for is logged.
 */
export function asServerRule<T>(run: () => T): T {
  return store.exit(run);
}
