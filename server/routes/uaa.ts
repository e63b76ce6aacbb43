/** Session bootstrap (PROTOCOL.md §2): public key, login, CSRF token, logout. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CSRF_COOKIE, DEFAULT_CSRF_HEADER } from '../../src/protocol/headers';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { businessError } from '../errors';
import { LoginProtection } from '../security/login-protection';
import { verifyPassword } from '../security/password-hash';
import { LOGIN_STATUS, minutesLeft } from '../../src/lib/login-protection';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import { z } from 'zod';
import { text } from '../input/fields';
import { route } from './route';

// Not HttpOnly: the client reads it to send `_csrf` (PROTOCOL.md §3).
const csrfCookie = (token: string) => `${CSRF_COOKIE}=${token}; Path=/; SameSite=Strict`;
const expiredCsrfCookie = `${CSRF_COOKIE}=; Path=/; SameSite=Strict; Max-Age=0`;

// The password is RSA ciphertext in base64 (684 characters under a 4096-bit key): bounded, with room.
const loginBody = z.object({ username: text('server:input.fields.username', 100), password: text('server:input.fields.password', 2048) });

export function uaaRoutes(api: FastifyInstance, ctx: AppContext): void {
  const protection = new LoginProtection(ctx.db, ctx.now);
  const lockedError = (lockedUntil: number) => businessError('LOGIN_LOCKED', 'server:login.locked', { minutes: String(minutesLeft(lockedUntil, ctx.now())) });

  route(api, {
    method: 'POST',
    path: '/uaa/v1/security/public-keys',
    auth: 'public',
    handler: () => ({ publicKey: ctx.keys.publicKeyPem }),
  });

  route(api, {
    method: 'POST',
    path: '/uaa/login',
    auth: 'public',
    body: loginBody,
    handler: async ({ body, request }) => {
      const decision = await protection.begin(body.username);
      if (decision.kind === 'refused') {
        await protection.record(request, { username: body.username, userId: null, status: LOGIN_STATUS.locked });
        throw lockedError(decision.lockedUntil);
      }
      const password = ctx.keys.decrypt(body.password);
      const [user] = await ctx.db
        .select({ id: users.id, passwordHash: users.passwordHash, defaultCorpId: users.defaultCorpId, status: users.status })
        .from(users)
        .where(eq(users.username, body.username));
      // One answer for an unknown user, a wrong password and an undecryptable one, in the same time;
      // all three count towards the lock, so the lock tells them apart no better.
      const matches = user && password !== null ? await verifyPassword(password, user.passwordHash) : (await ctx.verifyDecoy(), false);
      if (!user || !matches) {
        const { locked, lockedUntil } = await protection.fail(body.username);
        await protection.record(request, { username: body.username, userId: user?.id ?? null, status: locked ? LOGIN_STATUS.lock : LOGIN_STATUS.failure });
        if (locked && lockedUntil !== null) {
          request.log.warn({ username: body.username.slice(0, 100) }, 'login locked after repeated wrong passwords');
          throw lockedError(lockedUntil);
        }
        throw businessError('LOGIN_FAILED', 'server:login.failed');
      }
      // Told only to whoever knows the password, so the refusal reveals nothing to a guesser.
      if (user.status !== ACCOUNT_STATUS.enabled) {
        await protection.record(request, { username: body.username, userId: user.id, status: LOGIN_STATUS.failure });
        throw businessError('ACCOUNT_DISABLED', 'staff:errors.accountDisabled');
      }
      await protection.succeed(body.username);
      const session = await ctx.sessions.create(user.id, user.defaultCorpId, protection.originOf(request));
      await protection.record(request, { username: body.username, userId: user.id, status: LOGIN_STATUS.success });
      return { authToken: session.authToken, wsToken: session.wsToken };
    },
  });

  route(api, {
    method: 'POST',
    path: '/uaa/v1/security/token',
    auth: 'session',
    beforePasswordChange: true,
    // How the client obtains the CSRF token, so it cannot require one.
    csrf: false,
    handler: ({ request, reply, principal }) => {
      reply.header('set-cookie', csrfCookie(principal.csrfToken));
      return {
        authToken: request.protocolHeaders!.authToken,
        csrf: { token: principal.csrfToken, headerName: DEFAULT_CSRF_HEADER },
      };
    },
  });

  route(api, {
    method: 'POST',
    path: '/uaa/logout',
    auth: 'session',
    beforePasswordChange: true,
    handler: async ({ reply, principal }) => {
      await ctx.sessions.end(principal.tokenHash);
      reply.header('set-cookie', expiredCsrfCookie);
      return null;
    },
  });
}
