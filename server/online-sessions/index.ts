/** The online-sessions area (online users): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { onlineSessionRoutes } from './routes';

export const area: ServerArea = {
  name: 'online-sessions',
  routes: [onlineSessionRoutes],
};
