/** The bills area (bills): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedBillsDemo } from './demo-seed';
import { billRoutes } from './routes';

export const area: ServerArea = {
  name: 'bills',
  routes: [billRoutes],
  demo: { after: ['credit-notes', 'redemption', 'financing'], seed: seedBillsDemo },
};
