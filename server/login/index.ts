/** The login area (the login log): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { loginLogRoutes } from './routes';

export const area: ServerArea = {
  name: 'login',
  routes: [loginLogRoutes],
};
