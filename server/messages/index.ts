/** The messages area (the message centre): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { messageRoutes } from './routes';

export const area: ServerArea = {
  name: 'messages',
  routes: [messageRoutes],
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { keptAsKey, notifyChannel, sendMessages } from './store';
export { supportMessageView } from './views';
