/** The operation-log area (the operation log): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { operationLogRoutes } from './routes';

export const area: ServerArea = {
  name: 'operation-log',
  routes: [operationLogRoutes],
};
