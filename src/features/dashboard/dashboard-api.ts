/** The dashboard's one call (server/dashboard/routes.ts), through the one signed client. */
import { DASHBOARD_API, type DashboardOverview } from '../../lib/dashboard';
import { api } from '../../providers/http';

export const dashboardApi = {
  overview: () => api.post<DashboardOverview>(`${DASHBOARD_API}/overview`, {}),
};
