/** The data dashboard's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/dashboard/permissions';
import { ROLE } from '../../src/lib/codes';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { home } = PERMISSIONS;

export const catalogue: AreaCatalogue = {
  menus: [
    {
      // Outside the main layout (spec 2.4): a top-level page, not a directory, after the seeded directories.
      uri: 'data-dashboard',
      title: '数据驾驶舱',
      path: '/op/data-dashboard',
      icon: 'DashboardOutlined',
      hidden: true,
      routeName: 'data-dashboard-query',
      order: 170,
      permission: home.dataDashboard,
    },
  ],
  grants: {
    [ROLE.OP_DIRECTOR]: [{ permissions: [home.dataDashboard] }],
    [ROLE.OP_AUDITOR]: [{ permissions: [home.dataDashboard] }],
  },
};
