/** The quotas area (quotas): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedQuotasDemo } from './demo-seed';
import { quotaRoutes } from './routes';

export const area: ServerArea = {
  name: 'quotas',
  routes: [quotaRoutes],
  demo: { after: ['corporations', 'products'], seed: seedQuotasDemo },
};
