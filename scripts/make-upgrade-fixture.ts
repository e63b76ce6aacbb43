/**
 * Writes the upgrade test's fixture (tests/fixtures/upgrade/): a database as this release leaves it
 * after its first start, plus the edits an operator makes, dumped as plain SQL that PostgreSQL and
 * PGlite both load. Run it at each release, on the release's own code, against an empty database:
 *
 *   DATABASE_URL=postgres://…/empty_db npx tsx scripts/make-upgrade-fixture.ts
 *
 * tests/server/upgrade.test.ts loads the dump, starts the current server on it and checks that the
 * reference data reached it while the operator's edits below stayed.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../server/app';
import { postgresDatabase } from '../server/db/open';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: an empty PostgreSQL database to write the fixture from');
const out = new URL('../tests/fixtures/upgrade/', import.meta.url).pathname;

const database = postgresDatabase(url);
const app = buildApp({ database, logger: false, demoMode: true, staticDir: '/nonexistent-dist', passwordCost: { N: 1024, r: 8, p: 1 } });
await app.ready();
await app.close();
await database.close();

const client = new pg.Client({ connectionString: url });
await client.connect();

// What a release without the reference ledger seeded (server/db/reference.ts reads it): on such an
// install, an item of this list that is missing was removed by an operator and is not added again.
const keys = async (sql: string) => (await client.query<{ key: string }>(sql)).rows.map((row) => row.key).sort();
const baseline = {
  role: await keys('SELECT pk_role AS key FROM roles'),
  rolePermission: await keys(`SELECT pk_role || '|' || permission AS key FROM role_permissions`),
  menu: await keys('SELECT menu_uri AS key FROM menus'),
  roleMenu: await keys(`SELECT rm.pk_role || '|' || m.menu_uri AS key FROM role_menus rm JOIN menus m ON m.id = rm.menu_id`),
  dictType: await keys('SELECT dict_type AS key FROM sys_dict_type'),
  dictData: await keys(`SELECT dict_type || '|' || dict_value AS key FROM sys_dict_data`),
  config: await keys('SELECT config_key AS key FROM sys_config'),
};
writeFileSync(new URL('../server/db/seed-data/reference-baseline.json', import.meta.url), `${JSON.stringify(baseline, null, 1)}\n`);

// The operator's work in the earlier release: each must survive the upgrade unchanged.
await client.query(`
  UPDATE menus SET title = '系统参数（运营改名）' WHERE menu_uri = 'system:config';
  UPDATE sys_dict_data SET dict_label = '草稿（运营改）' WHERE dict_type = 'content_status' AND dict_value = 'DRAFT';
  UPDATE sys_config SET config_value = '运营改的签发机构' WHERE config_key = 'scf.cert.issuer';
  DELETE FROM role_permissions WHERE pk_role = 'r-op-handler' AND permission = 'content:notice:query';
  DELETE FROM role_menus WHERE pk_role = 'r-op-auditor' AND menu_id = 'm-system:export';
  DELETE FROM sys_dict_data WHERE dict_type = 'content_status' AND dict_value = 'OFFLINE';
  INSERT INTO menus (id, menu_uri, title, path, component, icon, order_num) VALUES ('m-ops-own', 'ops-own', '运营自建菜单', '/op/ops-own', 'Layout', '', 900);
  INSERT INTO role_menus (pk_role, menu_id) VALUES ('r-op-handler', 'm-ops-own');
  INSERT INTO sys_config (id, config_name, config_key, config_value, config_type) VALUES ('c-ops-own', '运营自建参数', 'ops.own.param', '1', 'N');
  INSERT INTO role_permissions (pk_role, permission) VALUES ('r-op-auditor', 'ops:own:list');
`);
await client.end();

// psql meta-commands (\restrict) are not SQL: PGlite and a driver's query cannot run them.
const dump = execFileSync(
  'pg_dump',
  ['--no-owner', '--no-privileges', '--no-comments', '--inserts', '--exclude-table-data=public.rsa_keys', '--exclude-table-data=public.data_keys', url],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
)
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');
writeFileSync(`${out}release-0.1.0.sql`, dump);
console.log(`wrote ${out}release-0.1.0.sql (${dump.length} bytes)`);
