/**
 * The upgrade that makes the call log's operator a reference (*_hotline_calls_reference_operator,
 * issue 37): a database migrated to the release before it holds calls whose operator id names a
 * staff account, calls whose id names none but whose copied name is one account's, and calls that
 * name nobody (or a name two accounts share). Migrated on, every call is kept; a call is keyed to the
 * account its id names, else to the one account bearing its name (reported with that account); what
 * still names nobody is reported with the name it held and the key is added NOT VALID, so every new
 * call is checked. The copied name is gone.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it } from 'vitest';
import { createPGlite } from '../../server/db/open';

const MIGRATIONS = new URL('../../server/db/migrations', import.meta.url).pathname;
const MIGRATION = 'hotline_calls_reference_operator';
const KEY = 'hotline_calls_operator_id_users_id_fk';

function foldersBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scf-migr-operator-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(MIGRATION));
  expect(at).toBeGreaterThan(0);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

const rows = async (client: PGlite, query: string) => (await client.query<Record<string, unknown>>(query)).rows;

it('keys every call to its operator, mapping a lost id by the one account bearing its name, reporting the rest and keeping every call', async () => {
  const client = createPGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: foldersBefore() });
  await client.exec(`
    INSERT INTO corporations (id, corp_name, credit_code, corp_types) VALUES ('c-1', '迁移供应商', '91310000MA1MIGOP1X', '{SUPPLIER}');
    INSERT INTO users (id, username, password_hash, person_name) VALUES
      ('u-1', 'mig_admin', 'x', '系统管理员'), ('u-2', 'mig_a', 'x', '同名经办'), ('u-3', 'mig_b', 'x', '同名经办');
    INSERT INTO hotline_calls (id, operator_id, operator_name, corp_id, phone_masked, status, dial_time) VALUES
      ('h-id', 'u-1', '系统管理员（旧名）', 'c-1', '1390****0001', 'ENDED', now()),
      ('h-name', 'u-lost', '系统管理员', 'c-1', '1390****0002', 'ENDED', now()),
      ('h-twice', 'u-lost2', '同名经办', 'c-1', '1390****0003', 'ENDED', now()),
      ('h-nobody', 'u-lost3', '早已离职的同事', 'c-1', '1390****0004', 'ENDED', now());
  `);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  expect(await rows(client, 'SELECT id, operator_id FROM hotline_calls ORDER BY id')).toEqual([
    { id: 'h-id', operator_id: 'u-1' },
    { id: 'h-name', operator_id: 'u-1' },
    { id: 'h-nobody', operator_id: 'u-lost3' },
    { id: 'h-twice', operator_id: 'u-lost2' },
  ]);
  expect(await rows(client, "SELECT column_name FROM information_schema.columns WHERE table_name = 'hotline_calls' AND column_name = 'operator_name'")).toEqual(
    [],
  );
  expect(
    await rows(client, `SELECT row_id, column_name, value, name_then, note FROM reference_gaps WHERE migration LIKE '%${MIGRATION}' ORDER BY row_id`),
  ).toEqual([
    { row_id: 'h-name', column_name: 'operator_id', value: 'u-1', name_then: '系统管理员', note: 'operator account not found by id: mapped by its name' },
    { row_id: 'h-nobody', column_name: 'operator_id', value: 'u-lost3', name_then: '早已离职的同事', note: 'operator account not found: key kept unchecked' },
    { row_id: 'h-twice', column_name: 'operator_id', value: 'u-lost2', name_then: '同名经办', note: 'operator account not found: key kept unchecked' },
  ]);
  expect(await rows(client, `SELECT convalidated FROM pg_constraint WHERE conname = '${KEY}'`)).toEqual([{ convalidated: false }]);
  await expect(
    client.exec(
      "INSERT INTO hotline_calls (id, operator_id, corp_id, phone_masked, status, dial_time) VALUES ('h-new', 'u-none', 'c-1', '1390****0005', 'ENDED', now())",
    ),
  ).rejects.toThrow(/foreign key/);
  await client.exec(
    "INSERT INTO hotline_calls (id, operator_id, corp_id, phone_masked, status, dial_time) VALUES ('h-ok', 'u-2', 'c-1', '1390****0006', 'ENDED', now())",
  );
  await client.close();
}, 120_000);

it('adds the key checked when every call names its operator', async () => {
  const client = createPGlite();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  expect(await rows(client, `SELECT convalidated FROM pg_constraint WHERE conname = '${KEY}'`)).toEqual([{ convalidated: true }]);
  await client.close();
}, 120_000);
