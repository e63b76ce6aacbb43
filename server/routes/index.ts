/** The routes area (platform calls: sign-in, the user, settings, page elements, form drafts, exports, platform config): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { exportRecordRoutes } from './export-records';
import { formDraftRoutes } from './form-drafts';
import { platformConfigRoutes } from './platform-config';
import { securityElementRoutes } from './security-elements';
import { sysConfigRoutes } from './sys-config';
import { uaaRoutes } from './uaa';
import { userRoutes } from './user';

export const area: ServerArea = {
  name: 'routes',
  routes: [uaaRoutes, userRoutes, sysConfigRoutes, securityElementRoutes, formDraftRoutes, exportRecordRoutes, platformConfigRoutes],
};
