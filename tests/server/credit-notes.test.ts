/**
 * Credit notes over real HTTP (DOMAIN.md "Credit notes"): a project department's application with its
 * contract and invoice through the document review; issuance data that freezes, a final approval that
 * occupies and issues, a reject that releases, all to the cent; an approval refused when the frozen
 * quota is no longer there; splits that conserve the amount; simultaneous generations and splits of
 * which exactly one wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { addDays, dayOf } from '../../src/lib/dates';
import { FILE_CALLS } from '../../src/lib/files';
import { SMS_RESEND_WAIT_MS } from '../../src/lib/sms-sign';
import { fenOf, yuan } from '../../src/lib/money';
import { taskSignScope } from '../../src/workflows/task-sign';
import { DEMO_CORP, DEMO_UNIT } from '../../server/corporations/demo-seed';
import { creditNoteBatches, creditNoteBatchQuotas, creditNotes, products } from '../../server/db/schema';
import { recordMovement } from '../../server/quotas/requests';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { smsCodesFor } from './demo-outbox';
import { startServer, type TestServer } from './server';

const API = '/op/v1/credit-notes';
const WF = '/op/v1/workflow';
const SIGN = '/op/v1/authentication/signature';

interface Account {
  id: string;
  available: string;
  frozen: string;
  used: string;
}
interface Task {
  id: string;
  processKey: string;
  taskDefinitionKey: string;
  businessKey: string;
  instanceId: string;
}
interface BatchFigures {
  batch: { totalAmount: string };
  totalCapital: string;
  figures: string;
  quotas: Array<{ id: string; amount: string; availableBefore: string | null; availableAfter: string | null }>;
}

/** The hand-written statements of the migration that derives an earlier release's batch figures (run again: it adds only what is missing). */
function backfillStatements(): string[] {
  // Found by name, not number: migrations are renumbered when branches merge.
  const dir = new URL('../../server/db/migrations/', import.meta.url);
  const file = readdirSync(dir).find((f) => f.endsWith('_credit_note_batch_figures.sql'))!;
  const text = readFileSync(new URL(file, dir), 'utf8');
  return text
    .slice(text.indexOf('-- hand-written:'))
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
}
interface Note {
  id: string;
  noteNo: string;
  amount: string;
  status: string;
  displayStatus: string;
  holderName: string;
  parentId: string | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let director2: ApiClient;
let offset = 0;
let accountId: string;
let productId: string;
let contractId: string;
let invoiceId: string;
const today = () => dayOf(Date.now() + offset);

beforeAll(async () => {
  // Private: it moves the server's clock.
  srv = await startServer({ now: () => Date.now() + offset });
  [handler, director, director2] = await Promise.all(['op_handler', 'op_director', 'op_director2'].map((u) => signInAs(srv.baseUrl, u)));
  const options = await dataOf<{ units: Array<{ id: string; accounts: Account[] }> }>(handler, `${API}/applications/options`, { level: 'PROJECT_DEPT' });
  accountId = options.units.find((u) => u.id === DEMO_UNIT.projectDepts[1])!.accounts[0].id;
  const [product] = await srv.database.db.select().from(products).where(eq(products.prdCode, 'CREDIT-HD-CMB'));
  productId = product.id;
  contractId = await upload(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), '采购合同.pdf');
  invoiceId = await upload(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), '发票.pdf');
});
afterAll(() => srv.close());

async function upload(content: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const answer = await handler.upload<{ id: string }>(FILE_CALLS.upload, form);
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!.id;
}

const account = () => dataOf<Account>(handler, '/op/v1/quotas/accounts/find-by-id', { id: accountId });
const taskOf = async (client: ApiClient, instanceId: string) => {
  const page = await dataOf<{ records: Task[] }>(client, `${WF}/tasks/todo/page`, { pageSize: 500 });
  return page.records.find((t) => t.instanceId === instanceId)!;
};
const complete = (client: ApiClient, taskId: string, outcome: 'PASS' | 'REJECT', extra: Record<string, unknown> = {}) =>
  client.call(`${WF}/tasks/complete`, { json: { taskId, outcome, ...(outcome === 'REJECT' ? { remark: '不同意' } : {}), ...extra } });

const applyBody = (amount: string) => ({
  level: 'PROJECT_DEPT',
  unitId: DEMO_UNIT.projectDepts[1],
  quotaAccountId: accountId,
  payeeCorpId: DEMO_CORP.supplier(1),
  amount,
  dueDate: addDays(today(), 90),
  productId,
  contractNo: 'HT-2026-018',
  contractFileIds: [contractId],
  invoiceFileIds: [invoiceId],
});

/** An application through its document review: the handler passes each file and the audit step, the director the review. */
async function approvedApplication(amount: string): Promise<string> {
  const { application, instanceId, taskId } = await dataOf<{ application: { id: string }; instanceId: string; taskId: string }>(
    handler,
    `${API}/applications/add`,
    applyBody(amount),
  );
  const materials = await dataOf<{ docMaterials: Array<{ docFiles: Array<{ docFileId: string; dataVersion: number }> }> }>(
    handler,
    '/op/v1/doc-review/materials/list',
    { businessKey: application.id, taskSegment: 'AUDIT' },
  );
  for (const file of materials.docMaterials.flatMap((m) => m.docFiles)) {
    expect(
      (
        await handler.call('/op/v1/doc-review/files/approve', {
          json: { docFileId: file.docFileId, taskSegment: 'AUDIT', approveResult: 'PASS', dataVersion: file.dataVersion },
        })
      ).body.code,
    ).toBe('0');
  }
  expect((await complete(handler, taskId, 'PASS')).body.code).toBe('0');
  const review = await taskOf(director, instanceId);
  expect((await complete(director, review.id, 'PASS')).body.code).toBe('0');
  const found = await dataOf<{ application: { status: string } }>(handler, `${API}/applications/find-by-id`, { id: application.id });
  expect(found.application.status).toBe('APPROVED');
  return application.id;
}

const generate = (ids: string[]) =>
  handler.call<{ batch: { id: string; batchNo: string }; instanceId: string; taskId: string }>(`${API}/batches/generate`, { json: { applicationIds: ids } });

/** The core director chooses the single-post final approval; answers that task. */
async function toFinal(instanceId: string): Promise<Task> {
  const core = await taskOf(director, instanceId);
  expect(core.taskDefinitionKey).toBe('CoreDirectorReview');
  expect((await complete(director, core.id, 'PASS', { variables: { finalApproveMode: 'SINGLE' } })).body.code).toBe('0');
  // Four-eyes: the final approval is another director's.
  const final = await taskOf(director2, instanceId);
  expect(final.taskDefinitionKey).toBe('FinalSingleReview');
  return final;
}

async function sign(task: Task) {
  offset += SMS_RESEND_WAIT_MS + 1000;
  const scope = taskSignScope(task);
  expect((await director2.call(`${SIGN}/sms/apply`, { json: scope })).body.code).toBe('0');
  const code = smsCodesFor(srv.filesDir, 'op_director2').at(-1);
  expect((await director2.call(`${SIGN}/sms/verify`, { json: { ...scope, corpName: '华东运营分公司', verifyCode: code } })).body.code).toBe('0');
}

describe('the demo world', () => {
  it('has notes in every status, some due within 30 days and some overdue, applications at each level and a pending batch', async () => {
    const notes = await dataOf<{ records: Note[] & Array<{ dueDate: string }> }>(handler, `${API}/notes/page`, { pageSize: 100 });
    const shown = new Set(notes.records.map((n) => n.displayStatus));
    for (const status of ['ISSUED', 'SPLIT', 'FINANCED', 'REDEEMED', 'OVERDUE']) expect(shown, status).toContain(status);
    expect(notes.records.some((n) => n.displayStatus === 'ISSUED' && (n as unknown as { dueDate: string }).dueDate <= addDays(today(), 30))).toBe(true);
    for (const level of ['PROJECT_DEPT', 'BRANCH', 'GROUP'])
      expect((await dataOf<{ total: number }>(handler, `${API}/applications/page`, { level })).total, level).toBeGreaterThan(0);
    expect((await dataOf<{ total: number }>(handler, `${API}/batches/page`, { status: 'RUNNING' })).total).toBe(1);
  });

  it('shows its issued batch with the figures kept at its decision, though a redemption recycled quota since', async () => {
    const [issued] = (await dataOf<{ records: Array<{ id: string }> }>(handler, `${API}/batches/page`, { status: 'APPROVED' })).records;
    const detail = await dataOf<BatchFigures>(handler, `${API}/batches/find-by-id`, { id: issued.id });
    expect(detail.figures).toBe('DECIDED');
    expect(detail.quotas.length).toBeGreaterThan(0);
    for (const q of detail.quotas) expect(fenOf(q.availableBefore!) - fenOf(q.availableAfter!)).toBe(fenOf(q.amount));
    const [running] = (await dataOf<{ records: Array<{ id: string }> }>(handler, `${API}/batches/page`, { status: 'RUNNING' })).records;
    expect((await dataOf<BatchFigures>(handler, `${API}/batches/find-by-id`, { id: running.id })).figures).toBe('LIVE');
  });
});

describe('issuance', () => {
  it('refuses a bad application with a field message and writes nothing', async () => {
    const before = await dataOf<{ total: number }>(handler, `${API}/applications/page`, { level: 'PROJECT_DEPT' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '12.345' }, 'amount'],
      [{ amount: '5000.00' }, 'amount'],
      [{ dueDate: addDays(today(), 5) }, 'dueDate'],
      [{ payeeCorpId: DEMO_CORP.banks[0] }, 'payeeCorpId'],
      [{ unitId: DEMO_UNIT.branches[0] }, 'unitId'],
      [{ invoiceFileIds: [] }, 'invoiceFileIds'],
      [{ amount: '99999999.00' }, 'amount'],
    ];
    for (const [patch, field] of cases) {
      const refusal = refusalOf(await handler.call(`${API}/applications/add`, { json: { ...applyBody('20000.00'), ...patch } }));
      expect(refusal.status, JSON.stringify(patch)).toBe(200);
      expect(refusal.message, JSON.stringify(patch)).toMatch(/[\u4e00-\u9fa5]/);
      expect(refusal.code, field).not.toBe('0');
    }
    // The body's shape: one refusal naming the field's label and its path.
    const shape = async (patch: Record<string, unknown>) => {
      const answer = await handler.call(`${API}/applications/add`, { json: { ...applyBody('20000.00'), ...patch } });
      return { ...refusalOf(answer), field: (answer.body.data as { field?: string } | null)?.field };
    };
    expect(await shape({ dueDate: '2026-02-30' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'dueDate',
      message: '到期日必须是 YYYY-MM-DD 格式的有效日期',
    });
    expect(await shape({ level: 'COUSIN' })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'level', message: '申请层级的值不在可选范围内：COUSIN' });
    expect(await shape({ contractNo: '  ' })).toMatchObject({ code: 'VALIDATION_FAILED', field: 'contractNo', message: '合同编号不能为空' });
    expect(await shape({ invoiceFileIds: [] })).toMatchObject({ field: 'invoiceFileIds', message: '发票必须是 1 到 20 个记录 id 的列表' });
    expect(refusalOf(await handler.call(`${API}/notes/page`, { json: { status: 'LOST' } })).message).toBe('状态的值不在可选范围内：LOST');
    expect(refusalOf(await handler.call(`${API}/batches/find-by-id`, { json: {} })).message).toBe('签发数据不能为空');
    expect((await dataOf<{ total: number }>(handler, `${API}/applications/page`, { level: 'PROJECT_DEPT' })).total).toBe(before.total);
  });

  it('freezes at generation, occupies and issues at the final approval, to the cent', async () => {
    const a = await approvedApplication('12345.67');
    const b = await approvedApplication('20000.01');
    const start = await account();
    const generated = await generate([a, b]);
    expect(generated.body.code, generated.text).toBe('0');
    const { batch, instanceId } = generated.body.data!;
    const frozen = await account();
    expect(frozen.frozen).toBe(yuan(fenOf(start.frozen) + 3234568n));
    expect(frozen.available).toBe(yuan(fenOf(start.available) - 3234568n));
    const detail = await dataOf<BatchFigures>(director, `${API}/batches/find-by-id`, { instanceId });
    expect(detail.batch.totalAmount).toBe('32345.68');
    expect(detail.totalCapital).toBe('叁万贰仟叁佰肆拾伍元陆角捌分');
    expect(detail.figures).toBe('LIVE');
    expect(detail.quotas[0]).toMatchObject({ availableBefore: start.available, availableAfter: frozen.available });

    const final = await toFinal(instanceId);
    expect(refusalOf(await complete(director2, final.id, 'PASS')).code).not.toBe('0');
    await sign(final);
    const passed = await complete(director2, final.id, 'PASS');
    expect(passed.body.code, passed.text).toBe('0');
    const after = await account();
    expect(after.frozen).toBe(start.frozen);
    expect(after.used).toBe(yuan(fenOf(start.used) + 3234568n));
    expect(after.available).toBe(frozen.available);
    const issued = await dataOf<{ notes: Note[]; batch: { status: string } }>(director, `${API}/batches/find-by-id`, { id: batch.id });
    expect(issued.batch.status).toBe('APPROVED');
    expect(issued.notes.map((n) => n.amount).sort()).toEqual(['12345.67', '20000.01']);
    for (const note of issued.notes) {
      expect(note.noteNo).toMatch(new RegExp(`^CN${today().replaceAll('-', '')}\\d{6}$`));
      expect(note.status).toBe('ISSUED');
    }
    // What was decided keeps its numbers: the figures of the approval, not today's balance after a later recycling.
    const decided = {
      figures: 'DECIDED',
      quotas: [expect.objectContaining({ id: accountId, amount: '32345.68', availableBefore: start.available, availableAfter: frozen.available })],
    };
    expect(await dataOf<BatchFigures>(director, `${API}/batches/find-by-id`, { id: batch.id })).toMatchObject(decided);
    await srv.database.db.transaction((tx) => recordMovement(tx, accountId, 'RECYCLE', 1234567n, 'test', 'CN-recycled'));
    expect((await account()).available).toBe(yuan(fenOf(frozen.available) + 1234567n));
    expect(await dataOf<BatchFigures>(director, `${API}/batches/find-by-id`, { id: batch.id })).toMatchObject(decided);

    // An earlier release kept no figures: the migration derives them once from the decision's ledger movement.
    const kept = await srv.database.db.select().from(creditNoteBatchQuotas).where(eq(creditNoteBatchQuotas.batchId, batch.id));
    await srv.database.db.delete(creditNoteBatchQuotas).where(eq(creditNoteBatchQuotas.batchId, batch.id));
    expect((await dataOf<BatchFigures>(director, `${API}/batches/find-by-id`, { id: batch.id })).figures).toBe('NOT_KEPT');
    for (const statement of backfillStatements()) await srv.database.db.execute(sql.raw(statement));
    const derived = await srv.database.db.select().from(creditNoteBatchQuotas).where(eq(creditNoteBatchQuotas.batchId, batch.id));
    expect(derived.map(({ decidedAt: _a, ...r }) => r)).toEqual(kept.map(({ decidedAt: _b, ...r }) => r));
    expect(await dataOf<BatchFigures>(director, `${API}/batches/find-by-id`, { id: batch.id })).toMatchObject(decided);
  });

  it('shows a decided batch without ledger movements as not kept, with no before or after', async () => {
    const [orphan] = await srv.database.db
      .insert(creditNoteBatches)
      .values({ batchNo: `IB-OLD-${Date.now()}`, groupId: DEMO_UNIT.group, groupName: '旧版本批次', totalAmount: '100.00', noteCount: 0, status: 'APPROVED' })
      .returning();
    for (const statement of backfillStatements()) await srv.database.db.execute(sql.raw(statement));
    const found = await dataOf<BatchFigures>(director, `${API}/batches/find-by-id`, { id: orphan.id });
    expect(found.figures).toBe('NOT_KEPT');
    expect(found.quotas).toEqual([]);
  });

  it('releases at a reject, to the cent', async () => {
    const a = await approvedApplication('15000.05');
    const start = await account();
    const { instanceId } = (await generate([a])).body.data!;
    expect((await account()).available).toBe(yuan(fenOf(start.available) - 1500005n));
    const core = await taskOf(director, instanceId);
    expect((await complete(director, core.id, 'REJECT')).body.code).toBe('0');
    // Returned to the handler, still frozen; the handler's withdrawal ends it rejected.
    expect((await account()).available).toBe(yuan(fenOf(start.available) - 1500005n));
    const returned = await taskOf(handler, instanceId);
    expect((await complete(handler, returned.id, 'REJECT')).body.code).toBe('0');
    const after = await account();
    expect(after).toMatchObject({ available: start.available, frozen: start.frozen, used: start.used });
    // A rejected batch keeps the figures of its rejection: what it held, and the quota it gave back.
    expect(await dataOf<BatchFigures>(handler, `${API}/batches/find-by-id`, { instanceId })).toMatchObject({
      figures: 'DECIDED',
      quotas: [expect.objectContaining({ amount: '15000.05', availableBefore: start.available, availableAfter: start.available })],
    });
    const found = await dataOf<{ application: { status: string } }>(handler, `${API}/applications/find-by-id`, { id: a });
    expect(found.application.status).toBe('REJECTED');
  });

  it('refuses an approval whose frozen quota is no longer there, though it fitted at generation, and changes nothing', async () => {
    const a = await approvedApplication('30000.00');
    const { batch, instanceId } = (await generate([a])).body.data!;
    const final = await toFinal(instanceId);
    // The account moved since (here: its freeze undone behind the batch's back): the approval must not overdraw it.
    const frozenNow = fenOf((await account()).frozen);
    await srv.database.db.transaction((tx) => recordMovement(tx, accountId, 'UNFREEZE', frozenNow - 2000000n, 'test'));
    const before = await account();
    await sign(final);
    const refusal = refusalOf(await complete(director2, final.id, 'PASS'));
    expect(refusal.code).toBe('CREDIT_QUOTA_OVERDRAWN');
    expect(refusal.message).toContain('不足');
    expect(await account()).toMatchObject({ available: before.available, frozen: before.frozen, used: before.used });
    expect(await srv.database.db.select().from(creditNotes).where(eq(creditNotes.batchId, batch.id))).toEqual([]);
    expect((await taskOf(director2, instanceId)).id).toBe(final.id);
  });

  it('lets the handler who generates a batch export it (credit:note:export); the auditor reads it and cannot', async () => {
    const [batch] = (await dataOf<{ records: Array<{ id: string }> }>(handler, `${API}/batches/page`, {})).records;
    const answer = await handler.call<{ id: string }>(`${API}/batches/export`, { json: { id: batch.id } });
    expect(answer.body.code, answer.text).toBe('0');
    const auditor = await signInAs(srv.baseUrl, 'op_auditor');
    expect((await dataOf<{ batch: { id: string } }>(auditor, `${API}/batches/find-by-id`, { id: batch.id })).batch.id).toBe(batch.id);
    const refused = await auditor.call(`${API}/batches/export`, { json: { id: batch.id } });
    expect(refused.status).toBe(403);
  });

  it('lets exactly one of two simultaneous generations of the same applications win', async () => {
    const a = await approvedApplication('11111.11');
    const start = await account();
    const answers = await Promise.all([generate([a]), generate([a]), generate([a])]);
    expect(answers.filter((r) => r.body.code === '0')).toHaveLength(1);
    expect((await account()).frozen).toBe(yuan(fenOf(start.frozen) + 1111111n));
  });
});

describe('notes', () => {
  let note: Note;
  beforeAll(async () => {
    const a = await approvedApplication('10000.03');
    const { instanceId, batch } = (await generate([a])).body.data!;
    const final = await toFinal(instanceId);
    await sign(final);
    expect((await complete(director2, final.id, 'PASS')).body.code).toBe('0');
    note = (await dataOf<{ notes: Note[] }>(handler, `${API}/batches/find-by-id`, { id: batch.id })).notes[0];
  });

  it('lists by number, holder and status, and overdue is computed', async () => {
    const found = await dataOf<{ records: Note[]; total: number }>(handler, `${API}/notes/page`, { noteNo: note.noteNo });
    expect(found.records.map((n) => n.id)).toEqual([note.id]);
    const byHolder = await dataOf<{ records: Note[] }>(handler, `${API}/notes/page`, { holderName: '恒远', status: 'ISSUED', pageSize: 100 });
    expect(byHolder.records.some((n) => n.id === note.id)).toBe(true);
    const overdue = await dataOf<{ records: Note[] }>(handler, `${API}/notes/page`, { status: 'OVERDUE', pageSize: 100 });
    for (const n of overdue.records) expect(n.displayStatus).toBe('OVERDUE');
    expect(refusalOf(await handler.call(`${API}/notes/page`, { json: { status: 'NOPE' } })).status).toBe(200);
  });

  it('splits conserving the amount exactly; of simultaneous splits exactly one wins', async () => {
    const answers = await Promise.all(
      [DEMO_CORP.supplier(5), DEMO_CORP.supplier(6), DEMO_CORP.supplier(7), DEMO_CORP.supplier(8)].map((to) =>
        handler.call<{ children: Note[] }>(`${API}/notes/split`, { json: { noteId: note.id, toCorpId: to, amount: '3333.34' } }),
      ),
    );
    const won = answers.filter((r) => r.body.code === '0');
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.body.code !== '0')) expect(lost.body.code).toBe('CREDIT_NOTE_NOT_SPLITTABLE');
    const children = won[0].body.data!.children;
    expect(children.map((c) => c.amount)).toEqual(['3333.34', '6666.69']);
    const detail = await dataOf<{ note: Note; tree: Note[]; chain: Array<{ kind: string }> }>(handler, `${API}/notes/find-by-id`, { id: children[0].id });
    expect(detail.tree.map((n) => n.status).sort()).toEqual(['ISSUED', 'ISSUED', 'SPLIT']);
    expect(detail.chain.map((h) => h.kind)).toEqual(['ISSUE', 'SPLIT']);
    // The split note's own chain ends with its split: both parts, where they went.
    const parent = await dataOf<{ chain: Array<{ kind: string; noteNo: string; amount: string }> }>(handler, `${API}/notes/find-by-id`, { id: note.id });
    expect(parent.chain.map((h) => [h.kind, h.noteNo, h.amount])).toEqual([
      ['ISSUE', note.noteNo, note.amount],
      ['SPLIT', children[0].noteNo, '3333.34'],
      ['KEEP', children[1].noteNo, '6666.69'],
    ]);
    const refusal = refusalOf(
      await handler.call(`${API}/notes/split`, { json: { noteId: children[1].id, toCorpId: DEMO_CORP.supplier(9), amount: '6666.69' } }),
    );
    expect(refusal.message).toContain('小于白条金额');
  });

  it('the database refuses children that do not sum to the note', async () => {
    const db = srv.database.db;
    const [row] = await db.select().from(creditNotes).where(eq(creditNotes.status, 'ISSUED')).limit(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(creditNotes).set({ status: 'SPLIT' }).where(eq(creditNotes.id, row.id));
        await tx.insert(creditNotes).values({ ...row, id: `${row.id}-x`, noteNo: `${row.noteNo}-X`, parentId: row.id, amount: '0.01', status: 'ISSUED' });
      }),
    ).rejects.toThrow();
  });
});
