/**
 * The upgrade that turned the products area's copied names into references
 * (server/db/migrations/*_products_reference_parties.sql): a database migrated to the release
 * before it, holding products, agreements, price policies and a pending proposal that name
 * corporations and products by text (one of them a name no corporation has), is migrated on: every
 * value that names a record becomes its id, the one that names none is reported in
 * reference_mapping_report, and no row is dropped.
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
const TAG = 'products_reference_parties';

/** The migrations folder as it was before this one: the same files, the journal cut before its entry. */
function foldersBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scf-migr-before-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(TAG));
  expect(at).toBeGreaterThan(0);
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

const rows = async (client: PGlite, query: string) => (await client.query<Record<string, unknown>>(query)).rows;

it('maps stored names and codes to ids, reports what names nothing, and keeps every row', async () => {
  // The server's PGlite, with the extensions the migrations create.
  const client = createPGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: foldersBefore() });
  await client.exec(`
    INSERT INTO corporations (id, corp_name, credit_code, corp_types) VALUES
      ('c-core', '华东核心集团', '91310000MA1MIGR01X', '{CORE_ENTERPRISE}'),
      ('c-bank', '迁移测试银行', '91310000MA1MIGR02X', '{FINANCE_INSTITUTION}');
    INSERT INTO products (id, prd_code, prd_name, prd_short_name, category, offer_type, finance_corp_name, core_corp_name, tenor_min_days, tenor_max_days, amount_min, amount_max, template_versions) VALUES
      ('p-1', 'MIGR-CF', '迁移联合授信', '联合授信', 'CREDIT', 'CORE_FINANCE', '迁移测试银行', '华东核心集团', 30, 180, 1000, 2000000, 'MIGR-TPL@1'),
      ('p-2', 'MIGR-GONE', '改名前的产品', '旧产品', 'CREDIT', 'CORE', NULL, '早已更名的核心企业', 30, 180, 1000, 2000000, 'MIGR-TPL@1');
    INSERT INTO agreement_templates (id, template_code, template_name, version, content, status) VALUES ('t-1', 'MIGR-TPL', '迁移模板', 1, '<p>{{corpName}}</p>', 'APPROVED');
    INSERT INTO agreements (id, agreement_code, agreement_name, category, prd_code, finance_corp_name, core_corp_name, template_code, template_version) VALUES
      ('a-1', 'MIGR-AGR', '迁移协议', 'CREDIT', 'MIGR-CF', '迁移测试银行', '华东核心集团', 'MIGR-TPL', 1),
      ('a-2', 'MIGR-AGR2', '模板已删的协议', 'CREDIT', 'MIGR-CF', '迁移测试银行', '华东核心集团', 'GONE-TPL', 4);
    INSERT INTO price_policies (id, policy_name, prd_code, core_corp_name, tenor_from_days, tenor_to_days, financing_rate, service_fee_rate) VALUES
      ('pp-1', '迁移策略', 'MIGR-CF', '华东核心集团', 1, 90, 4.05, 0.25);
    INSERT INTO approval_changes (id, resource, scope, record_id, action, process_key, proposed) VALUES
      ('ch-1', 'price-policies', 'price-policies', 'pp-2', 'create', 'Process_PRICE_CONFIG_CREATE', '{"policyName":"待批策略","prdCode":"MIGR-CF","coreCorpName":"华东核心集团","tenorFromDays":91,"tenorToDays":180}');
  `);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  expect(await rows(client, 'SELECT id, finance_corp_id, core_corp_id FROM products ORDER BY id')).toEqual([
    { id: 'p-1', finance_corp_id: 'c-bank', core_corp_id: 'c-core' },
    { id: 'p-2', finance_corp_id: null, core_corp_id: null },
  ]);
  // The agreement keeps the names it was signed with, beside the references.
  expect(
    await rows(client, 'SELECT id, product_id, finance_corp_id, core_corp_id, finance_corp_name, core_corp_name, template_id FROM agreements ORDER BY id'),
  ).toEqual([
    {
      id: 'a-1',
      product_id: 'p-1',
      finance_corp_id: 'c-bank',
      core_corp_id: 'c-core',
      finance_corp_name: '迁移测试银行',
      core_corp_name: '华东核心集团',
      template_id: 't-1',
    },
    {
      id: 'a-2',
      product_id: 'p-1',
      finance_corp_id: 'c-bank',
      core_corp_id: 'c-core',
      finance_corp_name: '迁移测试银行',
      core_corp_name: '华东核心集团',
      template_id: null,
    },
  ]);
  expect(await rows(client, "SELECT ref_label FROM agreement_templates WHERE id = 't-1'")).toEqual([{ ref_label: 'MIGR-TPL@1 迁移模板' }]);
  expect(await rows(client, 'SELECT product_id, core_corp_id FROM price_policies')).toEqual([{ product_id: 'p-1', core_corp_id: 'c-core' }]);
  const [change] = await rows(client, "SELECT proposed FROM approval_changes WHERE id = 'ch-1'");
  expect(change.proposed).toEqual({ policyName: '待批策略', productId: 'p-1', coreCorpId: 'c-core', tenorFromDays: 91, tenorToDays: 180 });
  expect(await rows(client, 'SELECT table_name, row_id, column_name, stored_value FROM reference_mapping_report ORDER BY table_name')).toEqual([
    { table_name: 'agreements', row_id: 'a-2', column_name: 'template_code@template_version', stored_value: 'GONE-TPL@4' },
    { table_name: 'products', row_id: 'p-2', column_name: 'core_corp_name', stored_value: '早已更名的核心企业' },
  ]);
  await client.close();
}, 120_000);
