// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import '../../../src/providers/i18n';
import { CONFIG_KEY } from '../../../src/lib/codes';
import { downloadExport, exportBadge, useUnseenExports } from '../../../src/providers/export-records';
import { answer, ok, resetServer, sent, sentTo, type Answer } from './net';

const BASE = '/op/v1/export/file-export-records';
const CONFIG_CALL = '/op/v1/sys/configs/find-value-by-config-key';

interface Submitted {
  action: string;
  method: string;
  hidden: boolean;
  inPage: boolean;
}
let submitted: Submitted[] = [];
let clicked: { href: string; download: string; inPage: boolean }[] = [];
const createObjectURL = vi.fn((blob: Blob) => `blob:test/${blob.size}`);
const revokeObjectURL = vi.fn();

// jsdom's Blob lacks text(), which browsers have and the client reads an error envelope with.
if (!('text' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'text', {
    configurable: true,
    value(this: Blob) {
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsText(this);
      });
    },
  });
}

beforeEach(() => {
  resetServer();
  submitted = [];
  clicked = [];
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({ action: this.getAttribute('action') ?? '', method: this.method, hidden: this.style.display === 'none', inPage: this.isConnected });
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, inPage: this.isConnected });
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the unseen-exports badge', () => {
  it('refresh shows the count the server gives; markSeen clears it after telling the server', async () => {
    answer(`${BASE}/count-new`, ok(3));
    answer(`${BASE}/mark-read`, ok(3));
    const { result } = renderHook(() => useUnseenExports());
    await act(() => exportBadge.refresh());
    expect(result.current).toBe(3);
    expect(sentTo(`${BASE}/count-new`)).toHaveLength(1);

    await act(() => exportBadge.markSeen());
    expect(sentTo(`${BASE}/mark-read`)).toHaveLength(1);
    expect(result.current).toBe(0);
  });

  it('a failed refresh keeps what the badge showed, quietly', async () => {
    answer(`${BASE}/count-new`, ok(2));
    const { result } = renderHook(() => useUnseenExports());
    await act(() => exportBadge.refresh());
    answer(`${BASE}/count-new`, { status: 500, raw: '' });
    await act(() => expect(exportBadge.refresh()).resolves.toBeUndefined());
    expect(result.current).toBe(2);
  });

  it('a failed markSeen rejects and leaves the count alone', async () => {
    answer(`${BASE}/count-new`, ok(5));
    answer(`${BASE}/mark-read`, { envelope: { code: 'E', message: '标记失败' } });
    const { result } = renderHook(() => useUnseenExports());
    await act(() => exportBadge.refresh());
    await act(() => expect(exportBadge.markSeen()).rejects.toMatchObject({ message: '标记失败' }));
    expect(result.current).toBe(5);
  });

  it('every subscriber sees the same count', async () => {
    answer(`${BASE}/count-new`, ok(7));
    const first = renderHook(() => useUnseenExports());
    const second = renderHook(() => useUnseenExports());
    await act(() => exportBadge.refresh());
    expect([first.result.current, second.result.current]).toEqual([7, 7]);
  });
});

describe('downloadExport: FORM or BLOB by scf.file-system.file.download.type', () => {
  const record = { id: 'r-42', fileName: '字典数据_20260101.xlsx' };
  const ticketUrl = '/api/web/op/v1/export/file-export-records/download/tkt-abc';
  const file = new Blob(['PK\u0003\u0004 xlsx bytes'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

  function serve(way: Answer): void {
    answer(CONFIG_CALL, way);
    answer(`${BASE}/export`, ({ body, responseType }) =>
      (body as { ticket?: boolean }).ticket === true
        ? ok({ url: ticketUrl })
        : responseType === 'blob'
          ? { raw: file, headers: { 'content-type': file.type } }
          : { status: 500, raw: '' },
    );
  }

  it.each<[string, 'FORM' | 'BLOB', Answer]>([
    ['BLOB', 'BLOB', ok('BLOB')],
    ['blob in another case, with blanks', 'BLOB', ok(' blob ')],
    ['FORM', 'FORM', ok('FORM')],
    ['no value', 'FORM', ok(null)],
    ['an empty value', 'FORM', ok('')],
    ['a value it does not know', 'FORM', ok('STREAM')],
    ['a failed config call', 'FORM', { status: 500, raw: '' }],
    ['a business error on the config call', 'FORM', { envelope: { code: 'NOT_FOUND', message: '参数不存在' } }],
  ])('%s → %s', async (_, expected, way) => {
    serve(way);
    await downloadExport(record);
    expect(sentTo(CONFIG_CALL)[0].body).toEqual({ configKey: CONFIG_KEY.downloadType });
    const exportCall = sentTo(`${BASE}/export`);
    expect(exportCall).toHaveLength(1);
    if (expected === 'FORM') {
      expect(exportCall[0].body).toEqual({ id: 'r-42', ticket: true });
      expect(submitted).toEqual([{ action: ticketUrl, method: 'get', hidden: true, inPage: true }]);
      expect(clicked).toEqual([]);
    } else {
      expect(exportCall[0].body).toEqual({ id: 'r-42' });
      expect(exportCall[0].responseType).toBe('blob');
      expect(createObjectURL).toHaveBeenCalledWith(file);
      expect(clicked).toEqual([{ href: `blob:test/${file.size}`, download: record.fileName, inPage: true }]);
      expect(submitted).toEqual([]);
    }
  });

  it('FORM leaves no form behind', async () => {
    serve(ok('FORM'));
    await downloadExport(record);
    expect(document.querySelectorAll('form')).toHaveLength(0);
  });

  it('BLOB leaves no link behind and frees the object URL', async () => {
    vi.useFakeTimers();
    try {
      serve(ok('BLOB'));
      const done = downloadExport(record);
      await vi.runAllTimersAsync();
      await done;
      expect(document.querySelectorAll('a')).toHaveLength(0);
      expect(revokeObjectURL).toHaveBeenCalledWith(`blob:test/${file.size}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it("BLOB: an error envelope instead of the file rejects with the server's message and saves nothing", async () => {
    answer(CONFIG_CALL, ok('BLOB'));
    answer(`${BASE}/export`, {
      raw: new Blob([JSON.stringify({ code: 'EXPORT_NOT_READY', message: '导出文件尚未生成' })], { type: 'application/json' }),
      headers: { 'content-type': 'application/json' },
    });
    await expect(downloadExport(record)).rejects.toMatchObject({ kind: 'business', message: '导出文件尚未生成' });
    expect(clicked).toEqual([]);
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('FORM: a refused ticket rejects and submits nothing', async () => {
    answer(CONFIG_CALL, ok('FORM'));
    answer(`${BASE}/export`, { envelope: { code: 'FORBIDDEN_EXPORT', message: '无权下载该文件' } });
    await expect(downloadExport(record)).rejects.toMatchObject({ message: '无权下载该文件' });
    expect(submitted).toEqual([]);
    expect(sent.map((r) => r.path)).toEqual([CONFIG_CALL, `${BASE}/export`]);
  });
});
