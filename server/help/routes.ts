/**
 * The help centre (issue 21). Management: the generic CRUD calls of the declaration
 * (src/features/help/resources.ts) behind help:article:*, the rich text sanitised by the kit on save,
 * publish / unpublish as row actions. Reading: three calls open to every signed-in operator that
 * only ever answer published articles: the categories with their counts, a searched page, one article.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONTENT_STATUS } from '../../src/features/content/resources';
import { helpArticleResource } from '../../src/features/help/resources';
import type { AppContext } from '../context';
import { requireId, requireObject } from '../crud/fields';
import { pagingOf } from '../crud/query';
import { crudRoutes } from '../crud/routes';
import { helpArticles } from '../db/schema';
import { businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';

export const HELP_READER_BASE = '/op/v1/help/reader';
export const KEYWORD_MAX = 50;

const published = eq(helpArticles.status, CONTENT_STATUS.published);

/** A LIKE pattern matching the text literally: %, _ and the escape itself lose their meaning. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search over what a reader sees: the title, summary, keywords and the article's text without its
 * markup (tags replaced by spaces), case-insensitively. The articles are few (tens): a scan is fine.
 */
function matches(keyword: string): SQL {
  const pattern = likePattern(keyword);
  return sql`(${helpArticles.title} ILIKE ${pattern} OR coalesce(${helpArticles.summary}, '') ILIKE ${pattern}
    OR coalesce(${helpArticles.keywords}, '') ILIKE ${pattern}
    OR regexp_replace(${helpArticles.content}, '<[^>]*>', ' ', 'g') ILIKE ${pattern})`;
}

function readKeyword(body: Record<string, unknown>): string | undefined {
  const { keyword } = body;
  if (keyword === undefined || keyword === null) return undefined;
  if (typeof keyword !== 'string') throw validationError(translate('help:server.keywordNotText'));
  const text = keyword.trim();
  if (text.length > KEYWORD_MAX) throw validationError(translate('help:server.keywordTooLong', { max: String(KEYWORD_MAX) }));
  return text || undefined;
}

function readCategory(body: Record<string, unknown>): string | undefined {
  const { category } = body;
  if (category === undefined || category === null || category === '') return undefined;
  if (typeof category !== 'string') throw validationError(translate('help:server.categoryNotText'));
  return category;
}

const listColumns = {
  id: helpArticles.id,
  title: helpArticles.title,
  category: helpArticles.category,
  summary: helpArticles.summary,
  publishTime: helpArticles.publishTime,
};

export function helpRoutes(api: FastifyInstance, ctx: AppContext): void {
  crudRoutes(api, ctx, {
    resource: helpArticleResource,
    table: helpArticles,
    actions: {
      publish: (_row, now) => ({ status: CONTENT_STATUS.published, publishTime: now }),
      unpublish: () => ({ status: CONTENT_STATUS.offline }),
    },
    hooks: {
      // What readers see is taken offline first, deliberately, never removed in passing.
      async beforeRemove(_tx, rows) {
        const live = rows.find((row) => row.status === CONTENT_STATUS.published);
        if (live) throw businessError('CONTENT_PUBLISHED', 'server:content.removePublished', { title: String(live.title) });
      },
    },
  });

  route(api, {
    method: 'POST',
    path: `${HELP_READER_BASE}/categories`,
    auth: 'session',
    handler: async () =>
      ctx.db
        .select({ category: helpArticles.category, count: count() })
        .from(helpArticles)
        .where(published)
        .groupBy(helpArticles.category)
        .orderBy(asc(helpArticles.category)),
  });

  route(api, {
    method: 'POST',
    path: `${HELP_READER_BASE}/page`,
    auth: 'session',
    handler: async ({ body }) => {
      const input = requireObject(body ?? {});
      const { pageNum, pageSize } = pagingOf(input);
      const keyword = readKeyword(input);
      const category = readCategory(input);
      const where = and(published, category ? eq(helpArticles.category, category) : undefined, keyword ? matches(keyword) : undefined);
      const [records, [{ total }]] = await Promise.all([
        ctx.db
          .select(listColumns)
          .from(helpArticles)
          .where(where)
          .orderBy(asc(helpArticles.sortOrder), desc(helpArticles.publishTime), asc(helpArticles.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        ctx.db.select({ total: count() }).from(helpArticles).where(where),
      ]);
      return { records, total, pageNum, pageSize };
    },
  });

  route(api, {
    method: 'POST',
    path: `${HELP_READER_BASE}/find-by-id`,
    auth: 'session',
    handler: async ({ body }) => {
      const id = requireId(requireObject(body ?? {}));
      const [article] = await ctx.db
        .select({ ...listColumns, content: helpArticles.content, keywords: helpArticles.keywords, updateTime: helpArticles.updateTime })
        .from(helpArticles)
        .where(and(published, eq(helpArticles.id, id)));
      // A draft or an article taken offline does not exist for readers.
      if (!article) throw notFoundError(translate('help:server.notFound'));
      return article;
    },
  });
}
