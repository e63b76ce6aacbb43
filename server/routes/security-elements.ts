/**
 * Element permissions (spec §6, §7 "resource lookup by page key plus .html"): POST /op/v1/security
 * {resourceKey: 'dict.html'} → {elements: [{pkResource}]}, the permission strings of that page's
 * resources that the caller holds. Pages map to the shared declarations, so nothing is restated.
 */
import type { FastifyInstance } from 'fastify';
import { hasPermission, pageResourceKey, type ElementRef } from '../../src/lib/access';
import { PERMISSIONS as DASHBOARD_PERMISSIONS } from '../../src/features/dashboard/permissions';
import { PERMISSIONS } from '../../src/lib/permissions';
import { configResource, dictDataResource, dictTypeResource } from '../../src/resources/system';
import type { AppContext } from '../context';
import { z } from 'zod';
import { text } from '../input/fields';
import { route } from './route';

const permissionsOf = (...groups: object[]) => [...new Set(groups.flatMap((g) => Object.values(g).filter((p): p is string => typeof p === 'string')))];

/** Page key (with .html) → the permission strings its buttons and links are guarded by. */
export const PAGE_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  // The home page (route op-home): the way into the data dashboard.
  'index.html': [DASHBOARD_PERMISSIONS.home.dataDashboard],
  'dict.html': permissionsOf(dictTypeResource.permissions, dictDataResource.permissions),
  'config.html': permissionsOf(configResource.permissions),
  // The export record declaration lists what its list page shows; downloading is a button too.
  'my-export.html': permissionsOf(PERMISSIONS.exportRecord),
};

const resourceKeyBody = z.object({ resourceKey: text('server:input.fields.resourceKey', 100) });

export function securityElementRoutes(api: FastifyInstance, _ctx: AppContext): void {
  route(api, {
    method: 'POST',
    path: '/op/v1/security',
    auth: 'session',
    body: resourceKeyBody,
    handler: ({ body, principal }): { elements: ElementRef[] } => {
      const candidates = PAGE_ELEMENTS[pageResourceKey(body.resourceKey)] ?? [];
      return { elements: candidates.filter((p) => hasPermission(principal.permissions, p)).map((pkResource) => ({ pkResource })) };
    },
  });
}
