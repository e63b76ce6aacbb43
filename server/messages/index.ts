/** The messages area (the message centre): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { messageRoutes } from './routes';

export const area: ServerArea = {
  name: 'messages',
  routes: [messageRoutes],
};
