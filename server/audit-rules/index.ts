/** The audit-rules area (auditors' rules): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { auditRuleRoutes } from './routes';

export const area: ServerArea = {
  name: 'audit-rules',
  routes: [auditRuleRoutes],
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { preventiveCheck } from './preventive';
