/** The audit-rules area (auditors' rules): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { auditRuleRoutes } from './routes';

export const area: ServerArea = {
  name: 'audit-rules',
  routes: [auditRuleRoutes],
};
