/** The workflow area (the workflow engine's calls: tasks, instances, signatures): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { workflowRoutes } from './routes';
import { signatureRoutes } from './signature-routes';

export const area: ServerArea = {
  name: 'workflow',
  routes: [workflowRoutes, signatureRoutes],
};
