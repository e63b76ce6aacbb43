/**
 * The rules an auditor checks, stated once as a table and run against BOTH the browser's
 * accessControlProvider (over the persona's real user info) and the real server over HTTP: a rule
 * holds only if the button the UI would show and the call the server would accept agree.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import access from '../../locales/zh-CN/access.json';
import { AccessRuleError, actionPermission, hasAnyPermission, RESOURCE_ACTIONS, type ResourceAction } from '../../src/lib/access';
import type { AnyResource } from '../../src/crud/resource';
import type { UserInfo } from '../../src/protocol';
import { accessControlProvider } from '../../src/providers/access-control';
import { userStore } from '../../src/providers/user';
import { RESOURCES, resourceByName } from '../../src/resources';
import { route } from '../../server/routes/route';
import { signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

type Persona = 'op_admin' | 'op_handler' | 'op_director' | 'op_auditor';
const PERSONAS: Persona[] = ['op_admin', 'op_handler', 'op_director', 'op_auditor'];

/** The call behind each action, with a body that changes nothing even when allowed. */
const CALLS: Record<Exclude<ResourceAction, 'download'>, { path: string; body: Record<string, unknown> }> = {
  list: { path: 'page', body: { pageNum: 1, pageSize: 1 } },
  show: { path: 'find-by-id', body: { id: 'no-such-record' } },
  create: { path: 'save', body: {} },
  edit: { path: 'update-by-id', body: { id: 'no-such-record', dataVersion: 0 } },
  delete: { path: 'remove-by-ids', body: { ids: ['no-such-record'] } },
  export: { path: 'export', body: { createTimeStart: '2000-01-01T00:00:00Z', createTimeEnd: '2000-01-02T00:00:00Z' } },
};
const ACTIONS = Object.keys(CALLS) as Array<keyof typeof CALLS>;
const offers = (resource: AnyResource, action: string) => actionPermission(resource.permissions, action) !== undefined;
// Resources served by the generic CRUD routes. Export records and the real-name list (whose writes
// are its own calls, checked per status in tests/server/realname.test.ts) declare fewer actions, and
// so does the read-only operation log (its writes are refused in tests/server/reveal-log.test.ts).
const CRUD_RESOURCES = RESOURCES.filter((r) => !['export-records', 'realname-records', 'operation-logs'].includes(r.name));

interface Rule {
  rule: string;
  persona: Persona;
  resource: string;
  actions: ReadonlyArray<keyof typeof CALLS>;
  allowed: boolean;
}

const RULES: Rule[] = [
  { rule: 'op_auditor can list and view dictionaries', persona: 'op_auditor', resource: 'dict-types', actions: ['list', 'show'], allowed: true },
  { rule: 'op_auditor can list dictionary data', persona: 'op_auditor', resource: 'dict-datas', actions: ['list', 'show'], allowed: true },
  {
    rule: 'op_auditor cannot add, edit, remove or export dictionaries',
    persona: 'op_auditor',
    resource: 'dict-types',
    actions: ['create', 'edit', 'delete', 'export'],
    allowed: false,
  },
  { rule: 'op_auditor cannot change configs', persona: 'op_auditor', resource: 'configs', actions: ['create', 'edit', 'delete'], allowed: false },
  { rule: 'op_handler cannot touch configs', persona: 'op_handler', resource: 'configs', actions: ACTIONS, allowed: false },
  { rule: 'op_director cannot touch configs', persona: 'op_director', resource: 'configs', actions: ACTIONS, allowed: false },
  { rule: 'op_auditor can list and view the operation log', persona: 'op_auditor', resource: 'operation-logs', actions: ['list', 'show'], allowed: true },
  {
    rule: 'op_auditor exports the operation log (an audit takes its evidence away; an export changes nothing)',
    persona: 'op_auditor',
    resource: 'operation-logs',
    actions: ['list', 'show', 'export'],
    allowed: true,
  },
  { rule: 'op_handler cannot read the operation log', persona: 'op_handler', resource: 'operation-logs', actions: ['list', 'show', 'export'], allowed: false },
  {
    rule: 'op_admin lists, views and exports the operation log',
    persona: 'op_admin',
    resource: 'operation-logs',
    actions: ['list', 'show', 'export'],
    allowed: true,
  },
  // Everything each resource offers: an approvable change may offer no removal or export, and has no such route.
  ...CRUD_RESOURCES.map((r): Rule => ({
    rule: `*:*:* grants op_admin everything on ${r.name}`,
    persona: 'op_admin',
    resource: r.name,
    actions: ACTIONS.filter((a) => offers(r, a)),
    allowed: true,
  })),
];

let srv: TestServer;
const clients = new Map<Persona, ApiClient>();
const infos = new Map<Persona, UserInfo>();

beforeAll(async () => {
  srv = await sharedServer();
  for (const persona of PERSONAS) {
    const client = await signInAs(srv.baseUrl, persona);
    clients.set(persona, client);
    infos.set(persona, (await client.call<UserInfo>('/op/v1/userInfo', { method: 'POST' })).body.data!);
  }
});

afterAll(() => {
  userStore.set(undefined);
});

async function providerSays(persona: Persona, resource: string, action: string): Promise<boolean> {
  userStore.set(infos.get(persona));
  return (await accessControlProvider.can({ resource, action })).can;
}

async function serverSays(persona: Persona, resource: string, action: keyof typeof CALLS): Promise<boolean> {
  const { path, body } = CALLS[action];
  const answer = await clients.get(persona)!.call(`${resourceByName(resource).apiBase}/${path}`, { method: 'POST', json: body });
  expect(answer.status, `${persona} ${resource} ${action}: ${answer.text}`).not.toBe(401);
  return answer.status !== 403;
}

describe("the auditor's rules, against the access-control provider and the server", () => {
  for (const { rule, persona, resource, actions, allowed } of RULES) {
    it(rule, async () => {
      for (const action of actions) {
        expect(await providerSays(persona, resource, action), `provider: ${persona} ${action} ${resource}`).toBe(allowed);
        expect(await serverSays(persona, resource, action), `server: ${persona} ${action} ${resource}`).toBe(allowed);
      }
    });
  }

  it('the provider and the server agree for every persona, resource and action', async () => {
    for (const persona of PERSONAS) {
      for (const resource of CRUD_RESOURCES) {
        for (const action of ACTIONS) {
          if (!(action in RESOURCE_ACTIONS) || !offers(resource, action)) continue;
          expect(await providerSays(persona, resource.name, action), `${persona} ${action} ${resource.name}`).toBe(
            await serverSays(persona, resource.name, action),
          );
        }
      }
    }
  });

  it('an empty value list throws 请设置操作权限标签值 / 请设置角色权限标签值, in the provider and when a server route is declared', async () => {
    userStore.set(infos.get('op_admin'));
    await expect(accessControlProvider.can({ action: 'list', params: { permissions: [] } })).rejects.toThrow(AccessRuleError);
    await expect(accessControlProvider.can({ action: 'list', params: { roles: [] } })).rejects.toThrow(AccessRuleError);
    expect(() => hasAnyPermission(['*:*:*'], [])).toThrow(expect.objectContaining({ messageKey: 'access:emptyPermissions' }));
    expect(access.emptyPermissions).toBe('请设置操作权限标签值');
    expect(access.emptyRoles).toBe('请设置角色权限标签值');
    const app = Fastify();
    expect(() => route(app, { method: 'POST', path: '/x', auth: 'session', permission: '', handler: () => null })).toThrow(AccessRuleError);
    await app.close();
  });
});
