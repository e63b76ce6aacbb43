/**
 * The server speaks the caller's language (issue 38 item 8): the client names it in Accept-Language
 * and every refusal (the guard's first checks, a body's validation, a business rule), every stored
 * message, to-do summary, process and step name and the role form's permission tree is rendered in
 * it; with no language, or one the server does not speak, the spec's zh-CN messages stay verbatim.
 * Stored messages and summaries keep their keys and values, so a message caused by a Chinese-speaking
 * colleague reads in English to an English reader, over the page call and the live socket; a row
 * written as plain text before keys were kept is shown as written.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteModule } from '../../server/app';
import { eq } from 'drizzle-orm';
import { menus, userMessages, users } from '../../server/db/schema';
import { localeOf } from '../../server/i18n';
import { localeNamespace } from '../../server/locale-catalogue';
import { route } from '../../server/routes/route';
import { instanceView } from '../../server/workflow/queries';
import { MESSAGE_API, MESSAGE_SOCKET_PATH, MESSAGE_KIND, type SocketEvent, type UserMessage } from '../../src/lib/messages';
import { PERMISSIONS } from '../../src/lib/permissions';
import { ROLE_CALLS, type GrantTreeNode } from '../../src/resources/staff';
import { ApiClient, dataOf, refusalOf, signInAs } from './client';
import { startServer, type TestServer } from './server';

const HAN = /\p{Script=Han}/u;
const PROCESS = 'Process_BILL_MANAGE';
const START_WITH_RECORD = '/op/v1/workflow/test/start-bill';

/** Starts the bill approval with a record, as the bills module does: its summary rule names the bill. */
const startWithRecord: RouteModule = (api, ctx) => {
  route(api, {
    method: 'POST',
    path: START_WITH_RECORD,
    auth: 'session',
    permission: PERMISSIONS.task.start,
    handler: async ({ body, principal }) => {
      const { billNo } = body as { billNo: string };
      const process = ctx.workflow.own(PROCESS, ctx.workflow.ownerOf(PROCESS) ?? 'language test');
      const record = { billNo, corpName: 'Acme Trading', period: '2026-10', feeAmount: '1234.5' };
      return ctx.db.transaction(async (tx) => {
        const { instance, task } = await process.start(principal, { businessKey: billNo, businessType: 'TEST', record }, tx);
        return { instance: instanceView(instance), task };
      });
    },
  });
};

let srv: TestServer;
let handler: ApiClient;
let directorEn: ApiClient;
let directorZh: ApiClient;
let adminEn: ApiClient;

const inEnglish = (client: ApiClient) => {
  client.language = 'en-US';
  return client;
};

beforeAll(async () => {
  srv = await startServer({ extraRoutes: [startWithRecord] });
  [handler, directorEn, directorZh, adminEn] = await Promise.all(['op_handler', 'op_director', 'op_director', 'op_admin'].map((u) => signInAs(srv.baseUrl, u)));
  inEnglish(directorEn);
  inEnglish(adminEn);
}, 180_000);
afterAll(() => srv.close());

describe('the language of a request', () => {
  it('reads Accept-Language by preference, and is zh-CN for anything the server does not speak', () => {
    expect(localeOf('en-US')).toBe('en-US');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(localeOf('fr-FR,en;q=0.5,zh;q=0.4')).toBe('en-US');
    expect(localeOf('zh;q=0.2,en-GB;q=0.9')).toBe('en-US');
    expect(localeOf('fr-FR')).toBe('zh-CN');
    expect(localeOf(undefined)).toBe('zh-CN');
    expect(localeOf('en;q=0')).toBe('zh-CN');
    expect(localeOf(';;,q=,,')).toBe('zh-CN');
  });
});

describe('refusals', () => {
  it("answers the guard's own refusals in the caller's language, the spec's zh-CN text by default", async () => {
    const anonymous = await new ApiClient(srv.baseUrl).init();
    const zh = await anonymous.call('/op/v1/sys/roles/page', { json: {} });
    expect(zh.status).toBe(401);
    expect(zh.body.message).toBe('登录已失效，请重新登录');
    anonymous.language = 'en-US';
    const en = await anonymous.call('/op/v1/sys/roles/page', { json: {} });
    expect(en.status).toBe(401);
    expect(en.body.message).toBe('Your session has expired. Please sign in again');
    // A broken signature is refused before anything else is read: still in the caller's language.
    const broken = await anonymous.call('/op/v1/sys/roles/page', { json: {}, tamper: (r) => (r.headers['X-Sign'] = '0'.repeat(32)) });
    expect(broken.body.code).toBe('SIGN_INVALID');
    expect(broken.body.message).not.toMatch(HAN);
  });

  it("answers a business rule's refusal in English to an English reader, verbatim in zh-CN otherwise", async () => {
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const body = { json: { roleName: 'x', code: 'ROLE_OP_HANDLER', status: '0' } };
    expect(refusalOf(await admin.call(ROLE_CALLS.save, body))).toMatchObject({ code: 'DUPLICATE', message: '角色编码“ROLE_OP_HANDLER”已存在' });
    const en = refusalOf(await adminEn.call(ROLE_CALLS.save, body));
    expect(en.code).toBe('DUPLICATE');
    expect(en.message).toContain('ROLE_OP_HANDLER');
    expect(en.message).not.toMatch(HAN);
  });

  it("names a body's missing field in English when the body is refused before the handler", async () => {
    const zh = refusalOf(await handler.call('/op/v1/workflow/tasks/complete', { json: [] }));
    expect(zh.message).toMatch(HAN);
    const en = refusalOf(await directorEn.call('/op/v1/workflow/tasks/complete', { json: [] }));
    expect(en.code).toBe(zh.code);
    expect(en.message).not.toMatch(HAN);
  });
});

describe('stored messages and summaries', () => {
  it("render in each reader's language: to-do rows, the task's names, the message centre and the live socket", async () => {
    const billNo = `BILL-LANG-${Date.now()}`;
    const socket = new WebSocket(`${srv.baseUrl.replace('http', 'ws')}${MESSAGE_SOCKET_PATH}`);
    const events: SocketEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as SocketEvent));
    await new Promise<void>((resolve) => socket.on('open', () => resolve()));
    socket.send(JSON.stringify({ type: 'auth', wsToken: directorEn.wsToken, language: 'en-US' }));
    await expect.poll(() => events.some((e) => e.type === 'ready'), { timeout: 30_000 }).toBe(true);

    // Started by a Chinese-speaking handler: nothing of it is rendered in the starter's language.
    const started = await dataOf<{ instance: { summary: string } }>(handler, START_WITH_RECORD, { billNo });
    expect(started.instance.summary).toBe(`账单 ${billNo}：Acme Trading 2026-10 服务费 ¥1,234.50`);

    interface TaskRow {
      businessKey: string;
      summary: string;
      processName: string;
      taskName: string;
    }
    const todo = async (client: ApiClient) =>
      (await dataOf<{ records: TaskRow[] }>(client, '/op/v1/workflow/tasks/todo/page', { pageSize: 100 })).records.find((r) => r.businessKey === billNo);
    const en = await todo(directorEn);
    expect(en?.summary).toBe(`Bill ${billNo}: Acme Trading 2026-10 service fee ¥1,234.50`);
    expect(`${en?.processName} ${en?.taskName}`).not.toMatch(HAN);
    const zh = await todo(directorZh);
    expect(zh?.summary).toBe(started.instance.summary);
    expect(zh?.processName).toMatch(HAN);

    const arrived = (page: { records: UserMessage[] }) => page.records.find((m) => m.kind === MESSAGE_KIND.TASK_ARRIVED && m.body.includes(billNo));
    const mineEn = arrived(await dataOf<{ records: UserMessage[] }>(directorEn, `${MESSAGE_API}/page`, { pageSize: 100 }));
    expect(mineEn?.title).toMatch(/^New to-do: /);
    // The submitter's name is a person's, as the staff record holds it: the one part not in the reader's language.
    const [{ personName }] = await srv.database.db.select({ personName: users.personName }).from(users).where(eq(users.username, 'op_handler'));
    expect(mineEn?.body).toContain(personName);
    expect(`${mineEn?.title} ${mineEn?.body}`.replace(personName, '')).not.toMatch(HAN);
    expect(mineEn?.body).toContain('Acme Trading');
    const mineZh = arrived(await dataOf<{ records: UserMessage[] }>(directorZh, `${MESSAGE_API}/page`, { pageSize: 100 }));
    expect(mineZh?.title).toMatch(/^新的待办：/);
    expect(mineZh?.id).toBe(mineEn?.id);

    // The socket renders what it pushes in its tab's language, and follows a switch.
    await expect.poll(() => events.find((e) => e.type === 'message' && e.message.body.includes(billNo)), { timeout: 30_000 }).toBeTruthy();
    const pushed = events.find((e) => e.type === 'message' && e.message.body.includes(billNo));
    expect(pushed?.type === 'message' && pushed.message.title).toMatch(/^New to-do: /);
    socket.close();
  });

  it('shows a row written as plain text before keys were kept as written, in either language', async () => {
    const [{ id: directorId }] = await srv.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'op_director'));
    await srv.database.db.insert(userMessages).values({ userId: directorId, kind: MESSAGE_KIND.TASK_ARRIVED, title: '旧的消息标题', body: '旧的消息正文' });
    const page = await dataOf<{ records: UserMessage[] }>(directorEn, `${MESSAGE_API}/page`, { pageSize: 100 });
    expect(page.records.find((m) => m.title === '旧的消息标题')?.body).toBe('旧的消息正文');
  });
});

describe('the permission tree', () => {
  it("names every seeded menu and button in English for an English reader; a menu the locale does not name keeps the database's title", async () => {
    const english = localeNamespace('en-US', 'menu') as Record<string, string>;
    const rows = await srv.database.db.select({ id: menus.id, uri: menus.menuUri, title: menus.title }).from(menus);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const nodes = (tree: GrantTreeNode[]): GrantTreeNode[] => tree.flatMap((n) => [n, ...nodes(n.children ?? [])]);
    const en = nodes(await dataOf<GrantTreeNode[]>(adminEn, ROLE_CALLS.grantTree, {}));
    expect(en.length).toBeGreaterThan(50);
    const seeded = en.filter((n) => n.kind !== 'menu' || Object.hasOwn(english, byId.get(n.value)!.uri));
    expect(seeded.filter((n) => HAN.test(n.title)).map((n) => n.title)).toEqual([]);
    // A menu the English files do not name (here a test resource's) reads as the database holds it.
    for (const n of en.filter((n) => !seeded.includes(n))) expect(n.title).toBe(byId.get(n.value)!.title);
    const zh = nodes(await dataOf<GrantTreeNode[]>(await signInAs(srv.baseUrl, 'op_admin'), ROLE_CALLS.grantTree, {}));
    for (const n of zh.filter((n) => n.kind === 'menu')) expect(n.title).toBe(byId.get(n.value)!.title);
  });
});
