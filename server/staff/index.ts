/** The staff area (staff accounts and roles): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { roleRoutes } from './role-routes';
import { staffRoutes } from './staff-routes';

export const area: ServerArea = {
  name: 'staff',
  routes: [staffRoutes, roleRoutes],
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { withRecorderNames } from './people';
export { departmentMembers } from './staff-routes';
export { grantTree } from './grant-tree';
