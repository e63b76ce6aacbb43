// @vitest-environment jsdom
/**
 * The document review workspace against a fake server: verdict colours, grouping by docFileType,
 * the worker's decisions (a remark to not pass), conflicts shown and reloaded, read-only viewing and
 * the beforeComplete that refuses to pass a segment the server calls incomplete.
 */
import '../shell/dom';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../../src/providers/i18n-app';
import { clearDicts, DICT_CALL } from '../../../src/providers/dictionaries';
import { setNotifier } from '../../../src/providers/http';
import { setCsrf, setSessionKeys } from '../../../src/providers/session';
import { FILE_CALLS } from '../../../src/lib/files';
import DocReviewWorkspace from '../../../src/features/doc-review/DocReviewWorkspace';
import { DOC_REVIEW_CALLS, type ApproveInfo, type DocFile, type DocMaterialsAnswer } from '../../../src/features/doc-review/rules';
import type { BeforeComplete, TaskComponentProps, WorkflowInstance } from '../../../src/workflows/task-components';
import { answer, ok, resetServer, sentTo, type Sent } from '../kit/net';

const info = (taskSegment: 'AUDIT' | 'REVIEW', approveResult: ApproveInfo['approveResult'], extra: Partial<ApproveInfo> = {}): ApproveInfo => ({
  taskSegment,
  approveResult,
  approveRemark: null,
  approverName: null,
  approveTime: null,
  fromAudit: false,
  ...extra,
});
const file = (id: string, name: string, audit: ApproveInfo, review: ApproveInfo, dataVersion = 0): DocFile => ({
  docFileId: id,
  fileId: `f-${id}`,
  fileName: name,
  dataVersion,
  extraParams: { id },
  approveInfoList: [audit, review],
});

const contract = file(
  'contract',
  '商务合同.pdf',
  info('AUDIT', 'PASS', { approverName: '经办人张三', approveTime: '2026-03-01T02:00:00Z' }),
  info('REVIEW', 'WAIT'),
);
const invoice = file('invoice', '发票-0001.png', info('AUDIT', 'NOPASS', { approveRemark: '金额不符', approverName: '经办人张三' }), info('REVIEW', 'WAIT'));
const letter = file('letter', '说明函.pdf', info('AUDIT', 'WAIT'), info('REVIEW', 'WAIT'));

const materials = (files: DocFile[] = [contract, invoice, letter]): DocMaterialsAnswer => ({
  businessKey: 'DOC-1',
  taskSegment: 'AUDIT',
  docMaterials: [
    { docMaterialId: 'm1', docFileType: 'BUSI_CONTRACT', docFiles: files.filter((f) => f.docFileId !== 'invoice') },
    { docMaterialId: 'm2', docFileType: 'INVOICE', docFiles: files.filter((f) => f.docFileId === 'invoice') },
  ],
  properties: [
    { propertyType: 'DOC_AUDIT_REASON', content: '发票待补正', components: [] },
    { propertyType: 'DATA_PERMISSION', content: null, components: [{ busiKey: 'CREDIT-1', componentName: '信用凭证开立信息' }] },
  ],
});

const instance: WorkflowInstance = {
  id: 'i1',
  processKey: 'PROCESS_CREDIT_CERTIFICATE_CODE',
  processName: '白条单证审核',
  businessKey: 'DOC-1',
  businessNo: 'DOC-1',
  businessType: null,
  summary: null,
  variables: {},
  status: 'RUNNING',
  currentActivity: 'Edit',
  currentActivityName: '经办',
  startUserId: 'u',
  startPersonName: '经办人张三',
  createTime: '2026-03-01T00:00:00Z',
  endTime: null,
};

let registered: BeforeComplete[] = [];
function renderWorkspace(props: Partial<TaskComponentProps> = {}) {
  registered = [];
  return render(
    <DocReviewWorkspace
      instance={instance}
      activityKey="Edit"
      task={null}
      working
      registerBeforeComplete={(fn) => {
        registered.push(fn);
        return () => (registered = registered.filter((f) => f !== fn));
      }}
      reportRecord={() => undefined}
      {...props}
    />,
  );
}

const fileRow = (id: string) => document.querySelector<HTMLElement>(`[data-doc-file-id="${id}"]`)!;
const verdictTag = (id: string, segment: string) => fileRow(id).querySelector<HTMLElement>(`[data-segment="${segment}"] .ant-tag`)!;

beforeEach(() => {
  resetServer();
  clearDicts();
  setNotifier({ error: vi.fn(), timeoutDialog: vi.fn(), errorDialog: vi.fn(() => Promise.resolve()) });
  document.cookie = 'Admin-Token=tok-1; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf' });
  answer(
    DICT_CALL,
    ok({
      doc_file_type: [
        { dictValue: 'BUSI_CONTRACT', dictLabel: '商务合同', listClass: 'processing', isShow: true, dictSort: 1 },
        { dictValue: 'INVOICE', dictLabel: '发票', listClass: 'warning', isShow: true, dictSort: 2 },
      ],
    }),
  );
  answer(FILE_CALLS.mimetype, ok({}));
  answer(FILE_CALLS.grants, ok({ grants: {}, expiresAt: Date.now() + 600_000 }));
  answer(DOC_REVIEW_CALLS.materials, ok(materials()));
});
afterEach(() => {
  cleanup();
  clearDicts();
});

describe('the document review workspace', () => {
  it('groups files by docFileType and colours verdicts: green PASS, red NOPASS, grey WAIT', async () => {
    renderWorkspace();
    expect(await screen.findByText('商务合同')).toBeTruthy();
    expect(screen.getByText('发票')).toBeTruthy();
    expect(within(document.querySelector('[data-doc-file-type="INVOICE"]')!).getByText('发票-0001.png')).toBeTruthy();
    expect(verdictTag('contract', 'AUDIT').textContent).toBe('通过');
    expect(verdictTag('contract', 'AUDIT').className).toContain('ant-tag-success');
    expect(verdictTag('invoice', 'AUDIT').textContent).toBe('不通过');
    expect(verdictTag('invoice', 'AUDIT').className).toContain('ant-tag-error');
    expect(verdictTag('letter', 'AUDIT').textContent).toBe('待审核');
    expect(verdictTag('letter', 'AUDIT').className).not.toMatch(/ant-tag-(success|error|processing)/);
    expect(within(fileRow('invoice')).getByText('金额不符')).toBeTruthy();
    expect(screen.getByText('审核环节：共 3 个文件，待审核 1 个，不通过 1 个')).toBeTruthy();
    expect(screen.getByText('信用凭证开立信息')).toBeTruthy();
    expect((screen.getByLabelText('审核原因') as HTMLTextAreaElement).value).toBe('发票待补正');
  });

  it('asks for a remark before not passing, then sends the verdict with the file version and shows the answer', async () => {
    answer(DOC_REVIEW_CALLS.approve, ({ body }: Sent) => {
      const sent = body as { approveRemark: string };
      return ok(
        file('letter', '说明函.pdf', info('AUDIT', 'NOPASS', { approveRemark: sent.approveRemark, approverName: '经办人张三' }), info('REVIEW', 'WAIT'), 1),
      );
    });
    renderWorkspace();
    await screen.findByText('说明函.pdf');
    fireEvent.click(within(fileRow('letter')).getByRole('button', { name: '不通过' }));
    expect(within(fileRow('letter')).getByText('不通过时请填写审核意见')).toBeTruthy();
    expect(sentTo(DOC_REVIEW_CALLS.approve)).toHaveLength(0);

    fireEvent.change(within(fileRow('letter')).getByLabelText('说明函.pdf 的审核意见'), { target: { value: '缺少盖章' } });
    fireEvent.click(within(fileRow('letter')).getByRole('button', { name: '不通过' }));
    await waitFor(() => expect(verdictTag('letter', 'AUDIT').textContent).toBe('不通过'));
    expect(sentTo(DOC_REVIEW_CALLS.approve)[0].body).toEqual({
      docFileId: 'letter',
      dataVersion: 0,
      taskSegment: 'AUDIT',
      approveResult: 'NOPASS',
      approveRemark: '缺少盖章',
    });
    expect(within(fileRow('letter')).getByText('缺少盖章')).toBeTruthy();
  });

  it("shows the server's conflict message and reloads the materials", async () => {
    answer(DOC_REVIEW_CALLS.approve, { envelope: { code: 'DATA_VERSION_CONFLICT', message: '数据已被他人修改，请刷新后重试' } });
    renderWorkspace();
    await screen.findByText('说明函.pdf');
    answer(
      DOC_REVIEW_CALLS.materials,
      ok(materials([contract, invoice, file('letter', '说明函.pdf', info('AUDIT', 'PASS', { approverName: '经办人李四' }), info('REVIEW', 'WAIT'), 1)])),
    );
    fireEvent.click(within(fileRow('letter')).getByRole('button', { name: /^通 ?过$/ }));
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    await waitFor(() => expect(verdictTag('letter', 'AUDIT').textContent).toBe('通过'));
    expect(sentTo(DOC_REVIEW_CALLS.materials)).toHaveLength(2);
  });

  it('is read-only when the user does not work the step: no decisions, no reason editor, no completion check', async () => {
    renderWorkspace({ working: false });
    await screen.findByText('说明函.pdf');
    expect(screen.queryByRole('button', { name: /^通 ?过$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '不通过' })).toBeNull();
    expect(screen.queryByLabelText('审核原因')).toBeNull();
    expect(screen.getByText('发票待补正')).toBeTruthy();
    expect(screen.getByText(/只读/)).toBeTruthy();
    expect(registered).toHaveLength(0);
  });

  it('starts REVIEW from the AUDIT verdicts and edits the review reason at the director step', async () => {
    answer(DOC_REVIEW_CALLS.materials, ({ body }: Sent) => {
      expect(body).toEqual({ businessKey: 'DOC-1', taskSegment: 'REVIEW' });
      return ok({
        ...materials([file('contract', '商务合同.pdf', info('AUDIT', 'PASS'), info('REVIEW', 'PASS', { fromAudit: true }))]),
        taskSegment: 'REVIEW',
      });
    });
    renderWorkspace({ activityKey: 'Approve' });
    await screen.findByText('商务合同.pdf');
    expect(verdictTag('contract', 'REVIEW').textContent).toBe('通过');
    expect(within(fileRow('contract')).getByText('（沿用审核结果）')).toBeTruthy();
    expect(screen.getByLabelText('复核原因')).toBeTruthy();
    expect(screen.getByText('发票待补正')).toBeTruthy();
  });

  it('refuses to pass while the server reports files waiting, saving a changed reason first; a reject is not checked', async () => {
    answer(DOC_REVIEW_CALLS.saveReason, ({ body }: Sent) =>
      ok({ propertyType: 'DOC_AUDIT_REASON', content: (body as { content: string }).content, components: [] }),
    );
    answer(
      DOC_REVIEW_CALLS.check,
      ok({
        taskSegment: 'AUDIT',
        fileCount: 3,
        waitCount: 1,
        noPassCount: 1,
        reasonMissing: false,
        complete: false,
        message: '还有 1 个文件待审核，请逐一审核后再提交',
      }),
    );
    renderWorkspace();
    await screen.findByText('说明函.pdf');
    fireEvent.change(screen.getByLabelText('审核原因'), { target: { value: '发票金额与合同不符' } });
    await waitFor(() => expect(registered).toHaveLength(1));

    await act(async () => {
      await expect(registered[0]('PASS')).rejects.toThrow('还有 1 个文件待审核，请逐一审核后再提交');
    });
    expect(sentTo(DOC_REVIEW_CALLS.saveReason).map((s) => s.body)).toEqual([{ businessKey: 'DOC-1', taskSegment: 'AUDIT', content: '发票金额与合同不符' }]);
    expect(sentTo(DOC_REVIEW_CALLS.check).map((s) => s.body)).toEqual([{ businessKey: 'DOC-1', taskSegment: 'AUDIT' }]);

    await act(async () => {
      await expect(registered[0]('REJECT')).resolves.toBeUndefined();
    });
    expect(sentTo(DOC_REVIEW_CALLS.check)).toHaveLength(1);

    answer(
      DOC_REVIEW_CALLS.check,
      ok({ taskSegment: 'AUDIT', fileCount: 3, waitCount: 0, noPassCount: 1, reasonMissing: false, complete: true, message: null }),
    );
    await act(async () => {
      await expect(registered[0]('PASS')).resolves.toBeUndefined();
    });
    expect(sentTo(DOC_REVIEW_CALLS.saveReason)).toHaveLength(1);
  });
});
