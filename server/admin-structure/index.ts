/** The admin-structure area (organisations, positions, menus and the permission matrix): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { adminStructureRoutes } from './routes';

export const area: ServerArea = {
  name: 'admin-structure',
  routes: [adminStructureRoutes],
};
