/** The certificates area (certificates and invoice types): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { invoiceTypeRoutes } from './invoice-types';
import { certificateRoutes } from './routes';

export const area: ServerArea = {
  name: 'certificates',
  routes: [certificateRoutes, invoiceTypeRoutes],
};
