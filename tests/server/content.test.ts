/**
 * News and notices over real HTTP: the generic CRUD calls with their search and pinned-first order,
 * the publish / unpublish / pin / unpin rules, content sanitised when saved (the OWASP filter-evasion
 * payloads come back with nothing executable), images that must be stored images, and the
 * permissions: the auditor reads but every change is refused and changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { FILE_CALLS } from '../../src/lib/files';
import { PERMISSIONS } from '../../src/features/content/permissions';
import { newsResource, noticeResource } from '../../src/features/content/resources';
import { XSS_PAYLOADS, XSS_SENTINEL } from '../fixtures/xss-payloads';
import { signInAs, type ApiClient, dataOf, refusalOf } from './client';
import { sharedServer, type TestServer } from './server';

// A type alias, not an interface: it is passed where a Record<string, unknown> is asked for, which TypeScript 7 checks.
type Item = {
  id: string;
  dataVersion: number;
  title: string;
  summary: string | null;
  coverFileId: string | null;
  content: string;
  author: string | null;
  status: string;
  pinned: boolean;
  pinTime: string | null;
  publishTime: string | null;
  createTime: string;
};
interface Page {
  records: Item[];
  total: number;
}

let srv: TestServer;
let admin: ApiClient;
let handler: ApiClient;
let auditor: ApiClient;
let imageId: string;
let pdfId: string;
/** The titles this run searches by: the shared server holds other files' items and this file's earlier runs'. */
const RUN = randomUUID().slice(0, 8);

const NEWS = newsResource.apiBase;
const NOTICES = noticeResource.apiBase;

async function uploadFile(client: ApiClient, content: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const answer = await client.upload<{ id: string }>(FILE_CALLS.upload, form);
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!.id;
}

beforeAll(async () => {
  srv = await sharedServer();
  [admin, handler, auditor] = await Promise.all(['op_admin', 'op_handler', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
  imageId = await uploadFile(
    admin,
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2a6bfd' } })
      .png()
      .toBuffer(),
    'cover.png',
  );
  pdfId = await uploadFile(admin, Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), 'terms.pdf');
});

const save = (base: string, values: Record<string, unknown>) => dataOf<Item>(admin, `${base}/save`, { content: '<p>正文</p>', ...values });
const act = (client: ApiClient, base: string, action: string, item: Pick<Item, 'id' | 'dataVersion'>) =>
  client.call<Item>(`${base}/${action}`, { json: { id: item.id, dataVersion: item.dataVersion } });
const find = (base: string, id: string) => dataOf<Item>(admin, `${base}/find-by-id`, { id });
const page = (client: ApiClient, base: string, filters: Record<string, unknown> = {}) => dataOf<Page>(client, `${base}/page`, filters);

async function done(answer: Promise<{ body: { code: string; data?: Item | null }; text: string }>): Promise<Item> {
  const { body, text } = await answer;
  expect(body.code, text).toBe('0');
  return body.data!;
}

describe('news and notices: records', () => {
  it('saves a draft with its cover and an inline image, finds it, and edits it one version on', async () => {
    const saved = await save(NEWS, {
      title: '  平台升级公告  ',
      summary: '本周末系统升级',
      author: '运营部',
      coverFileId: imageId,
      content: `<h2>升级安排</h2><p>周六 <strong>22:00</strong> 开始。</p><img data-file-id="${imageId}" alt="示意图">`,
    });
    expect(saved).toMatchObject({
      title: '平台升级公告',
      status: 'DRAFT',
      pinned: false,
      publishTime: null,
      coverFileId: imageId,
      dataVersion: 0,
      createBy: 'op_admin',
    });
    expect(saved.content).toBe(`<h2>升级安排</h2><p>周六 <strong>22:00</strong> 开始。</p><img data-file-id="${imageId}" alt="示意图">`);
    expect(await find(NEWS, saved.id)).toEqual(saved);

    const edited = await dataOf<Item>(admin, `${NEWS}/update-by-id`, { ...saved, title: '平台升级通知', status: 'PUBLISHED', pinned: true });
    // status and pinned are read-only: only the row actions change them.
    expect(edited).toMatchObject({ title: '平台升级通知', status: 'DRAFT', pinned: false, dataVersion: 1 });
  });

  it('searches by title, status and creation date, in notices apart from news', async () => {
    const title = `检索公告${RUN}`;
    const a = await save(NOTICES, { title: `${title}甲` });
    await save(NOTICES, { title: `${title}乙` });
    await done(act(admin, NOTICES, 'publish', a));
    expect((await page(admin, NOTICES, { title })).total).toBe(2);
    expect((await page(admin, NEWS, { title })).total).toBe(0);
    expect((await page(admin, NOTICES, { title, status: 'PUBLISHED' })).records.map((r) => r.title)).toEqual([`${title}甲`]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(admin, NOTICES, { title, createTimeStart: future })).total).toBe(0);
    expect((await page(admin, NOTICES, { title, createTimeEnd: future })).total).toBe(2);
    expect(refusalOf(await admin.call(`${NOTICES}/page`, { json: { createTimeStart: 'yesterday' } })).code).toBe('VALIDATION_FAILED');
  });
});

describe('news and notices: publish, unpublish, pin', () => {
  it('publishes a draft, pins it, lists pinned first then newest, and taking it offline unpins it', async () => {
    const prefix = `排序${RUN}-`;
    const older = await save(NEWS, { title: `${prefix}较早` });
    const pinnedLater = await save(NEWS, { title: `${prefix}置顶` });
    const newest = await save(NEWS, { title: `${prefix}最新` });

    const published = await done(act(admin, NEWS, 'publish', older));
    expect(published).toMatchObject({ status: 'PUBLISHED', dataVersion: 1, updateBy: 'op_admin' });
    expect(Date.parse(published.publishTime!)).toBeGreaterThan(Date.parse(older.createTime));

    const p = await done(act(admin, NEWS, 'publish', pinnedLater));
    const pinned = await done(act(admin, NEWS, 'pin', p));
    expect(pinned).toMatchObject({ pinned: true, dataVersion: 2 });
    expect(pinned.pinTime).not.toBeNull();

    const order = (await page(admin, NEWS, { title: prefix })).records.map((r) => r.title);
    expect(order).toEqual([`${prefix}置顶`, `${prefix}最新`, `${prefix}较早`]);
    void newest;

    const offline = await done(act(admin, NEWS, 'unpublish', pinned));
    expect(offline).toMatchObject({ status: 'OFFLINE', pinned: false, pinTime: null });
    const again = await done(act(admin, NEWS, 'publish', offline));
    expect(again).toMatchObject({ status: 'PUBLISHED', pinned: false });
    const unpinned = await done(act(admin, NEWS, 'unpin', await done(act(admin, NEWS, 'pin', again))));
    expect(unpinned).toMatchObject({ pinned: false, pinTime: null, status: 'PUBLISHED' });
  });

  it('refuses an action the state does not allow, or on a stale version, and changes nothing', async () => {
    const draft = await save(NEWS, { title: `规则${RUN}-草稿` });
    const cases = [
      ['pin', draft, 'ACTION_NOT_APPLICABLE', '当前状态不能置顶，请刷新后重试'],
      ['unpin', draft, 'ACTION_NOT_APPLICABLE', '当前状态不能取消置顶，请刷新后重试'],
      ['unpublish', draft, 'ACTION_NOT_APPLICABLE', '当前状态不能下架，请刷新后重试'],
      ['publish', { ...draft, dataVersion: 7 }, 'DATA_VERSION_CONFLICT', undefined],
      ['publish', { id: 'no-such-item', dataVersion: 0 }, 'NOT_FOUND', undefined],
    ] as const;
    for (const [action, item, code, message] of cases) {
      const refusal = refusalOf(await act(admin, NEWS, action, item));
      expect(refusal.code, action).toBe(code);
      if (message) expect(refusal.message).toBe(message);
    }
    expect(refusalOf(await admin.call(`${NEWS}/publish`, { json: { id: draft.id } }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      // The one refusal of a missing field, with its label (server/input/fields.ts version()).
      message: '数据版本不能为空',
    });
    expect(await find(NEWS, draft.id)).toEqual(draft);

    const published = await done(act(admin, NEWS, 'publish', draft));
    expect(refusalOf(await act(admin, NEWS, 'publish', published)).code).toBe('ACTION_NOT_APPLICABLE');
    const removal = refusalOf(await admin.call(`${NEWS}/remove-by-ids`, { json: { ids: [published.id] } }));
    expect(removal).toMatchObject({ code: 'CONTENT_PUBLISHED', message: `已发布的内容不能删除，请先下架：规则${RUN}-草稿` });
    expect(await find(NEWS, draft.id)).toEqual(published);
  });
});

/** What a browser would run from this HTML: scripts, handlers, script URLs, embedded documents, styles. */
interface ParsedElement {
  tagName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
}
type ParsedWindow = { document: { body: { querySelectorAll(selector: string): ArrayLike<ParsedElement> } } };

function executableParts(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window as ParsedWindow;
  const found: string[] = [];
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'svg',
        'math',
        'style',
        'link',
        'meta',
        'base',
        'form',
        'input',
        'template',
        'noscript',
        'video',
        'source',
        'details',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
      const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'src' || name.includes(':')) found.push(`${tag}[${name}]`);
      if (/^(javascript|vbscript|data):/.test(value)) found.push(`${tag}[${name}=${value.slice(0, 20)}]`);
      if (name === 'target' && attribute.value !== '_blank') found.push(`${tag}[target=${attribute.value}]`);
      if (name === 'rel' && attribute.value !== 'noopener noreferrer nofollow') found.push(`${tag}[rel=${attribute.value}]`);
    }
  }
  return found;
}

describe('news and notices: content is sanitised when saved', () => {
  it('finds the executable parts of the payloads as written (the check below can fail)', () => {
    const seen = XSS_PAYLOADS.filter((p) => executableParts(p.html).length > 0);
    expect(seen.length).toBeGreaterThanOrEqual(XSS_PAYLOADS.length - 6);
  });

  it.each(XSS_PAYLOADS.map((p) => [p.name, p.html] as const))('%s: read back with nothing executable', async (_name, html) => {
    // Unclosed payloads may swallow what follows them; what precedes them must survive.
    const saved = await save(NEWS, { title: 'XSS 载荷', content: `<p>前文</p>${html}<p>后文</p>` });
    const stored = (await find(NEWS, saved.id)).content;
    expect(executableParts(stored)).toEqual([]);
    expect(stored.startsWith('<p>前文</p>')).toBe(true);
    // The sentinel may survive only as inert text, never inside a tag.
    for (const tag of stored.match(/<[^>]*>/g) ?? []) expect(tag).not.toContain(XSS_SENTINEL);
  });

  it('keeps what the editor writes: headings, emphasis, lists, quotes, links and stored images', async () => {
    const html = `<h1>一</h1><h3>三</h3><p><em>斜</em><s>删</s><u>下</u><code>c</code></p><ol><li>甲</li></ol><ul><li>乙</li></ul><blockquote><p>引</p></blockquote><hr><p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">链接</a> <a href="mailto:ops@example.com" target="_blank" rel="noopener noreferrer nofollow">邮件</a></p><img data-file-id="${imageId}" alt="图">`;
    expect((await save(NEWS, { title: '富文本', content: html })).content).toBe(html);
  });

  it('stores an image as its file id only: a src (an expiring grant) is dropped', async () => {
    const saved = await save(NEWS, {
      title: '图片',
      content: `<img src="/api/web/op/v1/files/${imageId}/snapshot/BIG/show?grant=abc" data-file-id="${imageId}" alt="图">`,
    });
    expect(saved.content).toBe(`<img data-file-id="${imageId}" alt="图">`);
  });
});

describe('news and notices: bad input changes nothing', () => {
  it('refuses a missing title, content that sanitises to nothing, and images that are not stored images', async () => {
    const before = (await page(admin, NEWS)).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', content: '<p>x</p>' }, '标题不能为空'],
      [{ title: '无正文', content: '<script>window.__xss=1</script><p>  </p>' }, '正文不能为空'],
      [{ title: '长标题'.repeat(40), content: '<p>x</p>' }, '标题长度不能超过 100 个字符'],
      [{ title: '封面不是图片', coverFileId: pdfId }, `封面图片引用的图片不存在或不是图片：${pdfId}`],
      [{ title: '封面不存在', coverFileId: 'no-such-file' }, '封面图片引用的图片不存在或不是图片：no-such-file'],
      [{ title: '封面非法', coverFileId: '../etc/passwd' }, '封面图片必须是上传文件的 id'],
      [{ title: '正文图片不存在', content: '<img data-file-id="missing-file" alt="x">' }, '正文引用的图片不存在或不是图片：missing-file'],
      [{ title: '状态非法', content: 42 }, '正文必须是文本'],
    ];
    for (const [values, message] of cases) {
      const refusal = refusalOf(await admin.call(`${NEWS}/save`, { json: { content: '<p>正文</p>', ...values } }));
      expect(refusal, message).toMatchObject({ status: 200, code: 'VALIDATION_FAILED', message });
    }
    expect((await page(admin, NEWS)).total).toBe(before);
  });
});

describe('news and notices: permissions', () => {
  it('lets the auditor and the handler read, and refuses every change with 403, changing nothing', async () => {
    const title = `权限公告${RUN}`;
    const item = await done(act(admin, NOTICES, 'publish', await save(NOTICES, { title })));
    for (const client of [auditor, handler]) {
      expect((await page(client, NOTICES, { title })).total).toBe(1);
      expect((await dataOf<Item>(client, `${NOTICES}/find-by-id`, { id: item.id })).title).toBe(title);
      const changes: Array<[string, Record<string, unknown>]> = [
        ['save', { title: `${RUN}越权新增`, content: '<p>x</p>' }],
        ['update-by-id', { ...item, title: `${RUN}越权修改` }],
        ['remove-by-ids', { ids: [item.id] }],
        ['export', {}],
        ['publish', item],
        ['unpublish', item],
        ['pin', item],
        ['unpin', item],
      ];
      for (const [call, body] of changes) {
        expect(refusalOf(await client.call(`${NOTICES}/${call}`, { json: body })), call).toMatchObject({
          status: 403,
          code: 'FORBIDDEN',
          message: '您暂无权限操作此页面！',
        });
      }
    }
    expect(await find(NOTICES, item.id)).toEqual(item);
    expect((await page(admin, NOTICES, { title: `${RUN}越权` })).total).toBe(0);
  });

  it('declares each action behind its own permission string from the catalogue', () => {
    const actions = newsResource.actions ?? {};
    expect(Object.fromEntries(Object.entries(actions).map(([name, a]) => [name, a.permission]))).toEqual({
      publish: PERMISSIONS.news.publish,
      unpublish: PERMISSIONS.news.unpublish,
      pin: PERMISSIONS.news.pin,
      unpin: PERMISSIONS.news.pin,
    });
    expect(noticeResource.actions?.publish?.permission).toBe(PERMISSIONS.notice.publish);
  });
});
