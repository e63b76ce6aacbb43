// @vitest-environment jsdom
/**
 * 预览: a stored item laid out as readers see it. The content is sanitised again when shown, even if
 * what the server holds were not clean, and its images get sources under fresh view grants.
 */
import type { AxiosAdapter } from 'axios';
import { render, screen, waitFor, within } from '@testing-library/react';
import '../../../src/providers/i18n-app';
import { ContentArticle } from '../../../src/components/content/ContentArticle';
import { FILE_CALLS } from '../../../src/lib/files';
import { httpClient, setNotifier } from '../../../src/providers/http';
import { setCsrf, setSessionKeys } from '../../../src/providers/session';
import { XSS_PAYLOADS, XSS_SENTINEL } from '../../fixtures/xss-payloads';

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_url: string) {
    queueMicrotask(() => this.onload?.());
  }
}

const grantCalls: unknown[] = [];
const adapter: AxiosAdapter = async (config) => {
  const path = new URL(config.url ?? '', 'http://x').pathname.replace('/api/web', '');
  const body = JSON.parse(String(config.data ?? '{}')) as { pkFiles: string[] };
  if (path === FILE_CALLS.grants) grantCalls.push(body.pkFiles);
  const data =
    path === FILE_CALLS.mimetype
      ? Object.fromEntries(body.pkFiles.filter((id) => id !== 'gone').map((id) => [id, 'image/png']))
      : { grants: Object.fromEntries(body.pkFiles.filter((id) => id !== 'gone').map((id) => [id, `grant-${id}`])), expiresAt: Date.now() + 600_000 };
  return { status: 200, statusText: '', headers: {}, config, data: { code: '0', message: 'success', data } };
};

beforeEach(() => {
  vi.stubGlobal('Image', FakeImage);
  httpClient.defaults.adapter = adapter;
  grantCalls.length = 0;
  setNotifier({ error: vi.fn(), timeoutDialog: vi.fn(), errorDialog: vi.fn(() => Promise.resolve()) });
  document.cookie = 'Admin-Token=tok-1; Path=/';
  setSessionKeys({ sessionKey: 'k'.repeat(128), encryptedSessionKey: 'ENC', publicKey: 'PEM' });
  setCsrf({ headerName: 'X-XSRF-TOKEN', token: 'csrf-header' });
  delete (window as unknown as Record<string, unknown>)[XSS_SENTINEL];
});
afterEach(() => vi.unstubAllGlobals());

const item = {
  title: '平台升级公告',
  summary: '本周末系统升级',
  author: '运营部',
  coverFileId: 'cover-1',
  publishTime: '2026-11-20T02:30:00.000Z',
  content: '<h2>升级安排</h2><p>周六 <strong>22:00</strong> 开始。</p><img data-file-id="inline-1" alt="示意图"><img data-file-id="gone" alt="已删除">',
};

describe('ContentArticle (预览)', () => {
  it('shows title, date, author, cover, summary and the content with its images under fresh grants', async () => {
    render(<ContentArticle item={item} />);
    const article = screen.getByTestId('content-article');
    expect(within(article).getByRole('heading', { level: 1, name: '平台升级公告' })).toBeTruthy();
    expect(article.textContent).toContain('作者：运营部');
    expect(article.querySelector('time')?.getAttribute('dateTime')).toBe(item.publishTime);
    expect(article.textContent).toContain('本周末系统升级');
    expect(within(article).getByRole('heading', { level: 2, name: '升级安排' })).toBeTruthy();

    await waitFor(() =>
      expect(screen.getByTestId('content-cover').getAttribute('src')).toBe('/api/web/op/v1/files/cover-1/snapshot/BIG/show?grant=grant-cover-1'),
    );
    await waitFor(() => expect(screen.getByAltText('示意图').getAttribute('src')).toBe('/api/web/op/v1/files/inline-1/snapshot/BIG/show?grant=grant-inline-1'));
    // A file that no longer exists shows its alt text, without a source.
    expect(screen.getByAltText('已删除').hasAttribute('src')).toBe(false);
    expect(grantCalls).toContainEqual(['inline-1', 'gone']);
  });

  it('runs none of the OWASP payloads even when the stored content still holds them', async () => {
    const alerts = vi.fn();
    vi.stubGlobal('alert', alerts);
    const content = XSS_PAYLOADS.map((p) => p.html).join('\n');
    render(<ContentArticle item={{ title: XSS_PAYLOADS[6].html, summary: XSS_PAYLOADS[0].html, content }} />);
    const html = screen.getByTestId('content-html');
    expect(html.querySelector('script, iframe, object, embed, svg, math, style, form, meta, base, link, input')).toBeNull();
    for (const element of Array.from(html.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) expect(attribute.name).not.toMatch(/^on|^style$/);
    }
    // Titles and summaries are text: the payload shows as written.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(XSS_PAYLOADS[6].html);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as unknown as Record<string, unknown>)[XSS_SENTINEL]).toBeUndefined();
    expect(alerts).not.toHaveBeenCalled();
  });
});
