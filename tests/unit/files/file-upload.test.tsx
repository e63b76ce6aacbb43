// @vitest-environment jsdom
import type { AxiosAdapter } from 'axios';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import '../../../src/providers/i18n-app';
import { FileUpload } from '../../../src/components/files/FileUpload';
import { acceptAttribute, FILE_CALLS } from '../../../src/lib/files';
import { httpClient, setNotifier } from '../../../src/providers/http';
import { setCsrf, setSessionKeys } from '../../../src/providers/session';

let uploadAnswer: { code: string; message: string; data?: unknown };
const uploads: unknown[] = [];
const adapter: AxiosAdapter = async (config) => {
  const path = new URL(config.url ?? '', 'http://x').pathname.replace('/api/web', '');
  if (path === FILE_CALLS.upload) {
    uploads.push(config.data);
    return { status: 200, statusText: '', headers: {}, config, data: uploadAnswer };
  }
  const data = path === FILE_CALLS.mimetype ? { f1: 'application/pdf' } : { grants: { f1: 'g1' }, expiresAt: Date.now() + 60_000 };
  return { status: 200, statusText: '', headers: {}, config, data: { code: '0', message: 'success', data } };
};

function Harness({ initial, onValue }: { initial: string[]; onValue: (ids: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <App>
      <FileUpload
        value={value}
        onChange={(ids) => {
          setValue(ids);
          onValue(ids);
        }}
      />
    </App>
  );
}

const choose = (name: string, type: string) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File(['%PDF-1.4'], name, { type });
  act(() => {
    fireEvent.change(input, { target: { files: [file] } });
  });
};

beforeEach(() => {
  httpClient.defaults.adapter = adapter;
  uploads.length = 0;
  setNotifier({ error: vi.fn(), timeoutDialog: vi.fn(), errorDialog: vi.fn(() => Promise.resolve()) });
  document.cookie = 'Admin-Token=tok-1; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf-header' });
});

describe('FileUpload', () => {
  it('offers only the allowed extensions in the chooser', () => {
    expect(acceptAttribute(['image/png', 'image/jpeg'])).toBe('.png,.jpg,.jpeg');
    render(<Harness initial={[]} onValue={vi.fn()} />);
    expect(document.querySelector('input[type=file]')?.getAttribute('accept')).toBe(acceptAttribute());
  });

  it('uploads through the signed multipart call and adds the stored id to the value', async () => {
    uploadAnswer = {
      code: '0',
      message: 'success',
      data: { id: 'f2', fileName: 'contract.pdf', mimeType: 'application/pdf', size: 8, sha256: 'x', createTime: '' },
    };
    const onValue = vi.fn();
    render(<Harness initial={['f1']} onValue={onValue} />);
    choose('contract.pdf', 'application/pdf');
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['f1', 'f2']));
    expect(uploads[0]).toBeInstanceOf(FormData);
    expect(await screen.findByText('contract.pdf 上传成功')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the value as it was", async () => {
    uploadAnswer = { code: 'FILE_TYPE_REFUSED', message: '不支持的文件类型，仅可上传 png、pdf' };
    const onValue = vi.fn();
    render(<Harness initial={['f1']} onValue={onValue} />);
    choose('evil.pdf', 'application/pdf');
    expect(await screen.findByText('不支持的文件类型，仅可上传 png、pdf')).toBeTruthy();
    expect(onValue).not.toHaveBeenCalled();
  });
});
