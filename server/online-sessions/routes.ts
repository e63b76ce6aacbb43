/**
 * Online sessions (issue 20): the page and find-by-id calls in the kit's shape, built from the
 * sessions table and its users, and force-logout. A session is named by its public id; its token
 * hash never leaves the server. Forcing out deletes the session in the same transaction as its
 * operation-log entry, and drops it from every instance's principal cache (the sessions table's
 * change notification), so the user's next call answers 401 whichever instance it reaches.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PERMISSIONS } from '../../src/features/system-admin/permissions';
import { onlineSessionResource } from '../../src/resources/online-session';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import type { AppContext } from '../context';
import { id } from '../input/fields';
import { filterConditions, orderOf, pagingOf, whereOf, type Columns } from '../crud/query';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { sessions, users } from '../db/schema';
import { businessError, notFoundError } from '../errors';
import { translate } from '../i18n';
import { actorOf, recordOperation } from '../operation-log/record';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import { listBodyOf } from '../crud/list-body';

const API = onlineSessionResource.apiBase;
// The page's filters and paging are the kit's (server/crud/query.ts reads them by the resource's declaration): passed through.
/** The filters, order and paging its declaration allows (server/crud/list-body.ts), as the kit's own lists take them. */
const pageBody = listBodyOf(onlineSessionResource);
const sessionBody = z.object({ id: id('server:input.fields.sessionId') });

const COLUMNS: Columns = {
  id: sessions.sessionId,
  username: users.username,
  personName: users.personName,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
  createTime: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
};

const selection = {
  id: sessions.sessionId,
  userId: sessions.userId,
  username: users.username,
  personName: users.personName,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
  createTime: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  tokenHash: sessions.tokenHash,
};

type SessionRow = Awaited<ReturnType<typeof baseQuery>>[number];

const baseQuery = (db: Db | Tx) => db.select(selection).from(sessions).innerJoin(users, eq(users.id, sessions.userId));

/** What the page shows of a session: never its token hash; `current` marks the caller's own. */
function present(row: SessionRow, principal: Principal) {
  const { tokenHash, ...shown } = row;
  return { ...shown, current: tokenHash === principal.tokenHash };
}

export function onlineSessionRoutes(api: FastifyInstance, ctx: AppContext): void {
  route(api, {
    method: 'POST',
    path: `${API}/page`,
    auth: 'session',
    permission: PERMISSIONS.onlineSession.list,
    body: pageBody,
    handler: async ({ body, principal }) => {
      const { pageNum, pageSize } = pagingOf(body);
      const where = whereOf(filterConditions(onlineSessionResource, COLUMNS, body));
      const order = orderOf(onlineSessionResource, COLUMNS, body);
      const rows = await baseQuery(ctx.db)
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize);
      const [{ total }] = await ctx.db.select({ total: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where);
      return { records: rows.map((row) => present(row, principal)), total, pageNum, pageSize };
    },
  });

  route(api, {
    method: 'POST',
    path: `${API}/find-by-id`,
    auth: 'session',
    permission: PERMISSIONS.onlineSession.query,
    body: sessionBody,
    handler: async ({ body: { id }, principal }) => {
      const [row] = await baseQuery(ctx.db).where(eq(sessions.sessionId, id));
      if (!row) throw notFoundError(translate('server:login.sessionGone'));
      return present(row, principal);
    },
  });

  route(api, {
    method: 'POST',
    path: `${API}/force-logout`,
    auth: 'session',
    permission: PERMISSIONS.onlineSession.forceLogout,
    body: sessionBody,
    handler: async ({ body: { id }, principal, request }) => {
      const tokenHash = await ctx.db.transaction(async (tx) => {
        const [row] = await baseQuery(tx).where(eq(sessions.sessionId, id)).for('update', { of: sessions });
        if (!row) throw businessError('SESSION_GONE', 'server:login.sessionGone');
        if (row.tokenHash === principal.tokenHash) throw businessError('OWN_SESSION', 'server:login.ownSession');
        // Two administrators forcing the same session out: the second finds it gone.
        if (!(await ctx.sessions.endById(id, tx))) throw businessError('SESSION_GONE', 'server:login.sessionGone');
        const { tokenHash: hash, ...before } = row;
        await recordOperation(tx, actorOf(request, principal), {
          resource: onlineSessionResource.name,
          recordId: id,
          action: OPERATION_ACTION.forceLogout,
          before,
        });
        return hash;
      });
      ctx.sessions.forgetSession(tokenHash);
      return null;
    },
  });
}
