/**
 * The kit's reference field (src/crud/resource.ts FieldSchema.reference, server/crud/references.ts),
 * through the test-only widget's core enterprise: the id is stored, every answer names the record
 * by its current label, the list searches by that label, and an id outside the declared filter or
 * naming nothing is refused with the field's message and writes nothing.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceLabelKey } from '../../src/crud/resource';
import { corporations } from '../../server/db/schema';
import { DEMO_CORP } from '../../server/corporations/demo-seed';
import { translate } from '../../server/i18n';
import { testWidgetResource } from '../resources/test-widgets';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { exportFinished } from './export-job';
import { sharedServer, type TestServer } from './server';

const { apiBase } = testWidgetResource;
const LABEL = referenceLabelKey('coreCorpId');
const GROUP_NAME = '中建华东建设集团有限公司';
type Row = Record<string, unknown>;

let srv: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  srv = await sharedServer();
  admin = await signInAs(srv.baseUrl, 'op_admin');
}, 120_000);

const freshCode = () => `W-${String(Math.floor(Math.random() * 90_000_000) + 10_000_000)}`;
const widget = (coreCorpId: unknown) => ({ code: freshCode(), name: '引用测试', status: '0', coreCorpId });
const pageByCode = async (code: string) => (await dataOf<{ records: Row[] }>(admin, `${apiBase}/page`, { code, pageSize: 10 })).records;
const refusalFor = (key: string) =>
  translate(key, { field: translate('products:product.fields.coreCorpName'), rule: translate('products:reference.coreCorps') });

describe('a reference field', () => {
  it('stores the id and answers the referenced record by its label, in the page, the record and the save', async () => {
    const body = widget(DEMO_CORP.group);
    const saved = await dataOf<Row>(admin, `${apiBase}/save`, body);
    expect(saved).toMatchObject({ coreCorpId: DEMO_CORP.group, [LABEL]: GROUP_NAME });
    expect((await pageByCode(body.code))[0]).toMatchObject({ coreCorpId: DEMO_CORP.group, [LABEL]: GROUP_NAME });
    expect(await dataOf<Row>(admin, `${apiBase}/find-by-id`, { id: saved.id })).toMatchObject({ [LABEL]: GROUP_NAME });
  });

  it('refuses a record outside its filter (a bank is no core enterprise) and one that does not exist, writing nothing', async () => {
    for (const id of [DEMO_CORP.banks[0], 'no-such-corporation']) {
      const body = widget(id);
      const answer = await admin.call(`${apiBase}/save`, { json: body });
      expect(refusalOf(answer)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: refusalFor('server:crud.notReference') });
      expect((answer.body.data as Row | undefined)?.field).toBe('coreCorpId');
      expect(await pageByCode(body.code)).toEqual([]);
    }
  });

  it('refuses a value that is no id at all before reading anything', async () => {
    for (const value of [42, 'a b', "x' or '1'='1", ['corp-demo-group'], { id: 'corp-demo-group' }]) {
      const answer = await admin.call(`${apiBase}/save`, { json: widget(value) });
      expect(refusalOf(answer), JSON.stringify(value)).toEqual({ status: 200, code: 'VALIDATION_FAILED', message: refusalFor('server:crud.notReferenceId') });
    }
  });

  it('is cleared by an update when optional, and then has no label', async () => {
    const saved = await dataOf<Row>(admin, `${apiBase}/save`, widget(DEMO_CORP.group));
    const updated = await dataOf<Row>(admin, `${apiBase}/update-by-id`, { id: saved.id, dataVersion: saved.dataVersion, coreCorpId: null });
    expect(updated).toMatchObject({ coreCorpId: null, [LABEL]: null });
  });

  it('is searched in the list by the label the operator reads', async () => {
    const body = widget(DEMO_CORP.group);
    const saved = await dataOf<Row>(admin, `${apiBase}/save`, body);
    const search = async (text: string) =>
      (await dataOf<{ records: Row[] }>(admin, `${apiBase}/page`, { coreCorpId: text, pageSize: 500 })).records.map((r) => r.id);
    expect(await search('华东建设')).toContain(saved.id);
    expect(await search('工商银行')).not.toContain(saved.id);
    // LIKE's wildcards are text here: a % matches no name.
    expect(await search('%')).not.toContain(saved.id);
  });

  it('shows a renaming at once, in the page and the record, with nothing copied to rewrite', async () => {
    const body = widget(DEMO_CORP.westCore);
    const saved = await dataOf<Row>(admin, `${apiBase}/save`, body);
    const [corp] = await srv.database.db.select({ corpName: corporations.corpName }).from(corporations).where(eq(corporations.id, DEMO_CORP.westCore));
    const renamed = `${corp.corpName}（更名测试）`;
    await srv.database.db.update(corporations).set({ corpName: renamed }).where(eq(corporations.id, DEMO_CORP.westCore));
    try {
      expect((await pageByCode(body.code))[0]).toMatchObject({ [LABEL]: renamed });
      expect(await dataOf<Row>(admin, `${apiBase}/find-by-id`, { id: saved.id })).toMatchObject({ [LABEL]: renamed });
    } finally {
      await srv.database.db.update(corporations).set({ corpName: corp.corpName }).where(eq(corporations.id, DEMO_CORP.westCore));
    }
  });

  it("exports the referenced record's name in its column, never the id", async () => {
    const body = widget(DEMO_CORP.group);
    await dataOf<Row>(admin, `${apiBase}/save`, body);
    const started = await dataOf<{ id: string }>(admin, `${apiBase}/export`, { code: body.code });
    expect(await exportFinished(admin, started.id)).toMatchObject({ status: 'SUCCESS', rowCount: 1 });
    const request = admin.prepare('/op/v1/export/file-export-records/export', { json: { id: started.id } });
    const response = await fetch(`${srv.baseUrl}${request.url}`, { method: 'POST', headers: request.headers, body: request.body });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const column = (rows[0] as string[]).indexOf(translate('products:product.fields.coreCorpName'));
    expect(column).toBeGreaterThanOrEqual(0);
    expect(rows[1][column]).toBe(GROUP_NAME);
    expect(JSON.stringify(rows)).not.toContain('corp-demo-');
  });

  it('keeps the referenced record: the foreign key refuses removing a corporation a widget names', async () => {
    const saved = await dataOf<Row>(admin, `${apiBase}/save`, widget(DEMO_CORP.westCore));
    await expect(srv.database.db.delete(corporations).where(eq(corporations.id, DEMO_CORP.westCore))).rejects.toThrow();
    expect(await dataOf<Row>(admin, `${apiBase}/find-by-id`, { id: saved.id })).toMatchObject({ coreCorpId: DEMO_CORP.westCore });
  });
});
