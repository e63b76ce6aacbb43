/**
 * References searched and sorted by what the operator reads (issue 37): a list finds a record by the
 * name of any record a several-record reference names (a product by one of its template versions,
 * CODE@version or name) and sorts by those names as the column joins them; a single reference column
 * sorts by the referenced record's current name, not its id (the call log by corporation and by caller).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceLabelKey } from '../../src/crud/resource';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../server/db/schema';
import { agreements, pricePolicies, products } from '../../server/products/schema';
import { RESOURCES, resourceByName } from '../../server/resources/registry';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import { PRODUCTS_API } from '../../src/features/products/resources';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { sharedServer, startServer, type TestServer } from './server';

let srv: TestServer;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  auditor = await signInAs(srv.baseUrl, 'op_auditor');
});

interface Page<T> {
  records: T[];
  total: number;
}
type Product = { id: string; prdCode: string; templateVersionIds: string[]; templateVersionIdsLabel: Array<string | null> };
type Row = Record<string, unknown>;
type Call = { id: string; corpId: string; corpIdLabel: string | null; operatorId: string; operatorIdLabel: string | null };

// What the database's ORDER BY does with text: code point order under the C collation PGlite and the tests' PostgreSQL use.
const inOrder = (labels: string[]) => labels.every((label, i) => i === 0 || labels[i - 1] <= label);
const joined = (p: Product) => p.templateVersionIdsLabel.join('、');

describe('several-record references', () => {
  const LIST = `${PRODUCTS_API}/credit/core-finance/page`;

  it("finds a product by a template version's CODE@version or name, and by nothing else", async () => {
    const all = await dataOf<Page<Product>>(auditor, LIST, { pageSize: 200 });
    expect(all.records.length).toBeGreaterThan(0);
    const [sample] = all.records;
    const label = sample.templateVersionIdsLabel[0]!;
    const code = label.split(' ')[0];
    const byCode = await dataOf<Page<Product>>(auditor, LIST, { templateVersionIds: code, pageSize: 200 });
    expect(byCode.records.map((p) => p.id)).toContain(sample.id);
    expect(byCode.records.every((p) => p.templateVersionIdsLabel.some((l) => l?.includes(code)))).toBe(true);
    // Exactly the products naming a matching version: the list's own rows, filtered here by what they show.
    expect(byCode.records.map((p) => p.id).sort()).toEqual(
      all.records
        .filter((p) => p.templateVersionIdsLabel.some((l) => l?.includes(code)))
        .map((p) => p.id)
        .sort(),
    );
    const byName = await dataOf<Page<Product>>(auditor, LIST, { templateVersionIds: label.slice(label.indexOf(' ') + 1), pageSize: 200 });
    expect(byName.records.map((p) => p.id)).toContain(sample.id);
    expect((await dataOf<Page<Product>>(auditor, LIST, { templateVersionIds: '没有这样的模板版本', pageSize: 200 })).total).toBe(0);
  });

  it('sorts products by their template versions as the column reads them, both ways', async () => {
    const asc = (await dataOf<Page<Product>>(auditor, LIST, { orderBy: [{ field: 'templateVersionIds', order: 'asc' }], pageSize: 200 })).records.map(joined);
    const desc = (await dataOf<Page<Product>>(auditor, LIST, { orderBy: [{ field: 'templateVersionIds', order: 'desc' }], pageSize: 200 })).records.map(joined);
    expect(inOrder(asc)).toBe(true);
    expect(inOrder([...desc].reverse())).toBe(true);
  });
});

describe('a single reference column', () => {
  const LOG = `${hotlineCallResource.apiBase}/page`;

  it('sorts the call log by the corporation called and by the caller, by their names, not their ids', async () => {
    for (const field of ['corpId', 'operatorId'] as const) {
      const rows = (await dataOf<Page<Call>>(auditor, LOG, { orderBy: [{ field, order: 'asc' }], pageSize: 200 })).records;
      expect(rows.length, field).toBeGreaterThan(1);
      expect(inOrder(rows.map((r) => r[`${field}Label`] ?? '')), field).toBe(true);
      const back = (await dataOf<Page<Call>>(auditor, LOG, { orderBy: [{ field, order: 'desc' }], pageSize: 200 })).records;
      expect(inOrder(back.map((r) => r[`${field}Label`] ?? '').reverse()), field).toBe(true);
    }
    // The demo's calls name several corporations, whose names do not follow their ids: sorting by name is not sorting by id.
    const byName = (await dataOf<Page<Call>>(auditor, LOG, { orderBy: [{ field: 'corpId', order: 'asc' }], pageSize: 200 })).records.map((r) => r.corpId);
    expect(new Set(byName).size).toBeGreaterThan(1);
    expect(byName).not.toEqual([...byName].sort());
  });

  // Every list column that shows one referenced record: products', agreements' and price policies' parties, product and template, staff's department …
  const columns = RESOURCES.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, schema]) => schema.type === 'reference' && !schema.multiple && schema.column !== false)
      .map(([field, schema]) => ({ resource, field, schema })),
  );

  it('every single reference column of every list is sortable', () => {
    expect(columns.length).toBeGreaterThan(5);
    expect(columns.filter((c) => !c.schema.sortable).map((c) => `${c.resource.name}.${c.field}`)).toEqual([]);
  });

  it('every such column sorts its rows by the referenced name both ways, over rows that name different records', async () => {
    // Its own server: two rows of each list are made to name different records (the demo's products, agreements and price policies share their parties).
    const own = await startServer();
    try {
      const admin = await signInAs(own.baseUrl, 'op_admin');
      const { db } = own.database;
      const tableOf = (name: string): PgTable | undefined =>
        name.startsWith('products-')
          ? products
          : name.startsWith('agreements-')
            ? agreements
            : name === 'price-policies'
              ? pricePolicies
              : name === 'staffs'
                ? users
                : undefined;
      const differing: string[] = [];
      for (const { resource, field, schema } of columns) {
        const label = referenceLabelKey(field);
        const read = async (order: 'asc' | 'desc') =>
          (await dataOf<Page<Record<string, unknown>>>(admin, `${resource.apiBase}/page`, { orderBy: [{ field, order }], pageSize: 200 })).records;
        let rows = await read('asc');
        const table = tableOf(resource.name);
        if (table && rows.length === 1) {
          // A second row like the first (its unique codes changed), for the next step to point elsewhere.
          const columnsOfTable = getTableColumns(table) as Record<string, PgColumn>;
          const [full] = await db
            .select()
            .from(table)
            .where(eq(columnsOfTable.id, rows[0].id as string));
          const unique = Object.fromEntries(
            Object.entries(resource.fields)
              .filter(([, s]) => s.unique)
              .map(([name]) => [name, `${String((full as Row)[name])}T2`]),
          );
          await db.insert(table).values({ ...(full as Row), ...unique, id: randomUUID() } as never);
          rows = await read('asc');
        }
        if (table && rows.length > 1 && new Set(rows.map((r) => r[label])).size < 2) {
          // Point the second row at another record the field may name (its filter applied), one of another name.
          const target = resourceByName(schema.reference!.resource)!;
          const candidates = (await dataOf<Page<Record<string, unknown>>>(admin, `${target.apiBase}/page`, { ...schema.reference!.filter, pageSize: 50 }))
            .records;
          const other = candidates.find((c) => c[schema.reference!.labelField] !== rows[0][label])!;
          expect(other, `${resource.name}.${field}: another record to name`).toBeDefined();
          const columnsOfTable = getTableColumns(table) as Record<string, PgColumn>;
          await db
            .update(table)
            .set({ [field]: other.id } as never)
            .where(eq(columnsOfTable.id, rows[1].id as string));
          rows = await read('asc');
        }
        const asc = rows.map((r) => String(r[label] ?? ''));
        expect(inOrder(asc), `${resource.name}.${field} asc: ${asc.join(' | ')}`).toBe(true);
        expect(inOrder((await read('desc')).map((r) => String(r[label] ?? '')).reverse()), `${resource.name}.${field} desc`).toBe(true);
        if (new Set(asc).size > 1) differing.push(`${resource.name}.${field}`);
      }
      for (const field of [
        'products-credit-core-finance.financeCorpId',
        'products-credit-core-finance.coreCorpId',
        'agreements-credit.productId',
        'agreements-credit.financeCorpId',
        'agreements-credit.coreCorpId',
        'agreements-credit.templateId',
        'price-policies.productId',
        'price-policies.coreCorpId',
        'staffs.orgId',
      ])
        expect(differing).toContain(field);
    } finally {
      await own.close();
    }
  });

  it('refuses a sort by a field the list does not sort by', async () => {
    expect(refusalOf(await auditor.call(LOG, { json: { orderBy: [{ field: 'contactName', order: 'asc' }] } })).code).toBe('VALIDATION_FAILED');
  });
});
