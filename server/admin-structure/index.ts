/** The admin-structure area (organisations, positions, menus and the permission matrix): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { reconcileAdminStructure } from './reference';
import { adminStructureRoutes } from './routes';

export const area: ServerArea = {
  name: 'admin-structure',
  routes: [adminStructureRoutes],
  // The menus' permissions, buttons, organisations and positions an earlier release's install lacks.
  reconcile: ({ db, demoMode, resources }) => reconcileAdminStructure(db, { demoMode, resources }),
};
