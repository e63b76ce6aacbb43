/** The staff area (staff accounts and roles): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { roleRoutes } from './role-routes';
import { staffRoutes } from './staff-routes';

export const area: ServerArea = {
  name: 'staff',
  routes: [staffRoutes, roleRoutes],
};
