/** The credit-notes area (credit notes): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedCreditNotesDemo } from './demo-seed';
import { creditNoteRoutes } from './routes';

export const area: ServerArea = {
  name: 'credit-notes',
  routes: [creditNoteRoutes],
  demo: { after: ['corporations', 'doc-review', 'products', 'quotas'], seed: seedCreditNotesDemo },
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { creditIssuanceOf } from './issuance';
