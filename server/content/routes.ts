/**
 * News and platform notices (spec 2.3): the generic CRUD calls of their declarations
 * (src/features/content/resources.ts), the row actions' changes, and one removal rule.
 */
import type { FastifyInstance } from 'fastify';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource } from '../../src/crud/resource';
import { CONTENT_STATUS, newsResource, noticeResource } from '../../src/features/content/resources';
import type { AppContext } from '../context';
import { crudRoutes, type RowActionChange } from '../crud/routes';
import { news, notices } from '../db/schema';
import { businessError } from '../errors';

const CONTENT_ACTIONS: Readonly<Record<string, RowActionChange>> = {
  publish: (_row, now) => ({ status: CONTENT_STATUS.published, publishTime: now }),
  // Off the site, off the top: an item taken offline and published again starts unpinned.
  unpublish: () => ({ status: CONTENT_STATUS.offline, pinned: false, pinTime: null }),
  pin: (_row, now) => ({ pinned: true, pinTime: now }),
  unpin: () => ({ pinned: false, pinTime: null }),
};

function contentRoutes(api: FastifyInstance, ctx: AppContext, resource: AnyResource, table: PgTable): void {
  crudRoutes(api, ctx, {
    resource,
    table,
    actions: CONTENT_ACTIONS,
    hooks: {
      // What readers see is taken offline first, deliberately, never removed in passing.
      async beforeRemove(_tx, rows) {
        const published = rows.find((row) => row.status === CONTENT_STATUS.published);
        if (published) throw businessError('CONTENT_PUBLISHED', 'server:content.removePublished', { title: String(published.title) });
      },
    },
  });
}

export function newsRoutes(api: FastifyInstance, ctx: AppContext): void {
  contentRoutes(api, ctx, newsResource, news);
}

export function noticeRoutes(api: FastifyInstance, ctx: AppContext): void {
  contentRoutes(api, ctx, noticeResource, notices);
}
