/** The crud area (the approvals of approvable resources (the resources' own CRUD routes are found by server/resources/registry.ts)): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { approvalRoutes } from './approval-routes';

export const area: ServerArea = {
  name: 'crud',
  routes: [approvalRoutes],
};
