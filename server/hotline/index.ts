/** The hotline area (the hotline): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { seedHotlineDemo } from './demo-seed';
import { hotlineRoutes } from './routes';

export const area: ServerArea = {
  name: 'hotline',
  routes: [hotlineRoutes],
  demo: { after: ['corporations'], seed: seedHotlineDemo },
};
