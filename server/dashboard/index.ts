/** The dashboard area (the data dashboard): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { dashboardRoutes } from './routes';

export const area: ServerArea = {
  name: 'dashboard',
  routes: [dashboardRoutes],
};
