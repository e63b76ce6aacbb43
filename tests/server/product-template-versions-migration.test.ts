/**
 * The upgrade that turned a product's template versions from text into references
 * (server/db/migrations/*_product_template_versions_referenced.sql): a database migrated to the
 * release before it, holding products and pending proposals that name versions as `CODE@version,…`
 * (one of them a version that does not exist), is migrated on: every version named becomes a row of
 * product_template_versions in the order written, proposals carry the ids, what names no version is
 * reported in reference_mapping_report, and no product is dropped.
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
const TAG = 'product_template_versions_referenced';

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

it('maps CODE@version text to link rows in the order written, reports what names no version, and keeps every product', async () => {
  const client = createPGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: foldersBefore() });
  await client.exec(`
    INSERT INTO agreement_templates (id, template_code, template_name, version, content, status) VALUES
      ('t-a1', 'MIGR-A', '迁移模板甲', 1, '<p>{{corpName}}</p>', 'APPROVED'),
      ('t-a2', 'MIGR-A', '迁移模板甲', 2, '<p>{{corpName}}</p>', 'APPROVED'),
      ('t-b1', 'MIGR-B', '迁移模板乙', 1, '<p>{{corpName}}</p>', 'APPROVED');
    INSERT INTO products (id, prd_code, prd_name, prd_short_name, category, offer_type, tenor_min_days, tenor_max_days, amount_min, amount_max, template_versions) VALUES
      ('p-1', 'MIGR-1', '两个版本的产品', '两版', 'CREDIT', 'CORE', 30, 180, 1000, 2000000, 'MIGR-B@1, MIGR-A@2'),
      ('p-2', 'MIGR-2', '一个版本已删的产品', '缺版', 'CREDIT', 'CORE', 30, 180, 1000, 2000000, 'MIGR-A@1,GONE@3'),
      ('p-3', 'MIGR-3', '版本全无的产品', '全无', 'CREDIT', 'CORE', 30, 180, 1000, 2000000, 'GONE@1');
    INSERT INTO approval_changes (id, resource, scope, record_id, action, process_key, proposed, previous) VALUES
      ('ch-1', 'products-credit-core', 'products', 'p-1', 'update', 'Process_CREDIT_PRODUCT_CORE', '{"templateVersions":"MIGR-A@1,GONE@2","prdName":"改名"}', '{"templateVersions":"MIGR-B@1,MIGR-A@2","prdName":"两个版本的产品"}'),
      ('ch-2', 'products-credit-core', 'products', 'p-9', 'create', 'Process_CREDIT_PRODUCT_CORE', '{"prdCode":"MIGR-9","templateVersions":"MIGR-A@2"}', '{}');
  `);

  await migrate(db, { migrationsFolder: MIGRATIONS });

  expect(await rows(client, 'SELECT product_id, template_id FROM product_template_versions ORDER BY product_id, position')).toEqual([
    { product_id: 'p-1', template_id: 't-b1' },
    { product_id: 'p-1', template_id: 't-a2' },
    { product_id: 'p-2', template_id: 't-a1' },
  ]);
  expect((await rows(client, 'SELECT id FROM products ORDER BY id')).map((r) => r.id)).toEqual(['p-1', 'p-2', 'p-3']);
  const changes = await rows(client, 'SELECT id, proposed, previous FROM approval_changes ORDER BY id');
  expect(changes).toEqual([
    { id: 'ch-1', proposed: { prdName: '改名', templateVersionIds: ['t-a1'] }, previous: { prdName: '两个版本的产品', templateVersionIds: ['t-b1', 't-a2'] } },
    { id: 'ch-2', proposed: { prdCode: 'MIGR-9', templateVersionIds: ['t-a2'] }, previous: {} },
  ]);
  expect(await rows(client, 'SELECT table_name, row_id, column_name, stored_value FROM reference_mapping_report ORDER BY table_name, row_id')).toEqual([
    { table_name: 'approval_changes', row_id: 'ch-1', column_name: 'proposed.templateVersions', stored_value: 'GONE@2' },
    { table_name: 'products', row_id: 'p-2', column_name: 'template_versions', stored_value: 'GONE@3' },
    { table_name: 'products', row_id: 'p-3', column_name: 'template_versions', stored_value: 'GONE@1' },
  ]);
  // The key holds from now on: a version a product names cannot go.
  await expect(client.exec("DELETE FROM agreement_templates WHERE id = 't-a2'")).rejects.toThrow(/foreign key/);
  await client.close();
}, 120_000);
