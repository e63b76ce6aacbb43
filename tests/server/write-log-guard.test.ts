/**
 * Every write a call commits is logged, by construction (issue 38 item 1; server/operation-log/guard.ts):
 *   - every table of the schema but the named bookkeeping ones carries the guard, and the guard of each
 *     refuses a call's change that has no entry (checked table by table, the change rolled back);
 *   - a route that writes without its entry answers a server fault and changes nothing; with the entry
 *     it commits; a direct write outside a transaction in a call is refused before it runs;
 *   - every registered /api/web route that may change something runs through route(), inside the call's
 *     scope, so the guard applies to it (the list is read from the server as it registers its routes);
 *   - a walk over every registered route as op_admin: whatever a call changes, it changes with an entry;
 *   - online support's take, reply and close and a hotline call from start to wrap-up leave entries.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '../../server/app';
import { corporations, operationLogs, supportConversations, sysDictData } from '../../server/db/schema';
import { GUARD_TRIGGER, guardedTableNames, UNGUARDED_TABLES } from '../../server/operation-log/guard';
import { recordChange } from '../../server/operation-log/record';
import { route } from '../../server/routes/route';
import { sensitiveCipherOf } from '../../server/sensitive/values';
import { schemaTables } from '../../server/db/schema-facts';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import { CORPORATE_KEY_HEADER, CORPORATE_SUPPORT_API, SUPPORT_API } from '../../src/lib/messages';
import { API_BASE } from '../../src/protocol/canonical';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { DEMO_CORPORATE_KEY } from '../../server/support/corporate-routes';
import { localeCatalogue } from '../../server/locale-catalogue';
import { findResource } from '../../server/resources/registry';
import { isLoggedField, logFieldKey, logResourceKey } from '../../src/features/operation-log/labels';
import { ROLE_CALLS } from '../../src/resources/staff';
import { dataOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';

const TEST = '/op/v1/test/write-log-guard';

/** Test routes: one that forgets its entry, one that writes it, one that writes outside a transaction. */
const testRoutes: RouteModule = (api, ctx) => {
  const relabel = (label: string) =>
    ctx.db
      .update(sysDictData)
      .set({ dictLabel: label })
      .where(and(eq(sysDictData.dictType, 'sys_yes_no'), eq(sysDictData.dictValue, 'Y')))
      .returning();
  route(api, {
    method: 'POST',
    path: `${TEST}/forgets`,
    auth: 'session',
    handler: () =>
      ctx.db.transaction(async (tx) => {
        await tx
          .update(sysDictData)
          .set({ dictLabel: '忘记记录' })
          .where(and(eq(sysDictData.dictType, 'sys_yes_no'), eq(sysDictData.dictValue, 'Y')));
        return 'written';
      }),
  });
  route(api, {
    method: 'POST',
    path: `${TEST}/logs`,
    auth: 'session',
    handler: ({ principal }) =>
      ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(sysDictData)
          .where(and(eq(sysDictData.dictType, 'sys_yes_no'), eq(sysDictData.dictValue, 'Y')));
        const [after] = await tx.update(sysDictData).set({ dictLabel: '是的' }).where(eq(sysDictData.id, before.id)).returning();
        await recordChange(tx, principal, { resource: 'dict-datas', recordId: after.id, action: OPERATION_ACTION.update, before, after });
        await tx.update(sysDictData).set({ dictLabel: before.dictLabel }).where(eq(sysDictData.id, before.id));
        return 'written';
      }),
  });
  route(api, { method: 'POST', path: `${TEST}/direct`, auth: 'session', handler: async () => (await relabel('直接写入')).length });
};

let srv: TestServer;
let admin: ApiClient;
const registered: RouteOptions[] = [];

beforeAll(async () => {
  // Private: it registers test routes and reads the routes as the server registers them.
  srv = await startServer({ extraRoutes: [testRoutes], onRoute: (options) => void registered.push(options) });
  admin = await signInAs(srv.baseUrl, 'op_admin');
});
afterAll(() => srv.close());

const yesLabel = async () =>
  (
    await srv.database.db
      .select()
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, 'sys_yes_no'), eq(sysDictData.dictValue, 'Y')))
  )[0].dictLabel;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await srv.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const logCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from sys_operation_logs`))[0].n;

describe('the guard in the database', () => {
  it('names every table of the schema either guarded or bookkeeping with its reason, and the guarded ones carry the trigger', async () => {
    const names = [...new Set(schemaTables.map((table) => getTableConfig(table).name))];
    for (const name of Object.keys(UNGUARDED_TABLES)) expect(names, `bookkeeping table ${name} exists`).toContain(name);
    const guarded = guardedTableNames();
    expect(guarded.length + Object.keys(UNGUARDED_TABLES).length).toBe(names.length);
    const withTrigger = new Set(
      (
        await rows<{ name: string }>(sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = ${GUARD_TRIGGER}`)
      ).map((row) => row.name),
    );
    expect(
      guarded.filter((name) => !withTrigger.has(name)),
      'guarded tables without the trigger',
    ).toEqual([]);
  });

  it('refuses, on every guarded table that holds a row, a call’s change without an entry', async () => {
    const refusedOn: string[] = [];
    const empty: string[] = [];
    // Append-only tables refuse the test's UPDATE by a rule of their own, before the guard is asked.
    const ownRule: string[] = [];
    const guarded = new Set(guardedTableNames());
    const firstColumn = new Map(schemaTables.map((table) => [getTableConfig(table).name, getTableConfig(table).columns[0].name]));
    for (const name of guarded) {
      const column = firstColumn.get(name);
      const ok = await srv.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('scf.log_guard', 'on', true)`);
          // A change that changes nothing still is a row written: the guard counts writes, not values.
          const touched = (await tx
            .execute(sql.raw(`update "${name}" set "${column}" = "${column}" where ctid = (select ctid from "${name}" limit 1)`))
            .catch(() => null)) as { affectedRows?: number; rowCount?: number } | null;
          if (touched === null) {
            ownRule.push(name);
            return tx.rollback();
          }
          if ((touched.affectedRows ?? touched.rowCount ?? 0) === 0) {
            empty.push(name);
            tx.rollback();
          }
          await tx.execute(sql`set constraints all immediate`);
          return true;
        })
        .catch((error: unknown) => {
          const text = String((error as { cause?: unknown }).cause ?? error);
          if (/SCF_UNLOGGED_WRITE/.test(text)) refusedOn.push(name);
          else if (!/Rollback/i.test(text)) throw error;
          return false;
        });
      expect(ok, `${name}: a change without an entry committed`).toBe(false);
    }
    expect(refusedOn.length + empty.length + ownRule.length).toBe(guardedTableNames().length);
    expect(ownRule.length).toBeLessThan(5);
    expect(refusedOn.length).toBeGreaterThan(40);
  });
});

describe('a route', () => {
  it('that forgets its entry answers a fault and changes nothing; with its entry it commits', async () => {
    const label = await yesLabel();
    const forgot = await admin.call(`${TEST}/forgets`, { json: {} });
    expect(forgot.status).toBeGreaterThanOrEqual(500);
    expect(await yesLabel()).toBe(label);

    const before = await logCount();
    expect(await dataOf(admin, `${TEST}/logs`, {})).toBe('written');
    expect(await logCount()).toBe(before + 1);
    expect(await yesLabel()).toBe(label);
  });

  it('that writes a guarded table outside a transaction is refused before the write', async () => {
    const label = await yesLabel();
    const direct = await admin.call(`${TEST}/direct`, { json: {} });
    expect(direct.status).toBeGreaterThanOrEqual(500);
    expect(await yesLabel()).toBe(label);
  });

  it('of /api/web that may change something is declared with route(), so it runs in the call’s scope', () => {
    const api = registered.filter((options) => options.url.startsWith(`${API_BASE}/`));
    expect(api.length).toBeGreaterThan(300);
    const outside = api
      .filter((options) => !options.config?.api && !options.url.endsWith('*'))
      .filter((options) => [options.method].flat().some((method) => method !== 'GET' && method !== 'HEAD'))
      .map((options) => `${[options.method].flat().join('|')} ${options.url}`);
    // The unsigned GETs (files by grant, health, export tickets) read; nothing else may bypass route().
    expect(outside).toEqual([]);
  });
});

/** Row counts and versions of every guarded table: what a call changed. */
async function fingerprint(): Promise<string> {
  const parts = guardedTableNames().map((name) => `(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from "${name}") as "${name}"`);
  return JSON.stringify((await rows(sql.raw(`select ${parts.join(', ')}`)))[0]);
}

describe('every registered route, as op_admin', () => {
  it('changes nothing without an entry: whatever a call commits, the log grew with it', async () => {
    const routes = registered
      .filter(
        (options) =>
          options.url.startsWith(`${API_BASE}/`) &&
          options.config?.api?.auth === 'session' &&
          !options.url.includes(':') &&
          !options.url.startsWith(`${API_BASE}${TEST}`),
      )
      .map((options) => options.url.slice(API_BASE.length))
      // Ending the walker's own session would end the walk; the sign-out is logged in the login log.
      .filter((path) => path !== '/uaa/logout' && !path.endsWith('/files/upload'));
    expect(routes.length).toBeGreaterThan(250);
    const unlogged: string[] = [];
    const faults: string[] = [];
    let client = admin;
    for (const path of routes) {
      const before = await fingerprint();
      const logs = await logCount();
      const answer = await client.call(path, { json: {} });
      if (answer.status >= 500) faults.push(`${path}: ${answer.text}`);
      if (answer.status === 401) client = await signInAs(srv.baseUrl, 'op_admin');
      if ((await fingerprint()) !== before && (await logCount()) === logs) unlogged.push(path);
    }
    expect(faults).toEqual([]);
    expect(unlogged).toEqual([]);
  }, 600_000);
});

describe('online support and the hotline', () => {
  const entriesOf = (recordId: string) =>
    srv.database.db.select().from(operationLogs).where(eq(operationLogs.recordId, recordId)).orderBy(operationLogs.createTime);

  it('log taking, replying to and closing a conversation', async () => {
    const opened = await fetch(`${srv.baseUrl}${CORPORATE_SUPPORT_API}/conversations/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CORPORATE_KEY_HEADER]: DEMO_CORPORATE_KEY },
      body: JSON.stringify({ corpName: '守卫测试企业', contactName: '李四', subject: '开票问题', body: '请问如何开票？' }),
    });
    const { data } = (await opened.json()) as { data: { conversation: { id: string } } };
    const id = data.conversation.id;
    await dataOf(admin, `${SUPPORT_API}/conversations/take`, { id });
    const reply = await dataOf<{ id: string }>(admin, `${SUPPORT_API}/conversations/reply`, { id, body: '您好，请在开票管理中提交。' });
    await dataOf(admin, `${SUPPORT_API}/conversations/close`, { id });

    const onConversation = await entriesOf(id);
    expect(onConversation.map((entry) => [entry.resource, entry.action, entry.username])).toEqual([
      ['support-conversations', OPERATION_ACTION.update, 'op_admin'],
      ['support-conversations', OPERATION_ACTION.update, 'op_admin'],
    ]);
    expect(onConversation[0].after).toMatchObject({ status: 'TAKEN' });
    expect(onConversation[1].before).toMatchObject({ status: 'TAKEN' });
    expect(onConversation[1].after).toMatchObject({ status: 'CLOSED' });
    const [replied] = await entriesOf(reply.id);
    expect(replied).toMatchObject({
      resource: 'support-messages',
      action: OPERATION_ACTION.create,
      after: { conversationId: id, body: '您好，请在开票管理中提交。' },
    });
    const [row] = await srv.database.db.select().from(supportConversations).where(eq(supportConversations.id, id));
    expect(row.status).toBe('CLOSED');
  });

  it('log a call from its start to its summary', async () => {
    const since = new Date();
    const cipher = await sensitiveCipherOf(srv.database.db);
    const corp = (await srv.database.db.select().from(corporations)).find((c) => c.managerMobile && cipher.open(c.managerMobile));
    expect(corp).toBeDefined();
    const call = await dataOf<{ id: string }>(admin, '/op/v1/hotline/start', { corpId: corp!.id });
    await dataOf(admin, '/op/v1/hotline/state', {});
    const hung = await dataOf<{ status: string }>(admin, '/op/v1/hotline/hang-up', { id: call.id });
    expect(hung.status).toBe('WRAP_UP');
    await dataOf(admin, '/op/v1/hotline/wrap-up', { id: call.id, note: '客户询问额度，已解答。' });

    const entries = (await entriesOf(call.id)).filter((entry) => entry.createTime >= new Date(since.getTime() - 1000));
    expect(entries.every((entry) => entry.resource === hotlineCallResource.name && entry.username === 'op_admin')).toBe(true);
    expect(entries[0]).toMatchObject({ action: OPERATION_ACTION.create });
    expect(entries[0].after).toMatchObject({ corpName: corp!.corpName, status: 'DIALLING' });
    const last = entries[entries.length - 1];
    expect(last).toMatchObject({ action: OPERATION_ACTION.update });
    expect(last.before).toMatchObject({ status: 'WRAP_UP' });
    expect(last.after).toMatchObject({ status: 'ENDED', note: '客户询问额度，已解答。' });
    expect(
      await srv.database.db
        .select()
        .from(operationLogs)
        .where(and(eq(operationLogs.recordId, call.id), gt(operationLogs.createTime, since))),
    ).toHaveLength(entries.length);
  });
});

/** A key of the locale files ("ns:a.b.c"), looked up in one language's JSON. */
function localeLookup(language: string): (key: string) => string | undefined {
  return (key) => {
    const [ns, path] = key.split(':');
    // The namespace merged from its files, the platform's and the areas' (server/locale-catalogue.ts).
    let node: unknown = localeCatalogue()[language]?.[ns];
    for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
}

describe('every name the log holds', () => {
  it('has a label in zh-CN and en-US: each resource, and each field of each before and after', async () => {
    // A role edited as the issue met it: name, grants.
    const created = await dataOf<{ id: string; dataVersion: number }>(admin, ROLE_CALLS.save, {
      code: `ROLE_LOG_${Date.now()}`,
      roleName: '日志标签测试',
      status: '0',
      permissions: ['system:dict:list'],
      menuIds: [],
    });
    await dataOf(admin, ROLE_CALLS.update, {
      id: created.id,
      dataVersion: created.dataVersion,
      roleName: '日志标签测试二',
      status: '0',
      permissions: ['system:dict:list', 'system:dict:query'],
      menuIds: [],
    });
    const [edit] = await srv.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, created.id), eq(operationLogs.action, 'UPDATE')));
    expect(edit.fields?.split(',').sort()).toEqual(['permissions', 'roleName']);
    expect(Object.keys(edit.after as object).sort()).toEqual(['permissions', 'roleName']);

    const logged = await rows<{ resource: string; field: string | null }>(sql`
      select distinct resource, null as field from sys_operation_logs
      union select distinct resource, unnest(string_to_array(fields, ',')) from sys_operation_logs where fields is not null
      union select distinct resource, jsonb_object_keys(before) from sys_operation_logs where jsonb_typeof(before) = 'object'
      union select distinct resource, jsonb_object_keys(after) from sys_operation_logs where jsonb_typeof(after) = 'object'`);
    const missing: string[] = [];
    for (const language of ['zh-CN', 'en-US']) {
      const lookup = localeLookup(language);
      for (const { resource, field } of logged) {
        const declared = findResource(resource);
        const key = field === null ? logResourceKey(resource, declared) : isLoggedField(field) ? logFieldKey(field, declared) : null;
        if (key && lookup(key) === undefined) missing.push(`${language} ${resource}${field ? `.${field}` : ''} → ${key}`);
      }
    }
    if (process.env.LOG_LABELS_DUMP) (await import('node:fs')).writeFileSync(process.env.LOG_LABELS_DUMP, [...new Set(missing)].sort().join('\n'));
    expect(logged.length).toBeGreaterThan(30);
    expect([...new Set(missing)].sort()).toEqual([]);
  });
});
