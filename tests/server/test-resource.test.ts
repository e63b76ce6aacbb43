/**
 * Proof by example (issue 25): the test-only resource of tests/resources is two files (its declaration
 * and its table) and nothing else, and it still gets its menu, list, creation, export and the
 * auditor's read-only access. Test runs alone hold it: no migration, no build, no other file names it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { RESOURCES as CLIENT_RESOURCES, TEST_ONLY_RESOURCES } from '../../src/resources';
import { RESOURCES, SERVED_RESOURCES, TEST_TABLES } from '../../server/resources/registry';
import type { RouteItem } from '../../server/routes/menu-tree';
import { testWidgetResource } from '../resources/test-widgets';
import { testWidgets } from '../resources/test-widgets.table';
import { dataOf, signInAs, type ApiClient } from './client';
import { exportFinished } from './export-job';
import { sharedServer, type TestServer } from './server';

const ROOT = join(import.meta.dirname, '../..');
const { apiBase, menuUri } = testWidgetResource;

/** Every file under a folder, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** A widget code of this run's (W- and 8 digits): codes are unique, on a server other files and runs share. */
const freshCode = () => `W-${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;

const treeUris = (items: readonly RouteItem[]): string[] => items.flatMap((item) => [item.meta.menuUri, ...treeUris(item.children ?? [])]);

let srv: TestServer;
let admin: ApiClient;
let auditor: ApiClient;
beforeAll(async () => {
  srv = await sharedServer();
  admin = await signInAs(srv.baseUrl, 'op_admin');
  auditor = await signInAs(srv.baseUrl, 'op_auditor');
}, 120_000);

describe('a resource declared in two files under tests/resources', () => {
  it('is found by both registries and the server serves its table, which the test run created', () => {
    expect(RESOURCES).toContain(testWidgetResource);
    expect(CLIENT_RESOURCES).toContain(testWidgetResource);
    expect(TEST_ONLY_RESOURCES).toEqual([testWidgetResource]);
    expect(SERVED_RESOURCES.map((s) => s.options.resource)).toContain(testWidgetResource);
    expect(TEST_TABLES).toEqual([testWidgets]);
  });

  it('is named by no other file: no source, locale, script or migration', () => {
    const names = [testWidgetResource.name, apiBase, menuUri, getTableName(testWidgets)];
    const files = ['src', 'server', 'locales', 'scripts'].flatMap((dir) => filesUnder(join(ROOT, dir)));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const name of names) expect(text.includes(name), `${file} names ${name}`).toBe(false);
    }
  });

  it('is left out when the environment is no test run', () => {
    const script =
      "const r = await import('./server/resources/registry.ts'); console.log(JSON.stringify([r.RESOURCES.map((x) => x.name), r.TEST_TABLES.length]));";
    const env = { ...process.env, VITEST: '', SCF_TEST_RESOURCES: '' };
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const [names, tables] = JSON.parse(result.stdout.trim().split('\n').pop()!) as [string[], number];
    expect(names).toEqual(RESOURCES.filter((r) => r !== testWidgetResource).map((r) => r.name));
    expect(tables).toBe(0);
  }, 60_000);

  it('appears in the menu of the admin and of the auditor, who may read it', async () => {
    for (const client of [admin, auditor]) {
      expect(treeUris(await dataOf<RouteItem[]>(client, '/op/v1/userInfo/granted-menu-tree'))).toContain(menuUri);
    }
  });

  it('lists, creates and exports for the admin, and stays read-only for the auditor', async () => {
    const saved = await dataOf<{ id: string; quantity: number; status: string }>(admin, `${apiBase}/save`, { code: freshCode(), name: '样例部件' });
    // The server applied the declared defaults.
    expect(saved).toMatchObject({ quantity: 1, status: '0' });
    const page = await dataOf<{ records: Array<{ id: string }>; total: number }>(auditor, `${apiBase}/page`, {});
    expect(page.records.map((r) => r.id)).toContain(saved.id);

    const started = await dataOf<{ id: string }>(admin, `${apiBase}/export`, {});
    const record = await exportFinished(admin, started.id);
    expect(record).toMatchObject({ status: 'SUCCESS', rowCount: page.total });

    for (const [call, body] of [
      ['save', { code: freshCode(), name: '审计员' }],
      ['update-by-id', { ...saved, name: '改名' }],
      ['remove-by-ids', { ids: [saved.id] }],
      ['export', {}],
    ] as const) {
      const answer = await auditor.call(`${apiBase}/${call}`, { json: body });
      expect({ call, status: answer.status, code: answer.body.code }).toEqual({ call, status: 403, code: 'FORBIDDEN' });
    }
    expect((await dataOf<{ total: number }>(auditor, `${apiBase}/page`, {})).total).toBe(page.total);
  });
});
