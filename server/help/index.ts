/** The help area (the help centre): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedHelpDemo } from './demo-seed';
import { helpRoutes } from './routes';

export const area: ServerArea = {
  name: 'help',
  routes: [helpRoutes],
  demo: { seed: seedHelpDemo },
};
