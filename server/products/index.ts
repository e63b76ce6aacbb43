/** The products area (products, agreements and price policies): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedProductsDemo } from './demo-seed';
import { productAreaRoutes } from './routes';

export const area: ServerArea = {
  name: 'products',
  routes: [productAreaRoutes],
  demo: { after: ['corporations'], seed: seedProductsDemo },
};
