/** The signed-in operator: user info, granted menus, password change, corporate entity switch. */
import type { FastifyInstance } from 'fastify';
import { and, eq, exists, sql } from 'drizzle-orm';
import { checkPasswordChange } from '../../src/lib/password';
import type { AppContext } from '../context';
import { USER_STATUS } from '../../src/lib/codes';
import { SESSION_END_REASON } from '../../src/lib/messages';
import { menus, roleMenus, roles, userRoles, users } from '../db/schema';
import { ACCOUNT_STATUS } from '../../src/resources/staff';
import { businessError, success, validationError } from '../errors';
import { translate } from '../i18n';
import { hashPassword, verifyPassword } from '../security/password-hash';
import type { Principal } from '../security/sessions';
import { z } from 'zod';
import { id, text } from '../input/fields';
import { buildRouteTree } from './menu-tree';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { recordChange } from '../operation-log/record';
import { route } from './route';

function userInfo(p: Principal) {
  return {
    personId: p.userId,
    username: p.username,
    personName: p.personName,
    avatar: p.avatar,
    authorities: p.roles,
    menuPerms: p.permissions,
    userStatus: p.userStatus,
    personPosition: p.personPosition,
    corps: p.corps,
    corpName: p.corps.find((c) => c.corpId === p.corpId)?.corpName ?? null,
    corpId: p.corpId,
    sensitiveWhitelist: p.sensitiveWhitelist,
  };
}

/** User info envelopes by principal object; an entry goes with its principal. */
const userInfoAnswers = new WeakMap<Principal, Buffer>();
const JSON_TYPE = 'application/json; charset=utf-8';

// Both passwords are RSA ciphertext in base64 (684 characters under a 4096-bit key): bounded, with room.
const passwordChangeBody = z.object({
  originalPassword: text('server:input.fields.originalPassword', 2048),
  newPassword: text('server:input.fields.newPassword', 2048),
});
const switchCorpBody = z.object({ corpId: id('server:input.fields.corpId') });

export function userRoutes(api: FastifyInstance, ctx: AppContext): void {
  route(api, {
    method: ['GET', 'POST'],
    path: '/op/v1/userInfo',
    auth: 'session',
    beforePasswordChange: true,
    // Asked on every page load. The answer depends on the principal alone, and a principal object
    // is never changed in place (a changed session or user is read into a new one), so its
    // serialised envelope is kept with it instead of being serialised again on every call.
    handler: ({ principal, reply }) => {
      let answer = userInfoAnswers.get(principal);
      if (!answer) userInfoAnswers.set(principal, (answer = Buffer.from(JSON.stringify(success(userInfo(principal))))));
      return reply.type(JSON_TYPE).send(answer);
    },
  });

  route(api, {
    method: 'POST',
    path: '/op/v1/userInfo/granted-menu-tree',
    auth: 'session',
    beforePasswordChange: true,
    handler: async ({ principal }) => {
      const grantedToUser = exists(
        ctx.db
          .select({ one: sql`1` })
          .from(roleMenus)
          .innerJoin(userRoles, eq(userRoles.pkRole, roleMenus.pkRole))
          // A disabled role (issue 20) grants no menu.
          .innerJoin(roles, and(eq(roles.pkRole, roleMenus.pkRole), eq(roles.status, ACCOUNT_STATUS.enabled)))
          .where(and(eq(roleMenus.menuId, menus.id), eq(userRoles.userId, principal.userId))),
      );
      const rows = await ctx.db
        .select({
          id: menus.id,
          parentId: menus.parentId,
          menuUri: menus.menuUri,
          title: menus.title,
          path: menus.path,
          component: menus.component,
          routeName: menus.routeName,
          icon: menus.icon,
          orderNum: menus.orderNum,
          hidden: menus.hidden,
          redirect: menus.redirect,
          alwaysShow: menus.alwaysShow,
          noCache: menus.noCache,
          granted: sql<boolean>`${grantedToUser}`,
        })
        .from(menus);
      return buildRouteTree(rows);
    },
  });

  route(api, {
    method: 'POST',
    path: '/op/v1/init-passwords/modify/verify',
    auth: 'session',
    beforePasswordChange: true,
    handler: ({ principal }) => ({ required: principal.userStatus === USER_STATUS.INITIAL_PASSWORD }),
  });

  route(api, {
    method: 'POST',
    path: '/op/v1/staffs/password',
    auth: 'session',
    beforePasswordChange: true,
    body: passwordChangeBody,
    handler: async ({ body, principal }) => {
      const decrypted = { originalPassword: ctx.keys.decrypt(body.originalPassword), newPassword: ctx.keys.decrypt(body.newPassword) };
      for (const [field, value] of Object.entries(decrypted)) {
        if (value === null) throw validationError(translate('server:validation.notEncrypted', { field }));
      }
      const change = { originalPassword: decrypted.originalPassword!, newPassword: decrypted.newPassword! };
      const problem = checkPasswordChange(change);
      if (problem) throw validationError(translate(problem.message));

      const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, principal.userId));
      if (!(await verifyPassword(change.originalPassword.trim(), user.passwordHash))) {
        throw businessError('PASSWORD_MISMATCH', 'server:password.mismatch');
      }
      const passwordHash = await hashPassword(change.newPassword.trim(), ctx.passwordCost);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, userStatus: USER_STATUS.NORMAL, updateTime: new Date(), updateBy: principal.userId, dataVersion: sql`${users.dataVersion} + 1` })
          .where(eq(users.id, principal.userId));
        await ctx.sessions.endAllForUser(principal.userId, tx, SESSION_END_REASON.PASSWORD_CHANGED);
        // Which account changed its password and that its sessions ended; the hash is never logged (record.ts masks it).
        await recordChange(tx, principal, {
          resource: 'users',
          recordId: principal.userId,
          action: OPERATION_ACTION.passwordChange,
          before: { userStatus: principal.userStatus, passwordHash: user.passwordHash },
          after: { userStatus: USER_STATUS.NORMAL, passwordHash },
        });
      });
      return null;
    },
  });

  route(api, {
    method: 'POST',
    path: '/op/v1/auth/switch/corp',
    auth: 'session',
    body: switchCorpBody,
    handler: async ({ body, principal }) => {
      const corp = principal.corps.find((c) => c.corpId === body.corpId);
      if (!corp) throw validationError(translate('server:corp.notMember'));
      if (corp.corpId === principal.corpId) throw businessError('SAME_CORP', 'server:corp.same');
      await ctx.sessions.switchCorp(principal.tokenHash, corp.corpId);
      return corp;
    },
  });
}
