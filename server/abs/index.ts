/** The abs area (securitisation and the central registry): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedAbsDemo } from './demo-seed';
import { absRoutes } from './routes';

export const area: ServerArea = {
  name: 'abs',
  routes: [absRoutes],
  demo: { after: ['credit-notes', 'redemption'], seed: seedAbsDemo },
};
