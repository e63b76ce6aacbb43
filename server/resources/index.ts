/** The resources area (dictionaries and configs): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { configRoutes } from './configs';
import { dictDataRoutes } from './dict-datas';
import { dictTypeRoutes } from './dict-types';

export const area: ServerArea = {
  name: 'resources',
  routes: [dictTypeRoutes, dictDataRoutes, configRoutes],
};
