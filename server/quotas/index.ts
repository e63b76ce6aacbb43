/** The quotas area (quotas): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedQuotasDemo } from './demo-seed';
import { quotaRoutes } from './routes';

export const area: ServerArea = {
  name: 'quotas',
  routes: [quotaRoutes],
  demo: { after: ['corporations', 'products'], seed: seedQuotasDemo },
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { balancesOf, lockAccount, move } from './ledger';
export { grantorNameOf } from './names';
export { recordMovement } from './requests';
