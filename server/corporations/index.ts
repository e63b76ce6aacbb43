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

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { DEMO_CORP, DEMO_UNIT } from './demo-seed';
export { registerUnitHoldingCheck, type UnitHolding } from './unit-holdings';
export { unitColumns, unitNameById, unitNameOf, type UnitRow } from './unit-name';
