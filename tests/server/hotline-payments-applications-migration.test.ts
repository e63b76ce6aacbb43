/**
 * The upgrades that turned the last copied or unkeyed references into keys (issue 37):
 * *_hotline_calls_reference_corporation, *_credit_payments_reference_payer and
 * *_credit_note_applications_product_key. A database migrated to the release before them holds calls,
 * payments and issuance applications, some naming a corporation, unit or product that exists and some
 * one that does not (or a product by its code): migrated on, every row is kept, what names a record
 * is keyed (a code becomes the id), what names nothing is listed in reference_gaps with the name it
 * held and its key is added NOT VALID, so every new write is checked.
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
const FIRST = 'hotline_calls_reference_corporation';

function foldersBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scf-migr-before-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(FIRST));
  expect(at).toBeGreaterThan(0);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

const rows = async (client: PGlite, query: string) => (await client.query<Record<string, unknown>>(query)).rows;

it('keys the call log, payments and applications, mapping a product code, reporting what names nothing and keeping every row', async () => {
  const client = createPGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: foldersBefore() });
  await client.exec(`
    INSERT INTO corporations (id, corp_name, credit_code, corp_types) VALUES ('c-1', '迁移核心集团', '91310000MA1MIGH01X', '{CORE_ENTERPRISE}');
    INSERT INTO group_units (id, group_id, parent_id, kind, unit_name, corp_id) VALUES ('u-1', 'u-1', NULL, 'GROUP', NULL, 'c-1');
    INSERT INTO hotline_calls (id, operator_id, operator_name, corp_id, corp_name, phone_masked, status, dial_time) VALUES
      ('h-1', 'u-op', '系统管理员', 'c-1', '迁移核心集团（旧名）', '1390****0001', 'ENDED', now()),
      ('h-2', 'u-op', '系统管理员', 'c-gone', '早已删除的企业', '1390****0002', 'ENDED', now());
    INSERT INTO credit_payments (id, payer_unit_id, payer_name, amount, value_date, bank_serial_no) VALUES
      ('pay-1', 'u-1', '迁移核心集团（旧名）', 10, '2026-11-01', 'MIGR-SERIAL-1'),
      ('pay-2', 'u-gone', '早已删除的单位', 20, '2026-11-01', 'MIGR-SERIAL-2');
    INSERT INTO products (id, prd_code, prd_name, prd_short_name, category, offer_type, tenor_min_days, tenor_max_days, amount_min, amount_max) VALUES
      ('p-1', 'MIGR-P', '迁移产品', '迁移', 'CREDIT', 'CORE', 30, 180, 1000, 2000000);
    INSERT INTO quota_accounts (id, kind, channel, grantor_id, unit_id, group_id, granted) VALUES ('qa-1', 'PLATFORM', 'PLATFORM', 'PLATFORM', 'u-1', 'u-1', '100.00');
    INSERT INTO credit_note_applications (id, level, group_id, unit_id, quota_account_id, payee_corp_id, amount, due_date, product_id, contract_no) VALUES
      ('app-id', 'GROUP', 'u-1', 'u-1', 'qa-1', 'c-1', 10, '2027-01-01', 'p-1', 'HT-1'),
      ('app-code', 'GROUP', 'u-1', 'u-1', 'qa-1', 'c-1', 10, '2027-01-01', 'MIGR-P', 'HT-2'),
      ('app-gone', 'GROUP', 'u-1', 'u-1', 'qa-1', 'c-1', 10, '2027-01-01', 'GONE-P', 'HT-3');
  `);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  expect(await rows(client, 'SELECT id, corp_id FROM hotline_calls ORDER BY id')).toEqual([
    { id: 'h-1', corp_id: 'c-1' },
    { id: 'h-2', corp_id: 'c-gone' },
  ]);
  expect(await rows(client, 'SELECT id, payer_unit_id FROM credit_payments ORDER BY id')).toEqual([
    { id: 'pay-1', payer_unit_id: 'u-1' },
    { id: 'pay-2', payer_unit_id: 'u-gone' },
  ]);
  expect(await rows(client, 'SELECT id, product_id FROM credit_note_applications ORDER BY id')).toEqual([
    { id: 'app-code', product_id: 'p-1' },
    { id: 'app-gone', product_id: 'GONE-P' },
    { id: 'app-id', product_id: 'p-1' },
  ]);
  // The copies are gone; the names they held are in the report, beside what names nothing.
  expect(
    await rows(
      client,
      "SELECT column_name FROM information_schema.columns WHERE (table_name = 'hotline_calls' AND column_name = 'corp_name') OR (table_name = 'credit_payments' AND column_name = 'payer_name')",
    ),
  ).toEqual([]);
  // The operator's own key came later (hotline-operator-migration.test.ts); its report is read there.
  expect(
    await rows(client, "SELECT table_name, row_id, column_name, value, name_then FROM reference_gaps WHERE column_name <> 'operator_id' ORDER BY table_name"),
  ).toEqual([
    { table_name: 'credit_note_applications', row_id: 'app-gone', column_name: 'product_id', value: 'GONE-P', name_then: null },
    { table_name: 'credit_payments', row_id: 'pay-2', column_name: 'payer_unit_id', value: 'u-gone', name_then: '早已删除的单位' },
    { table_name: 'hotline_calls', row_id: 'h-2', column_name: 'corp_id', value: 'c-gone', name_then: '早已删除的企业' },
  ]);
  // Each key is in place, unchecked over the old rows, and refuses a new row naming nothing.
  expect(
    await rows(
      client,
      "SELECT conname, convalidated FROM pg_constraint WHERE conname IN ('hotline_calls_corp_id_corporations_id_fk', 'credit_payments_payer_unit_id_group_units_id_fk', 'credit_note_applications_product_id_products_id_fk') ORDER BY conname",
    ),
  ).toEqual([
    { conname: 'credit_note_applications_product_id_products_id_fk', convalidated: false },
    { conname: 'credit_payments_payer_unit_id_group_units_id_fk', convalidated: false },
    { conname: 'hotline_calls_corp_id_corporations_id_fk', convalidated: false },
  ]);
  // The operator named is a staff account (a later key): only the corporation names nothing.
  await client.exec("INSERT INTO users (id, username, password_hash, person_name) VALUES ('u-op', 'mig_op', 'x', '系统管理员')");
  await expect(
    client.exec(
      "INSERT INTO hotline_calls (id, operator_id, corp_id, phone_masked, status, dial_time) VALUES ('h-3', 'u-op', 'c-none', '1390****0003', 'ENDED', now())",
    ),
  ).rejects.toThrow(/hotline_calls_corp_id_corporations_id_fk/);
  await expect(
    client.exec(
      "INSERT INTO credit_payments (id, payer_unit_id, amount, value_date, bank_serial_no) VALUES ('pay-3', 'u-none', 5, '2026-11-01', 'MIGR-SERIAL-3')",
    ),
  ).rejects.toThrow(/foreign key/);
  await expect(client.exec("UPDATE credit_note_applications SET product_id = 'NONE' WHERE id = 'app-id'")).rejects.toThrow(/foreign key/);
  await client.close();
}, 120_000);

it('adds the keys checked when every row names a record', async () => {
  const client = createPGlite();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  expect(
    await rows(
      client,
      "SELECT count(*)::int AS n FROM pg_constraint WHERE conname IN ('hotline_calls_corp_id_corporations_id_fk', 'credit_payments_payer_unit_id_group_units_id_fk', 'credit_note_applications_product_id_products_id_fk') AND convalidated",
    ),
  ).toEqual([{ n: 3 }]);
  await client.close();
}, 120_000);
