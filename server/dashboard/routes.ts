/**
 * The data dashboard's one call (spec 2.4, route data-dashboard-query): every section read by its
 * source inside one read-only, repeatable-read transaction, so the panels agree with each other
 * (a quota approved between two queries cannot show in one panel and not in the next). Guarded by
 * the dashboard's permission, like the page.
 */
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_API, type DashboardOverview, type DashboardSections } from '../../src/lib/dashboard';
import { PERMISSIONS } from '../../src/features/dashboard/permissions';
import type { AppContext } from '../context';
import { route } from '../routes/route';
import { corporationSource } from './corporations';
import { noteSource } from './notes';
import { productSource } from './products';
import { quotaSource } from './quotas';
import type { DashboardSource } from './source';
import { taskSource } from './tasks';

/** The sources, one per data area; a new area's panel is one more entry. */
export const DASHBOARD_SOURCES: readonly DashboardSource[] = [noteSource, quotaSource, taskSource, corporationSource, productSource];

export function dashboardRoutes(api: FastifyInstance, ctx: AppContext): void {
  route(api, {
    method: 'POST',
    path: `${DASHBOARD_API}/overview`,
    auth: 'session',
    permission: PERMISSIONS.home.dataDashboard,
    handler: async (): Promise<DashboardOverview> => {
      const now = new Date(ctx.now());
      const sections = await ctx.db.transaction(
        async (tx) => {
          const loaded: Partial<Record<keyof DashboardSections, unknown>> = {};
          // One after another: a transaction is one connection.
          for (const source of DASHBOARD_SOURCES) loaded[source.key] = await source.load(tx, now);
          return loaded as DashboardSections;
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return { generatedAt: now.toISOString(), ...sections };
    },
  });
}
