// @vitest-environment jsdom
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { render, screen, waitFor } from '@testing-library/react';
import '../../../src/providers/i18n-app';
import { FilePreview } from '../../../src/components/files/FilePreview';
import { resolveFilePreviews } from '../../../src/components/files/file-previews';
import { IMAGE_ONERROR, IMAGE_URL_NOT_FOUND, loadImage } from '../../../src/components/files/load-image';
import { FILE_CALLS } from '../../../src/lib/files';
import { httpClient, setNotifier } from '../../../src/providers/http';
import { setCsrf, setSessionKeys } from '../../../src/providers/session';

/** jsdom loads no images: this one loads any URL but those containing "broken", a microtask later. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private source = '';
  get src() {
    return this.source;
  }
  set src(url: string) {
    this.source = url;
    queueMicrotask(() => (url.includes('broken') ? this.onerror?.() : this.onload?.()));
  }
}

const seen: InternalAxiosRequestConfig[] = [];
let answers: Record<string, unknown>;
const adapter: AxiosAdapter = async (config) => {
  seen.push(config);
  const path = new URL(config.url ?? '', 'http://x').pathname.replace('/api/web', '');
  const data = answers[path];
  return data === undefined
    ? { status: 200, statusText: '', headers: {}, config, data: { code: 'BUSINESS_ERROR', message: '文件服务不可用' } }
    : { status: 200, statusText: '', headers: {}, config, data: { code: '0', message: 'success', data } };
};

beforeEach(() => {
  vi.stubGlobal('Image', FakeImage);
  httpClient.defaults.adapter = adapter;
  seen.length = 0;
  setNotifier({ error: vi.fn(), timeoutDialog: vi.fn(), errorDialog: vi.fn(() => Promise.resolve()) });
  document.cookie = 'Admin-Token=tok-1; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf-header' });
  answers = {
    [FILE_CALLS.mimetype]: { photo: 'image/png', contract: 'application/pdf', broken: 'image/jpeg' },
    [FILE_CALLS.grants]: { grants: { photo: 'g-photo', contract: 'g contract', broken: 'g-broken' }, expiresAt: Date.now() + 600_000 },
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('loadImage (spec §8)', () => {
  it("rejects with exactly 'img url not found' without a URL", async () => {
    for (const url of [undefined, null, '']) await expect(loadImage(url)).rejects.toThrow(new Error(IMAGE_URL_NOT_FOUND));
    expect(IMAGE_URL_NOT_FOUND).toBe('img url not found');
  });

  it("rejects with exactly 'image onerror' when the image fails, and resolves with the image when it loads", async () => {
    await expect(loadImage('/broken.png')).rejects.toThrow(new Error(IMAGE_ONERROR));
    expect(IMAGE_ONERROR).toBe('image onerror');
    await expect(loadImage('/ok.png')).resolves.toMatchObject({ src: '/ok.png' });
  });
});

describe('resolveFilePreviews (spec §7)', () => {
  it('asks the mime types and grants through the one signed client and picks snapshot or preview URLs', async () => {
    const items = await resolveFilePreviews(['photo', 'contract', 'gone', 'photo'], 'SMALL');
    expect(items).toEqual([
      {
        id: 'photo',
        mimeType: 'image/png',
        isImage: true,
        url: '/api/web/op/v1/files/photo/snapshot/SMALL/show?grant=g-photo',
        openUrl: '/api/web/op/v1/files/photo/snapshot/ORIGINAL/show?grant=g-photo',
      },
      {
        id: 'contract',
        mimeType: 'application/pdf',
        isImage: false,
        url: '/api/web/op/v1/files/contract/preview?grant=g%20contract',
        openUrl: '/api/web/op/v1/files/contract/preview?grant=g%20contract',
      },
      { id: 'gone', mimeType: undefined, isImage: false },
    ]);
    expect(seen.map((c) => new URL(c.url!, 'http://x').pathname)).toEqual([FILE_CALLS.mimetype, FILE_CALLS.grants]);
    for (const config of seen) {
      expect(JSON.parse(config.data as string)).toEqual({ pkFiles: ['photo', 'contract', 'gone'] });
      expect((config.headers as Record<string, string>)['X-Sign']).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('asks nothing for no files, and rejects with the server message when a call fails', async () => {
    await expect(resolveFilePreviews([])).resolves.toEqual([]);
    expect(seen).toHaveLength(0);
    delete answers[FILE_CALLS.grants];
    await expect(resolveFilePreviews(['photo'])).rejects.toThrow('文件服务不可用');
  });
});

describe('<FilePreview>', () => {
  it('shows images as thumbnails opening the original, other files as preview links, and says which failed', async () => {
    render(<FilePreview fileIds={['photo', 'contract', 'broken', 'gone']} names={{ photo: '现场照片.png', contract: '合同.pdf' }} />);
    const image = await screen.findByRole('img', { name: '现场照片.png' });
    expect(image).toHaveAttribute('src', '/api/web/op/v1/files/photo/snapshot/MEDIUM/show?grant=g-photo');
    expect(image.closest('a')).toHaveAttribute('href', '/api/web/op/v1/files/photo/snapshot/ORIGINAL/show?grant=g-photo');
    const link = screen.getByRole('link', { name: '预览 合同.pdf' });
    expect(link).toHaveAttribute('href', '/api/web/op/v1/files/contract/preview?grant=g%20contract');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await screen.findByText('文件 3：图片加载失败')).toBeInTheDocument();
    expect(screen.getByText('文件 4：文件不存在或无权查看')).toBeInTheDocument();
  });

  it('shows the empty text for no files and the server message when the calls fail', async () => {
    const { unmount } = render(<FilePreview fileIds={[]} />);
    expect(await screen.findByText('暂无数据~')).toBeInTheDocument();
    unmount();
    delete answers[FILE_CALLS.mimetype];
    render(<FilePreview fileIds={['photo']} />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('文件服务不可用'));
  });
});
