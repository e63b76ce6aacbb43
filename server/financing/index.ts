/** The financing area (financing): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedFinancingDemo } from './demo-seed';
import { financingRoutes } from './routes';

export const area: ServerArea = {
  name: 'financing',
  routes: [financingRoutes],
  demo: { after: ['corporations', 'doc-review', 'products'], seed: seedFinancingDemo },
};
