/**
 * The migration that turns copied party names into references (parties_referenced_not_copied) on
 * data the release before it holds: the database is migrated up to the migration before, filled with
 * rows that copy names (some naming a corporation, unit or product that no longer exists), then
 * migrated on. Every row stays; what resolves reads the current name; what cannot be mapped is listed
 * in reference_gaps with the name it held, and its key is added unchecked so the migration never fails.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createPGlite } from '../../server/db/open';

const MIGRATION = '0017_parties_referenced_not_copied';
const folder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));
const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
const before = mkdtempSync(join(tmpdir(), 'scf-refs-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe(`${MIGRATION} on an earlier release's rows`, () => {
  it('keeps every row, names them by reference, and reports what it cannot map', async () => {
    const index = journal.entries.findIndex((e) => e.tag === MIGRATION);
    expect(index).toBeGreaterThan(0);
    cpSync(folder, before, { recursive: true });
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    const client = createPGlite();
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        INSERT INTO corporations (id, corp_name, credit_code, corp_types) VALUES
          ('c-core', '旧名建设集团有限公司', '91330000MIGR0001X', '{CORE_ENTERPRISE}'),
          ('c-supplier', '旧名钢材有限公司', '91330000MIGR0002X', '{SUPPLIER}'),
          ('c-bank', '旧名银行', '91330000MIGR0003X', '{FINANCE_INSTITUTION}');
        INSERT INTO group_units (id, group_id, parent_id, kind, unit_name, corp_id) VALUES
          ('u-group', 'u-group', NULL, 'GROUP', '旧名建设集团有限公司', 'c-core'),
          ('u-branch', 'u-group', 'u-group', 'BRANCH', '第一分公司', NULL),
          ('u-member', 'u-group', 'u-group', 'MEMBER_CUSTOMER', '钢材公司（树上另起的名）', 'c-supplier');
        INSERT INTO products (id, prd_code, prd_name, prd_short_name, category, offer_type, tenor_min_days, tenor_max_days, amount_min, amount_max, template_versions)
          VALUES ('p-1', 'CREDIT-OLD', '旧产品', '旧', 'CREDIT', 'FINANCE', 30, 360, '1000.00', '9000000.00', 'X@1');
        INSERT INTO quota_accounts (id, kind, channel, grantor_id, grantor_name, unit_id, group_id, granted) VALUES
          ('qa-bank', 'FINANCE', 'FINANCE', 'c-bank', '旧名银行', 'u-group', 'u-group', '100.00'),
          ('qa-platform', 'PLATFORM', 'PLATFORM', 'PLATFORM', '平台', 'u-group', 'u-group', '50.00'),
          ('qa-gone', 'FINANCE', 'FINANCE', 'c-removed-bank', '已删除的银行', 'u-group', 'u-group', '20.00');
        INSERT INTO quota_requests (id, type, kind, channel, process_key, grantor_id, grantor_name, unit_id, amount, reason) VALUES
          ('qr-bank', 'APPLY', 'FINANCE', 'FINANCE', 'PROCESS_LMT_FIN_APPLY_AUDIT', 'c-bank', '旧名银行', 'u-group', '100.00', '授信');
        INSERT INTO financing_applications (id, application_no, supplier_corp_id, supplier_name, core_corp_id, core_name, prd_code, prd_name, finance_corp_name) VALUES
          ('fa-ok', 'FA202601010000000001', 'c-supplier', '旧名钢材有限公司', 'c-core', '旧名建设集团有限公司', 'CREDIT-OLD', '旧产品', '旧名银行'),
          ('fa-gone', 'FA202601010000000002', 'c-removed-supplier', '已删除的供应商', 'c-core', '旧名建设集团有限公司', 'CREDIT-GONE', '已下架产品', NULL);
        INSERT INTO credit_note_applications (id, level, group_id, unit_id, unit_name, quota_account_id, payee_corp_id, payee_name, amount, due_date, product_id, product_name, contract_no) VALUES
          ('ca-ok', 'BRANCH', 'u-group', 'u-branch', '第一分公司', 'qa-bank', 'c-supplier', '旧名钢材有限公司', '10.00', '2026-12-31', 'p-1', '旧产品', 'HT-1');
        UPDATE corporations SET corp_name = '新名建设集团有限公司' WHERE id = 'c-core';
        UPDATE corporations SET corp_name = '新名钢材有限公司' WHERE id = 'c-supplier';
      `);

      await migrate(db, { migrationsFolder: folder });

      const rows = async (sql: string) => (await client.query<Record<string, unknown>>(sql)).rows;
      // Units standing for a corporation hold no name; the one that held another name is reported with it.
      expect(await rows(`SELECT id, unit_name FROM group_units ORDER BY id`)).toEqual([
        { id: 'u-branch', unit_name: '第一分公司' },
        { id: 'u-group', unit_name: null },
        { id: 'u-member', unit_name: null },
      ]);
      expect(await rows(`SELECT id, grantor_corp_id FROM quota_accounts ORDER BY id`)).toEqual([
        { id: 'qa-bank', grantor_corp_id: 'c-bank' },
        { id: 'qa-gone', grantor_corp_id: 'c-removed-bank' },
        { id: 'qa-platform', grantor_corp_id: null },
      ]);
      expect((await rows(`SELECT id FROM financing_applications ORDER BY id`)).map((r) => r.id)).toEqual(['fa-gone', 'fa-ok']);
      expect((await rows(`SELECT id FROM credit_note_applications`)).map((r) => r.id)).toEqual(['ca-ok']);
      const gaps = await rows(
        `SELECT table_name, row_id, column_name, value, name_then FROM reference_gaps WHERE migration = '${MIGRATION}' ORDER BY table_name, row_id, column_name`,
      );
      expect(gaps).toEqual([
        { table_name: 'financing_applications', row_id: 'fa-gone', column_name: 'prd_code', value: 'CREDIT-GONE', name_then: '已下架产品' },
        { table_name: 'financing_applications', row_id: 'fa-gone', column_name: 'supplier_corp_id', value: 'c-removed-supplier', name_then: '已删除的供应商' },
        { table_name: 'group_units', row_id: 'u-group', column_name: 'unit_name', value: 'c-core', name_then: '旧名建设集团有限公司' },
        { table_name: 'group_units', row_id: 'u-member', column_name: 'unit_name', value: 'c-supplier', name_then: '钢材公司（树上另起的名）' },
        { table_name: 'quota_accounts', row_id: 'qa-gone', column_name: 'grantor_id', value: 'c-removed-bank', name_then: '已删除的银行' },
      ]);
      // The keys hold for every new write, also where an old row was kept unchecked.
      await expect(client.query(`UPDATE quota_accounts SET grantor_id = 'c-nobody' WHERE id = 'qa-bank'`)).rejects.toMatchObject({ code: '23503' });
      await expect(client.query(`UPDATE financing_applications SET core_corp_id = 'c-nobody' WHERE id = 'fa-ok'`)).rejects.toMatchObject({ code: '23503' });
      await expect(client.query(`UPDATE credit_note_applications SET payee_corp_id = 'c-nobody' WHERE id = 'ca-ok'`)).rejects.toMatchObject({ code: '23503' });
      await expect(client.query(`UPDATE group_units SET unit_name = '又抄一份' WHERE id = 'u-group'`)).rejects.toMatchObject({ code: '23514' });
    } finally {
      await client.close();
    }
  });
});
