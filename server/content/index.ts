/** The content area (news and notices): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { newsRoutes, noticeRoutes } from './routes';

export const area: ServerArea = {
  name: 'content',
  routes: [newsRoutes, noticeRoutes],
};
