/**
 * Document review over real HTTP (spec §3 "Document material", §4.2): the seeded applications, the
 * listing of materials per segment, REVIEW starting from the AUDIT verdicts, verdicts guarded by
 * dataVersion, remarks and reasons, who may write which segment, and the completion rules the
 * server applies when a step is passed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errors from '../../locales/zh-CN/errors.json';
import { lookup } from './error-catalogue';
import { DOC_REVIEW_CALLS, type DocFile, type DocMaterialsAnswer, type SegmentCompletion } from '../../src/features/doc-review/rules';
import { dataOf, refusalOf, signInAs, type ApiClient } from './client';
import { startServer, type TestServer } from './server';

interface Task {
  id: string;
  taskDefinitionKey: string;
}
interface Instance {
  id: string;
  processKey: string;
  status: string;
  currentActivity: string | null;
  currentTask: Task | null;
}

let srv: TestServer;
let handler: ApiClient;
let director: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  // Private: it checks the seeded applications as a first start leaves them and walks them to their end (no call creates one).
  srv = await startServer();
  [handler, director, auditor] = await Promise.all(['op_handler', 'op_director', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});
afterAll(() => srv.close());

const CREDIT = 'DOC-CREDIT-2026-001';
const ABS = 'DOC-ABS-2026-001';
const LETTER = 'DOC-CREDIT-2026-002';

const list = (client: ApiClient, businessKey: string, taskSegment: 'AUDIT' | 'REVIEW') =>
  dataOf<DocMaterialsAnswer>(client, DOC_REVIEW_CALLS.materials, { businessKey, taskSegment });
const check = (businessKey: string, taskSegment: 'AUDIT' | 'REVIEW') =>
  dataOf<SegmentCompletion & { message: string | null }>(auditor, DOC_REVIEW_CALLS.check, { businessKey, taskSegment });
const filesOf = (answer: DocMaterialsAnswer) => answer.docMaterials.flatMap((m) => m.docFiles);
const approve = (client: ApiClient, file: DocFile, taskSegment: string, approveResult: string, approveRemark?: string, dataVersion = file.dataVersion) =>
  client.call<DocFile>(DOC_REVIEW_CALLS.approve, { json: { docFileId: file.docFileId, taskSegment, approveResult, approveRemark, dataVersion } });
const saveReason = (client: ApiClient, businessKey: string, taskSegment: string, content: string) =>
  client.call(DOC_REVIEW_CALLS.saveReason, { json: { businessKey, taskSegment, content } });
const instanceOf = (businessKey: string) => dataOf<Instance>(auditor, '/op/v1/workflow/instances/find-by-business-key', { businessKey });
const complete = (client: ApiClient, task: Task, outcome: 'PASS' | 'REJECT', remark?: string) =>
  client.call<{ instance: Instance; task: Task | null }>('/op/v1/workflow/tasks/complete', { json: { taskId: task.id, outcome, remark } });

describe('the seeded applications', () => {
  it('lists each material with its files, both segments WAIT, and the DATA_PERMISSION components', async () => {
    const answer = await list(handler, CREDIT, 'AUDIT');
    expect(answer.docMaterials.map((m) => [m.docFileType, m.docFiles.map((f) => f.fileName)])).toEqual([
      ['BUSI_CONTRACT', ['商务合同-2026-001.pdf']],
      ['INVOICE', ['发票-0001.png', '发票-0002.png']],
    ]);
    const [contract] = filesOf(answer);
    expect(contract).toMatchObject({ docFileId: 'df-credit-001-contract', dataVersion: 0, extraParams: { id: 'EXT-CT-2026-001' } });
    expect(contract.approveInfoList.map((i) => [i.taskSegment, i.approveResult, i.fromAudit])).toEqual([
      ['AUDIT', 'WAIT', false],
      ['REVIEW', 'WAIT', false],
    ]);
    expect(answer.properties).toEqual([
      {
        propertyType: 'DATA_PERMISSION',
        content: null,
        components: [
          { busiKey: 'CREDIT-2026-001', componentName: '信用凭证开立信息' },
          { busiKey: 'CORP-EAST', componentName: '开立企业基本信息' },
        ],
      },
    ]);
  });

  it('stores real files (a PNG and a PDF) that the file service serves', async () => {
    const fileIds = filesOf(await list(auditor, CREDIT, 'AUDIT')).map((f) => f.fileId);
    const types = await dataOf<Record<string, string>>(auditor, '/op/v1/files/pks/mimetype', { pkFiles: fileIds });
    expect(Object.values(types).sort()).toEqual(['application/pdf', 'image/png', 'image/png']);
  });

  it('starts one running approval per application, waiting at the handler step, as op_handler', async () => {
    for (const [businessKey, processKey, step] of [
      [CREDIT, 'PROCESS_CREDIT_CERTIFICATE_CODE', 'Edit'],
      [ABS, 'Process_ABS_CERTIFICATE_CODE', 'MaterialReview'],
    ]) {
      expect(await instanceOf(businessKey)).toMatchObject({ processKey, status: 'RUNNING', currentActivity: step, startPersonName: '经办人张三' });
    }
  });

  it('seeds once: a restart over the same data adds nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scf-doc-seed-'));
    try {
      // The folder starts as a first start left it (the seeded template), so the two starts here are restarts:
      // building the demo world from nothing took the test past its time limit on a busy machine.
      const first = await startServer({ dataDir, seeded: true });
      const admin = await signInAs(first.baseUrl, 'op_admin');
      const before = await dataOf<{ total: number }>(admin, '/op/v1/workflow/instances/page', { pageSize: 100 });
      await first.close();
      const second = await startServer({ dataDir });
      const again = await signInAs(second.baseUrl, 'op_admin');
      expect((await dataOf<{ total: number }>(again, '/op/v1/workflow/instances/page', { pageSize: 100 })).total).toBe(before.total);
      expect(filesOf(await list(again, CREDIT, 'AUDIT'))).toHaveLength(3);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('who may write which segment', () => {
  it('lets the auditor read but refuses every change', async () => {
    const [file] = filesOf(await list(auditor, ABS, 'AUDIT'));
    expect(refusalOf(await approve(auditor, file, 'AUDIT', 'PASS'))).toEqual({ status: 403, code: 'FORBIDDEN', message: errors.FORBIDDEN });
    expect(refusalOf(await saveReason(auditor, ABS, 'AUDIT', '审计员不能写'))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses a director at the AUDIT step and the handler on the REVIEW segment', async () => {
    const [file] = filesOf(await list(handler, ABS, 'AUDIT'));
    expect(refusalOf(await approve(director, file, 'AUDIT', 'PASS'))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refusalOf(await approve(handler, file, 'REVIEW', 'PASS'))).toEqual({
      status: 200,
      code: 'DOC_REVIEW_SEGMENT_CLOSED',
      message: '当前流程步骤不是复核环节，不能修改复核结果',
    });
    expect(refusalOf(await saveReason(handler, ABS, 'REVIEW', '越权'))).toMatchObject({ code: 'DOC_REVIEW_SEGMENT_CLOSED' });
    expect(filesOf(await list(auditor, ABS, 'AUDIT'))[0]).toEqual(file);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const [file] = filesOf(await list(handler, ABS, 'AUDIT'));
    expect(refusalOf(await approve(handler, file, 'AUDIT', 'NOPASS'))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: lookup('zh-CN', 'server:docReview.remarkRequired'),
    });
    // WAIT is a state, not a verdict; FINAL no segment: each refused by the one 'not one of' message with its label.
    expect(refusalOf(await approve(handler, file, 'AUDIT', 'WAIT'))).toMatchObject({ code: 'VALIDATION_FAILED', message: '审核结果的值不在可选范围内：WAIT' });
    expect(refusalOf(await approve(handler, file, 'FINAL', 'PASS'))).toMatchObject({ code: 'VALIDATION_FAILED', message: '审核环节的值不在可选范围内：FINAL' });
    expect(refusalOf(await approve(handler, { ...file, docFileId: 'df-none' }, 'AUDIT', 'PASS'))).toMatchObject({ code: 'NOT_FOUND' });
    expect(filesOf(await list(auditor, ABS, 'AUDIT'))[0]).toEqual(file);
  });
});

describe('a review from AUDIT to REVIEW', () => {
  it('refuses a stale dataVersion with the conflict error and keeps the other verdict', async () => {
    const [contract] = filesOf(await list(handler, CREDIT, 'AUDIT'));
    const passed = await approve(handler, contract, 'AUDIT', 'PASS');
    expect(passed.body.data).toMatchObject({
      dataVersion: 1,
      approveInfoList: [{ taskSegment: 'AUDIT', approveResult: 'PASS', approverName: '经办人张三' }, { approveResult: 'WAIT' }],
    });
    expect(refusalOf(await approve(handler, contract, 'AUDIT', 'NOPASS', '版本过期'))).toEqual({
      status: 200,
      code: 'DATA_VERSION_CONFLICT',
      message: errors.DATA_VERSION_CONFLICT,
    });
    const [now] = filesOf(await list(auditor, CREDIT, 'AUDIT'));
    expect(now).toEqual(passed.body.data);
  });

  it('refuses to pass the AUDIT step while files wait, then while a NOPASS has no reason', async () => {
    const { currentTask } = await instanceOf(CREDIT);
    expect(await check(CREDIT, 'AUDIT')).toMatchObject({ fileCount: 3, waitCount: 2, complete: false, message: '还有 2 个文件待审核，请逐一审核后再提交' });
    expect(refusalOf(await complete(handler, currentTask!, 'PASS'))).toEqual({
      status: 200,
      code: 'VALIDATION_FAILED',
      message: '还有 2 个文件待审核，请逐一审核后再提交',
    });

    const [, invoice1, invoice2] = filesOf(await list(handler, CREDIT, 'AUDIT'));
    expect((await approve(handler, invoice1, 'AUDIT', 'PASS')).body.code).toBe('0');
    expect((await approve(handler, invoice2, 'AUDIT', 'NOPASS', '发票金额与合同不符')).body.code).toBe('0');
    expect(await check(CREDIT, 'AUDIT')).toMatchObject({
      waitCount: 0,
      noPassCount: 1,
      reasonMissing: true,
      message: lookup('zh-CN', 'server:docReview.reasonRequired.AUDIT'),
    });
    expect(refusalOf(await complete(handler, currentTask!, 'PASS')).message).toBe(lookup('zh-CN', 'server:docReview.reasonRequired.AUDIT'));
    expect((await instanceOf(CREDIT)).currentActivity).toBe('Edit');

    expect((await saveReason(handler, CREDIT, 'AUDIT', '第二张发票需补正')).body.data).toMatchObject({
      propertyType: 'DOC_AUDIT_REASON',
      content: '第二张发票需补正',
    });
    expect(await check(CREDIT, 'AUDIT')).toMatchObject({ complete: true, message: null });
    expect((await complete(handler, currentTask!, 'PASS')).body.data?.instance.currentActivity).toBe('Approve');
  });

  it('starts REVIEW from the AUDIT verdicts, lets the director change them, and closes AUDIT', async () => {
    const review = filesOf(await list(director, CREDIT, 'REVIEW'));
    expect(review.map((f) => f.approveInfoList.map((i) => `${i.taskSegment}:${i.approveResult}:${i.fromAudit}`))).toEqual([
      ['AUDIT:PASS:false', 'REVIEW:PASS:true'],
      ['AUDIT:PASS:false', 'REVIEW:PASS:true'],
      ['AUDIT:NOPASS:false', 'REVIEW:NOPASS:true'],
    ]);
    expect(review[2].approveInfoList[1]).toMatchObject({ approveRemark: '发票金额与合同不符', approverName: '经办人张三' });
    // The REVIEW segment counts the verdicts it started from: an inherited NOPASS needs the review reason.
    expect(await check(CREDIT, 'REVIEW')).toMatchObject({ waitCount: 0, noPassCount: 1, reasonMissing: true });

    const changed = await approve(director, review[2], 'REVIEW', 'PASS', '已补正');
    expect(changed.body.data?.approveInfoList.map((i) => [i.taskSegment, i.approveResult, i.approverName, i.fromAudit])).toEqual([
      ['AUDIT', 'NOPASS', '经办人张三', false],
      ['REVIEW', 'PASS', '主管李四', false],
    ]);
    expect(refusalOf(await approve(handler, review[0], 'AUDIT', 'NOPASS', '审核已结束'))).toMatchObject({ code: 'DOC_REVIEW_SEGMENT_CLOSED' });
    expect(await check(CREDIT, 'REVIEW')).toMatchObject({ complete: true });

    const { currentTask } = await instanceOf(CREDIT);
    const done = await complete(director, currentTask!, 'PASS');
    expect(done.body.data?.instance.status).toBe('APPROVED');
    expect(refusalOf(await approve(director, changed.body.data!, 'REVIEW', 'NOPASS', '流程已结束'))).toMatchObject({ code: 'DOC_REVIEW_NOT_RUNNING' });
  });

  it('after a reject, a new AUDIT verdict is what REVIEW starts from again', async () => {
    const [letter] = filesOf(await list(handler, LETTER, 'AUDIT'));
    await approve(handler, letter, 'AUDIT', 'PASS');
    expect((await complete(handler, (await instanceOf(LETTER)).currentTask!, 'PASS')).body.code).toBe('0');
    const [reviewed] = filesOf(await list(director, LETTER, 'REVIEW'));
    await approve(director, reviewed, 'REVIEW', 'NOPASS', '说明函缺少签章');
    expect((await complete(director, (await instanceOf(LETTER)).currentTask!, 'REJECT', '请补充签章')).body.data?.instance.currentActivity).toBe('Edit');

    const [back] = filesOf(await list(handler, LETTER, 'AUDIT'));
    expect(back.approveInfoList.map((i) => i.approveResult)).toEqual(['PASS', 'NOPASS']);
    await approve(handler, back, 'AUDIT', 'PASS', '已补充签章');
    const [again] = filesOf(await list(director, LETTER, 'REVIEW'));
    expect(again.approveInfoList[1]).toMatchObject({ taskSegment: 'REVIEW', approveResult: 'PASS', approveRemark: '已补充签章', fromAudit: true });
  });

  it('lets a step be rejected while files still wait', async () => {
    const { currentTask } = await instanceOf(ABS);
    expect(await check(ABS, 'AUDIT')).toMatchObject({ fileCount: 2, waitCount: 2 });
    expect(refusalOf(await complete(handler, currentTask!, 'PASS')).code).toBe('VALIDATION_FAILED');
    const rejected = await complete(handler, currentTask!, 'REJECT', '撤回补充资料');
    expect(rejected.body.data?.instance.status).toBe('REJECTED');
  });
});
