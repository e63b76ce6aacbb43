/** The realname area (real-name admission): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { realnameRoutes } from './routes';

export const area: ServerArea = {
  name: 'realname',
  routes: [realnameRoutes],
};
