/**
 * The help centre over real HTTP: articles managed like notices (save, publish, unpublish, removal of
 * a published one refused), rich text sanitised when saved, behind help:article:* (the handler and
 * auditor cannot write); and the reader's calls, open to every signed-in operator, which answer
 * published articles only, by category and by a search over title, summary, keywords and text.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { helpArticleResource } from '../../src/features/help/resources';
import { HELP_DEMO_ARTICLES } from '../../server/help/demo-seed';
import { HELP_READER_BASE, KEYWORD_MAX } from '../../server/help/routes';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';
import { signInAs, type ApiClient, dataOf, refusalOf } from './client';
import { helpArticles } from '../../server/db/schema';
import { sharedServer, type TestServer } from './server';

interface Article {
  id: string;
  dataVersion: number;
  title: string;
  category: string;
  content: string;
  status: string;
  publishTime: string | null;
}
interface ReaderPage {
  records: Array<{ id: string; title: string; category: string; summary: string | null }>;
  total: number;
}

const BASE = helpArticleResource.apiBase;
/** This run's mark in what it searches for: published articles stay, on a server other files and runs share. */
const RUN = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let srv: TestServer;
let admin: ApiClient;
let handler: ApiClient;
let auditor: ApiClient;
let agent: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [admin, handler, auditor, agent] = await Promise.all(['op_admin', 'op_handler', 'op_auditor', 'op_agent'].map((u) => signInAs(srv.baseUrl, u)));
});

const save = (values: Record<string, unknown>) => dataOf<Article>(admin, `${BASE}/save`, { category: 'FAQ', content: '<p>正文</p>', ...values });
const act = (client: ApiClient, action: string, a: Pick<Article, 'id' | 'dataVersion'>) =>
  client.call<Article>(`${BASE}/${action}`, { json: { id: a.id, dataVersion: a.dataVersion } });
const publish = async (a: Article) => {
  const answer = await act(admin, 'publish', a);
  expect(answer.body.code, answer.text).toBe('0');
  return answer.body.data!;
};
const search = (client: ApiClient, filters: Record<string, unknown>) => dataOf<ReaderPage>(client, `${HELP_READER_BASE}/page`, { pageSize: 50, ...filters });
/** The published articles as stored: the demo's and those other runs published. */
const publishedRows = (category?: string) =>
  srv.database.db
    .select({ id: helpArticles.id })
    .from(helpArticles)
    .where(and(eq(helpArticles.status, 'PUBLISHED'), category ? eq(helpArticles.category, category) : undefined));

describe('help articles: management', () => {
  it('seeds the demo articles, published, and every reader sees them', async () => {
    const page = await search(agent, { pageSize: 500 });
    expect(page.records.map((r) => r.title)).toEqual(expect.arrayContaining(HELP_DEMO_ARTICLES.map((a) => a.title)));
    // The counts are of every published article: the demo's and any a run before this one published.
    expect(page.total).toBe((await publishedRows()).length);
    const categories = await dataOf<Array<{ category: string; count: number }>>(handler, `${HELP_READER_BASE}/categories`);
    expect(categories.reduce((sum, c) => sum + c.count, 0)).toBe(page.total);
    expect(categories.find((c) => c.category === 'FAQ')?.count).toBe((await publishedRows('FAQ')).length);
    expect(categories.find((c) => c.category === 'FAQ')?.count).toBeGreaterThanOrEqual(HELP_DEMO_ARTICLES.filter((a) => a.category === 'FAQ').length);
  });

  it('saves a draft that readers do not see until it is published, and not after it is taken offline', async () => {
    const keyword = `对账单${RUN}`;
    const draft = await save({ title: '对账单下载说明', keywords: keyword, content: '<p>在<strong>我的导出</strong>里下载对账单。</p>' });
    expect(draft.status).toBe('DRAFT');
    expect((await search(handler, { keyword })).total).toBe(0);
    expect(refusalOf(await handler.call(`${HELP_READER_BASE}/find-by-id`, { json: { id: draft.id } })).code).toBe('NOT_FOUND');

    const live = await publish(draft);
    expect(live.status).toBe('PUBLISHED');
    expect(live.publishTime).not.toBeNull();
    expect((await search(handler, { keyword })).records.map((r) => r.id)).toEqual([draft.id]);
    const read = await dataOf<Article>(handler, `${HELP_READER_BASE}/find-by-id`, { id: draft.id });
    expect(read.content).toContain('<strong>我的导出</strong>');

    // Removing what readers see is refused; taking it offline first is the way.
    const removal = await admin.call(`${BASE}/remove-by-ids`, { json: { ids: [draft.id] } });
    expect(refusalOf(removal).code).toBe('CONTENT_PUBLISHED');
    const offline = await act(admin, 'unpublish', live);
    expect(offline.body.data!.status).toBe('OFFLINE');
    expect((await search(handler, { keyword })).total).toBe(0);
    expect((await admin.call(`${BASE}/remove-by-ids`, { json: { ids: [draft.id] } })).body.code).toBe('0');
  });

  it('refuses a publish of a published article (the action does not apply)', async () => {
    const live = await publish(await save({ title: '重复发布' }));
    expect(refusalOf(await act(admin, 'publish', live)).code).toBe('ACTION_NOT_APPLICABLE');
  });

  it('refuses an unknown category and an empty content, naming the field', async () => {
    const badCategory = await admin.call(`${BASE}/save`, { json: { title: 'x', category: 'NOPE', content: '<p>x</p>' } });
    expect(refusalOf(badCategory).code).toBe('VALIDATION_FAILED');
    expect((badCategory.body.data as { field: string }).field).toBe('category');
    const empty = await admin.call(`${BASE}/save`, { json: { title: 'x', category: 'FAQ', content: '<script>alert(1)</script>' } });
    expect(refusalOf(empty).code).toBe('VALIDATION_FAILED');
    expect((empty.body.data as { field: string }).field).toBe('content');
  });

  it('sanitises the rich text when saved: nothing executable reaches a reader', async () => {
    for (const payload of XSS_PAYLOADS.slice(0, 25)) {
      const saved = await save({ title: 'XSS', content: `<p>前文</p>${payload.html}<p>后文</p>` });
      expect(saved.content, payload.name).not.toMatch(/<script|<iframe|\son\w+=|javascript:/i);
    }
  });

  it('lets only holders of help:article:* manage: the handler and the auditor are refused and nothing changes', async () => {
    const article = await publish(await save({ title: '仅管理员可改' }));
    for (const client of [handler, auditor]) {
      expect(refusalOf(await client.call(`${BASE}/save`, { json: { title: 'x', category: 'FAQ', content: '<p>x</p>' } })).status).toBe(403);
      expect(refusalOf(await act(client, 'unpublish', article)).status).toBe(403);
      expect(refusalOf(await client.call(`${BASE}/update-by-id`, { json: { id: article.id, dataVersion: article.dataVersion, title: '改了' } })).status).toBe(
        403,
      );
    }
    expect(refusalOf(await handler.call(`${BASE}/page`, { json: {} })).status).toBe(403);
    // The auditor reads the management list (every list and query), and the article is unchanged.
    const again = await dataOf<Article>(auditor, `${BASE}/find-by-id`, { id: article.id });
    expect([again.title, again.status, again.dataVersion]).toEqual(['仅管理员可改', 'PUBLISHED', article.dataVersion]);
  });
});

describe('help articles: the reader', () => {
  it('searches the text without its markup, case-insensitively, and the title, summary and keywords', async () => {
    // Each word searched for carries this run's mark, so the article is the only one it finds.
    const title = `Excel 导入模板 ${RUN}`;
    await publish(await save({ title, category: 'FAQ', summary: null, keywords: `模板下载${RUN}`, content: `<p>表格里的<em>Vendor${RUN}</em>列必须填写</p>` }));
    const ids = async (keyword: string) => (await search(agent, { keyword })).records.map((r) => r.title);
    expect(await ids(`vendor${RUN}`)).toEqual([title]); // in the text, another case
    expect(await ids(`excel 导入模板 ${RUN}`)).toEqual([title]); // in the title
    expect(await ids(`模板下载${RUN}`)).toEqual([title]); // in the keywords
    expect(await ids('<em>')).toEqual([]); // markup is not text
    expect((await search(agent, { keyword: '验证码' })).records.map((r) => r.title)).toContain('短信验证码签署：什么时候需要、怎么操作');
  });

  it('takes % and _ literally', async () => {
    // Read as a wildcard, % would find every published article (the demo's hold none): literally, only those
    // holding it, this one and its like from runs before this one on the same server.
    const title = `费率 100% 说明 ${RUN}`;
    const article = await publish(await save({ title, content: '<p>费率</p>' }));
    for (const keyword of ['100%', '%']) {
      const found = (await search(agent, { keyword, pageSize: 500 })).records;
      expect(
        found.map((r) => r.id),
        keyword,
      ).toContain(article.id);
      expect(
        found.filter((r) => !r.title.includes(keyword)).map((r) => r.title),
        keyword,
      ).toEqual([]);
    }
    expect((await search(agent, { keyword: `100% 说明 ${RUN}` })).records.map((r) => r.title)).toEqual([title]);
    expect((await search(agent, { keyword: '_' })).total).toBe(0);
  });

  it('filters by category and combines it with a keyword', async () => {
    const approval = await search(agent, { category: 'APPROVAL' });
    expect(approval.records.length).toBeGreaterThan(0);
    expect(approval.records.every((r) => r.category === 'APPROVAL')).toBe(true);
    expect((await search(agent, { category: 'QUOTA', keyword: '审批' })).records.every((r) => r.category === 'QUOTA')).toBe(true);
    expect((await search(agent, { category: 'QUOTA', keyword: '四眼原则' })).total).toBe(0);
  });

  it('refuses hostile input with a Chinese message and never a 5xx', async () => {
    const bodies: unknown[] = [
      { keyword: 12 },
      { keyword: 'x'.repeat(KEYWORD_MAX + 1) },
      { category: ['FAQ'] },
      { pageNum: 0 },
      { pageSize: 10_000 },
      [],
      'text',
    ];
    for (const json of bodies) {
      const answer = await agent.call(`${HELP_READER_BASE}/page`, { json });
      expect(answer.status, JSON.stringify(json)).toBeLessThan(500);
      expect(answer.body.code, JSON.stringify(json)).toBe('VALIDATION_FAILED');
      expect(answer.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const json of [{}, { id: 5 }, { id: 'no-such-article' }]) {
      const answer = await agent.call(`${HELP_READER_BASE}/find-by-id`, { json });
      expect(answer.status).toBeLessThan(500);
      expect(['VALIDATION_FAILED', 'NOT_FOUND']).toContain(answer.body.code);
    }
  });

  it('is closed without a session', async () => {
    const anonymous = await fetch(`${srv.baseUrl}/api/web${HELP_READER_BASE}/categories`, { method: 'POST' });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.status).toBeLessThan(500);
  });
});
