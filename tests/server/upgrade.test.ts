/**
 * An upgrade: the server starts on the database an earlier release left (tests/fixtures/upgrade/,
 * written by scripts/make-upgrade-fixture.ts with an operator's edits made in it), migrates and
 * reconciles its reference data. Every persona must then hold the menus and permissions of a fresh
 * install, a resource declared since appears for those its rules grant, and the operator's work
 * stays: a renamed menu, an edited dictionary label, a config value, a removed grant, a removed
 * dictionary item, the menu, parameter and grant the operator created. On PGlite always; on
 * PostgreSQL too: TEST_POSTGRES_URL naming an empty database the test may wipe, else a throwaway one
 * started from Debian's package (tests/server/postgres.ts), skipped with a message only without it.
 */
import { noteSectionFromRows, noteSource } from '../../server/dashboard/notes';
import { corporationSectionFromRows, corporationSource } from '../../server/dashboard/corporations';
import { taskSectionFromRows, taskSource } from '../../server/dashboard/tasks';
import { quotaSectionFromLedger, quotaSource } from '../../server/dashboard/quotas';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { referenceGaps, roles, sysDictData, users } from '../../server/db/schema';
import { PERSONAS as SEEDED_PERSONAS } from '../../server/db/seed-data/personas';
import { DICTIONARIES } from '../../server/db/seed-data/dictionaries';
import pg from 'pg';
import { defineResource, type AnyResource } from '../../src/crud/resource';
import { RESOURCES } from '../../server/resources/registry';
import { createPGlite, pgliteDatabase, postgresDatabase, type Database } from '../../server/db/open';
import type { RouteItem } from '../../server/routes/menu-tree';
import { signInAs } from './client';
import { POSTGRES_MISSING, postgresBinDir, startPostgres } from './postgres';
import { startServer, type TestServer } from './server';

const binDir = postgresBinDir();
if (!binDir && !process.env.TEST_POSTGRES_URL) console.warn(POSTGRES_MISSING);

const FIXTURE = readFileSync(new URL('../fixtures/upgrade/release-0.1.0.sql', import.meta.url), 'utf8');

/** A resource this release declares and the fixture's release did not: its menu must reach the upgraded install. */
const probe = defineResource({
  name: 'upgrade-probe',
  apiBase: '/op/v1/test/upgrade-probe',
  menuUri: 'system:upgrade-probe',
  menu: { parent: 'system', path: '/op/system/upgrade-probe', order: 50 },
  title: 'resources:config.title',
  permissions: { list: 'test:upgradeProbe:list', query: 'test:upgradeProbe:query', add: 'test:upgradeProbe:add' },
  fields: {},
});
const resources: readonly AnyResource[] = [...RESOURCES, probe];

const PERSONAS = ['op_admin', 'op_handler', 'op_director', 'op_auditor', 'op_agent'] as const;

interface Seen {
  perms: string[];
  menus: string[];
  titles: Record<string, string>;
}

function walk(items: readonly RouteItem[], into: Seen) {
  for (const item of items) {
    into.menus.push(item.meta.menuUri);
    into.titles[item.meta.menuUri] = item.meta.title;
    walk(item.children ?? [], into);
  }
}

async function whatPersonasSee(srv: TestServer): Promise<Record<string, Seen>> {
  const seen: Record<string, Seen> = {};
  for (const username of PERSONAS) {
    const client = await signInAs(srv.baseUrl, username);
    const info = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!;
    const into: Seen = { perms: [...info.menuPerms].sort(), menus: [], titles: {} };
    walk((await client.call<RouteItem[]>('/op/v1/userInfo/granted-menu-tree')).body.data!, into);
    into.menus.sort();
    seen[username] = into;
  }
  return seen;
}

const without = (list: string[], ...drop: string[]) => list.filter((x) => !drop.includes(x));
const withAlso = (list: string[], ...add: string[]) => [...list, ...add].sort();

let fresh: Record<string, Seen> | undefined;
async function freshInstall(): Promise<Record<string, Seen>> {
  if (fresh) return fresh;
  // Private: it installs and upgrades with resources of its own.
  const srv = await startServer({ resources });
  try {
    fresh = await whatPersonasSee(srv);
  } finally {
    await srv.close();
  }
  return fresh;
}

async function checkUpgrade(database: Database) {
  const srv = await startServer({ resources, database });
  try {
    const upgraded = await whatPersonasSee(srv);
    const expected = await freshInstall();
    // The operator's grants: handler lost notice reading and got a menu of the operator's; the
    // auditor lost the export records menu and got a permission of the operator's.
    expect(upgraded.op_handler.perms).toEqual(without(expected.op_handler.perms, 'content:notice:query'));
    expect(upgraded.op_handler.menus).toEqual(withAlso(expected.op_handler.menus, 'ops-own'));
    expect(upgraded.op_auditor.perms).toEqual(withAlso(expected.op_auditor.perms, 'ops:own:list'));
    expect(upgraded.op_auditor.menus).toEqual(without(expected.op_auditor.menus, 'system:export'));
    // The operator granted its own menu to the handler alone.
    expect(upgraded.op_admin.menus).toEqual(expected.op_admin.menus);
    for (const username of ['op_admin', 'op_director', 'op_agent'] as const) expect(upgraded[username].perms, username).toEqual(expected[username].perms);
    for (const username of ['op_director', 'op_agent'] as const) expect(upgraded[username].menus, username).toEqual(expected[username].menus);

    // What this release declares reached the old install.
    expect(upgraded.op_auditor.menus).toContain('system:upgrade-probe');
    expect(upgraded.op_auditor.perms).toEqual(expect.arrayContaining(['test:upgradeProbe:list', 'test:upgradeProbe:query']));
    expect(upgraded.op_auditor.perms).not.toContain('test:upgradeProbe:add');
    // 全部流程 came after release 0.1.0: the auditor's read rule reaches it on upgrade, the working roles' do not.
    expect(upgraded.op_auditor.menus).toContain('task:all');
    expect(upgraded.op_auditor.perms).toContain('workflow:instance:list');
    // The auditor's operation-log export (issue 20) came later too.
    expect(upgraded.op_auditor.perms).toContain('system:operlog:export');
    for (const username of ['op_handler', 'op_director'] as const) expect(upgraded[username].menus, username).not.toContain('task:all');
    // Stop 30's seed: bills (签发管理 › 账单核算) and the payment audit's new grants reach the old install.
    expect(upgraded.op_handler.menus).toEqual(expect.arrayContaining(['issue:bills', 'issue:bills:detail', 'abs:credit-recycling-manage:audit']));
    expect(upgraded.op_handler.perms).toEqual(
      expect.arrayContaining(['finance:bill:generate', 'finance:bill:invoice', 'credit:redeem:add', 'credit:redeem:register']),
    );
    expect(upgraded.op_director.perms).toEqual(expect.arrayContaining(['credit:redeem:audit', 'finance:bill:list']));
    expect(upgraded.op_director.perms).not.toContain('credit:redeem:add');
    // Issue 37: the handler exports the batches it generates, and every batch has its own page.
    expect(upgraded.op_handler.perms).toContain('credit:note:export');
    expect(upgraded.op_handler.menus).toContain('issue:group:batch');
    expect(upgraded.op_auditor.menus).toContain('issue:group:batch');

    // Every dictionary item this release declares reached the old install (new dictionaries such as the
    // quota, template and login ones, and new items of old ones such as FORCE_LOGOUT), except the one the
    // operator removed (content_status OFFLINE, checked below).
    const held = new Set((await database.db.select().from(sysDictData)).map((d) => `${d.dictType}:${d.dictValue}`));
    const declared = DICTIONARIES.flatMap((d) => d.items.map(([value]) => `${d.dictType}:${value}`));
    expect(declared.filter((key) => !held.has(key))).toEqual(['content_status:OFFLINE']);
    expect(held.has('sys_oper_action:FORCE_LOGOUT')).toBe(true);
    // The operation log's change actions (issue 20) reach it too, and the auditor's grant to export the log.
    for (const action of ['CREATE', 'UPDATE', 'DELETE', 'PROPOSE', 'WF_PASS', 'WF_REJECT']) expect(held.has(`sys_oper_action:${action}`), action).toBe(true);

    // The operator's edits and creations stayed; a removed dictionary item was not put back.
    expect(upgraded.op_admin.titles['system:config']).toBe('系统参数（运营改名）');
    // A page this release renamed (标准库 › 标准库 became 标准库 › 协议模板) takes its new title: the old install never renamed it.
    expect(upgraded.op_admin.titles['standard-library:detail']).toBe('协议模板');
    // Release 0.1.0 named the seeded roles by their codes: they read by their names now, codes unchanged.
    const seededRoles = await database.db
      .select({ pkRole: roles.pkRole, code: roles.code, roleName: roles.roleName })
      .from(roles)
      .where(inArray(roles.pkRole, ['r-admin', 'r-op-handler', 'r-op-director']));
    expect(seededRoles.sort((a, b) => a.pkRole.localeCompare(b.pkRole))).toEqual([
      { pkRole: 'r-admin', code: 'admin', roleName: '系统管理员' },
      { pkRole: 'r-op-director', code: 'ROLE_OP_DIRECTOR', roleName: '运营主管' },
      { pkRole: 'r-op-handler', code: 'ROLE_OP_HANDLER', roleName: '运营经办' },
    ]);
    // Release 0.1.0 had no organisation tree: the personas are placed in the demo tree's departments, and
    // no account is left reported as placed nowhere (issue 38 item 5).
    const placed = await database.db.select({ id: users.id, orgId: users.orgId }).from(users);
    expect(Object.fromEntries(placed.map((u) => [u.id, u.orgId]))).toEqual(Object.fromEntries(SEEDED_PERSONAS.map((p) => [p.id, p.orgId])));
    expect(await database.db.select().from(referenceGaps).where(eq(referenceGaps.migration, '0027_staff_department'))).toEqual([]);
    const dict = await database.db.select().from(sysDictData).where(eq(sysDictData.dictType, 'content_status')).orderBy(sysDictData.dictSort);
    expect(dict.map((d) => [d.dictValue, d.dictLabel])).toEqual([
      ['DRAFT', '草稿（运营改）'],
      ['PUBLISHED', '已发布'],
    ]);
    const admin = await signInAs(srv.baseUrl, 'op_admin');
    const config = async (configKey: string) =>
      (await admin.call<string | null>('/op/v1/sys/configs/find-value-by-config-key', { json: { configKey } })).body.data;
    expect(await config('scf.cert.issuer')).toBe('运营改的签发机构');
    expect(await config('ops.own.param')).toBe('1');
    // The dashboard's ledger summaries (issue 42), filled by their migration, answer what the ledger's rows answer.
    const now = new Date();
    await database.db.transaction(
      async (tx) => {
        expect(await quotaSource.load(tx, now)).toEqual(await quotaSectionFromLedger(tx));
        expect(await noteSource.load(tx, now)).toEqual(await noteSectionFromRows(tx, now));
        // The credit-note, task and corporation summaries, filled from an earlier release's rows by their migration.
        const [notes, tasks, corporations] = [await noteSource.load(tx, now), await taskSource.load(tx, now), await corporationSource.load(tx, now)];
        expect(tasks).toEqual(await taskSectionFromRows(tx, now));
        expect(corporations).toEqual(await corporationSectionFromRows(tx));
        expect(notes.outstanding.count + corporations.total).toBeGreaterThan(0);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    await srv.close();
  }
}

describe('upgrading a database written by release 0.1.0', () => {
  it('on PGlite', async () => {
    const client = createPGlite();
    await client.exec(FIXTURE);
    // The dump empties the session's search path while it loads; the server's own connection is this one.
    await client.exec('SET search_path TO "$user", public');
    await checkUpgrade(pgliteDatabase(client));
  }, 180_000);

  // TEST_POSTGRES_URL, else a throwaway PostgreSQL of Debian's package (.ci/run installs it), as the scale-out test starts.
  it.runIf(process.env.TEST_POSTGRES_URL || binDir)(
    'on PostgreSQL',
    async () => {
      const postgres = process.env.TEST_POSTGRES_URL ? undefined : await startPostgres(binDir!);
      try {
        const url = process.env.TEST_POSTGRES_URL ?? (await postgres!.createDatabase('upgrade'));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
        await admin.query(FIXTURE);
        await admin.end();
        await checkUpgrade(postgresDatabase(url));
      } finally {
        postgres?.stop();
      }
    },
    240_000,
  );
});
