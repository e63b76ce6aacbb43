/** The login area (the login log): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { loginLogRoutes } from './routes';

export const area: ServerArea = {
  name: 'login',
  routes: [loginLogRoutes],
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { loginKey } from './protection';
