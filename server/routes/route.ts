/**
 * Declaring an /api/web route. A route states who may call it (auth, permission, csrf) and what body
 * it accepts (body, a zod schema built from server/input/fields.ts); the protocol guard
 * (server/security/guard.ts) enforces all of it in the order of PROTOCOL.md §5 before the handler
 * runs. The handler returns the answer's `data`; a business refusal is thrown as an ApiError (server/errors.ts).
 *
 *   const updateBody = z.object({ configKey: text('server:input.fields.configKey', 100), configValue: text('server:bodySchema.fields.configValue', 2000) });
 *   route(api, {
 *     method: 'POST', path: '/op/v1/sys/configs/update-value-by-config-key', auth: 'session',
 *     permission: PERMISSIONS.config.edit, body: updateBody,
 *     handler: async ({ body, principal }) => ...,   // body: { configKey: string; configValue: string }
 *   });
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { hasAnyPermission } from '../../src/lib/access';
import { success } from '../errors';
import type { ProtocolHeaders } from '../security/signature';
import type { Principal } from '../security/sessions';
import type { z } from 'zod';
import { runWithOrigin } from '../operation-log/origin';
import { declareRoute } from '../audit/declared-routes';
import { localeOf, runInLocale } from '../i18n';

export type AuthMode = 'public' | 'session';

/** What the guard needs to know about a route; kept in the route's Fastify config. */
export interface RouteRules {
  auth: AuthMode;
  permission?: string;
  /** State-changing methods (all but GET and HEAD) must carry the session's CSRF token. */
  csrf: boolean;
  /** The body's zod schema (server/input/fields.ts): parsed where validate ran; the handler gets its output. */
  body?: z.ZodType<unknown>;
  /** Open to a session that must still change its initial password (spec 4.1.5); every other route refuses it. */
  beforePasswordChange: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    api?: RouteRules;
  }
  interface FastifyRequest {
    /** The exact body text as received: what the signature covers. */
    rawBody: string;
    protocolHeaders: ProtocolHeaders | null;
    principal: Principal | null;
    /** The body after JSON parsing and the route's validate. */
    validBody: unknown;
  }
}

export interface HandlerContext<B, A extends AuthMode> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: B;
  principal: A extends 'session' ? Principal : null;
}

export interface RouteDefinition<B, A extends AuthMode> {
  method: HTTPMethods | HTTPMethods[];
  /** Path under /api/web. */
  path: string;
  auth: A;
  /** A permission string (an area's permissions.ts or the platform's, src/lib/permissions.ts); checked with hasPermission (the *:*:* wildcard holds all). */
  permission?: A extends 'session' ? string : never;
  /** Defaults to true for session routes; false only for the call that hands out the CSRF token. */
  csrf?: boolean;
  /** The body's zod schema, built from server/input/fields.ts; the handler's body is typed from it. */
  body?: z.ZodType<B>;
  /**
   * Whether a session that must still change its initial password may call it: only what the forced
   * change needs (user info, its menu tree, the CSRF token, the change itself, logout). Default false.
   */
  beforePasswordChange?: boolean;
  handler: (context: HandlerContext<B, A>) => Promise<unknown> | unknown;
}

export function route<B = unknown, A extends AuthMode = AuthMode>(api: FastifyInstance, definition: RouteDefinition<B, A>): void {
  // An empty permission would guard nothing: refused when the route is declared, as HasPermi refuses [].
  if (definition.permission !== undefined) hasAnyPermission([], [definition.permission].filter(Boolean));
  const rules: RouteRules = {
    auth: definition.auth,
    permission: definition.permission,
    csrf: definition.csrf ?? definition.auth === 'session',
    body: definition.body,
    beforePasswordChange: definition.beforePasswordChange ?? false,
  };
  // The permission matrix reads each route's requirement from here (server/audit/permission-matrix.ts).
  declareRoute(definition.method, definition.path, rules.permission, {
    checksBody: definition.body !== undefined,
    // The handler's source names its body: tests/server/body-schemas-declared.test.ts holds every such route to a schema.
    readsBody: /\bbody\b/.test(String(definition.handler)),
  });
  api.route({
    method: definition.method,
    url: definition.path,
    config: { api: rules },
    // Not an async function: a handler that answers synchronously (user info from the cached
    // principal) is sent at once instead of one promise and microtask turn later.
    handler: (request, reply) => {
      // Run with the caller's address in reach, so the operation log of any write below can name it.
      // …and in the caller's language, so every message rendered below speaks it (server/i18n.ts).
      const data = runInLocale(localeOf(request.headers['accept-language']), () =>
        runWithOrigin(request, () =>
          definition.handler({
            request,
            reply,
            body: request.validBody as B,
            principal: request.principal as HandlerContext<B, A>['principal'],
          }),
        ),
      );
      // A handler that answered itself returns the reply (itself a thenable): nothing more to send.
      if (data === reply) return undefined;
      if (isThenable(data)) return Promise.resolve(data).then((value) => answer(value, reply));
      return success(data);
    },
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';

/** A handler that answered itself (a file download) returns the reply: nothing more to send. */
const answer = (data: unknown, reply: FastifyReply) => (data === reply ? reply : success(data));

/**
 * An area's POST calls under one base, each a session route whose body its schema checks: `post(path, permission,
 * schema, (body, principal, request) => ...)`. Without a base, each path is given whole.
 */
export function sessionPost(api: FastifyInstance, base = '') {
  return <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal, request: FastifyRequest) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: base ? `${base}/${path}` : path,
      auth: 'session',
      permission,
      body,
      handler: ({ body: checked, principal, request }) => handler(checked, principal, request),
    });
}
