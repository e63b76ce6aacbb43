/** The credit-notes area (credit notes): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedCreditNotesDemo } from './demo-seed';
import { creditNoteRoutes } from './routes';

export const area: ServerArea = {
  name: 'credit-notes',
  routes: [creditNoteRoutes],
  demo: { after: ['corporations', 'doc-review', 'products', 'quotas'], seed: seedCreditNotesDemo },
};
