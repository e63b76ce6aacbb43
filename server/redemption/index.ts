/** The redemption area (redemption and payments): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedRedemptionDemo } from './demo-seed';
import { redemptionRoutes } from './routes';

export const area: ServerArea = {
  name: 'redemption',
  routes: [redemptionRoutes],
  demo: { after: ['credit-notes'], seed: seedRedemptionDemo },
};
