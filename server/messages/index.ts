/** The messages area (the message centre): what the server registers of it (server/areas.ts). */
import fastifyWebsocket from '@fastify/websocket';
import type { ServerArea } from '../areas';
import { MessageHub } from './hub';
import { messageRoutes } from './routes';

export const area: ServerArea = {
  name: 'messages',
  routes: [messageRoutes],
  // The message centre's socket: same port, outside the signed /api/web. It listens once the server is ready
  // (the database migrated), and closes its sockets when the server stops.
  outside: (scope, { db, database }) => {
    const hub = new MessageHub(db);
    scope.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    scope.register(async (sockets) => hub.register(sockets));
    scope.addHook('onReady', () => hub.start(database, (error) => scope.log.error({ err: error }, 'message notifications lost; sockets closed')));
    scope.addHook('onClose', () => hub.stop());
  },
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { keptAsKey, notifyChannel, sendMessages } from './store';
export { supportMessageView } from './views';
