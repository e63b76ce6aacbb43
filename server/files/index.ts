/** The files area (uploads): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { fileRoutes } from './routes';

export const area: ServerArea = {
  name: 'files',
  routes: [fileRoutes],
};
