/** The support area (online support): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedSupportDemo } from './demo-seed';
import { supportRoutes } from './routes';

export const area: ServerArea = {
  name: 'support',
  routes: [supportRoutes],
  demo: { after: ['corporations'], seed: seedSupportDemo },
};
