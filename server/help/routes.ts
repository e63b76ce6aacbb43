/**
 * The help centre (issue 21). Management: the generic CRUD calls of the declaration
 * (src/features/help/resources.ts) behind help:article:*, the rich text sanitised by the kit on save,
 * publish / unpublish as row actions. Reading: three calls open to every signed-in operator that
 * only ever answer published articles: the categories with their counts, a searched page, one article.
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTENT_STATUS } from '../../src/features/content/resources';
import { helpArticleResource } from '../../src/features/help/resources';
import type { AppContext } from '../context';
import { id, optional, text } from '../input/fields';
import { pagingOf } from '../crud/query';
import { crudRoutes } from '../crud/routes';
import { helpArticles } from '../db/schema';
import { businessError, notFoundError } from '../errors';
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

// A keyword of only spaces is no keyword: trimmed before optional() sees it, so it searches everything.
const keyword = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), optional(text('help:server.keyword', KEYWORD_MAX)));
// Paging is the kit's reader (pagingOf), so the body keeps its other fields.
const readerPageBody = z.looseObject({ keyword, category: optional(text('help:article.fields.category', 64)) });
const articleBody = z.object({ id: id('help:server.article') });

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
    body: readerPageBody,
    handler: async ({ body }) => {
      const { pageNum, pageSize } = pagingOf(body);
      const { keyword, category } = body;
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
    body: articleBody,
    handler: async ({ body: { id } }) => {
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
