/** The support area (online support): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedSupportDemo } from './demo-seed';
import { registerCorporateSupport } from './corporate-routes';
import { supportRoutes } from './routes';

export const area: ServerArea = {
  name: 'support',
  routes: [supportRoutes],
  demo: { after: ['corporations'], seed: seedSupportDemo },
  // The corporate side's support calls, keyed, outside the signed /api/web.
  outside: (scope, { db, demoMode }) => registerCorporateSupport(scope, { db, demoMode }),
};
