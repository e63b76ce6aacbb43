/** The corporations area (corporations, the group tree and their changes): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedCorporateChangesDemo } from './changes-demo';
import { seedCorporationsDemo } from './demo-seed';
import { corporateChangeRoutes } from './changes';
import { corporationRoutes } from './routes';

export const area: ServerArea = {
  name: 'corporations',
  routes: [corporationRoutes, corporateChangeRoutes],
  // The changes in approval are made on the seeded corporations.
  demo: {
    seed: async (ctx) => {
      await seedCorporationsDemo(ctx);
      await seedCorporateChangesDemo(ctx);
    },
  },
};
