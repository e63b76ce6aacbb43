/** Admin structure's part of the reference data (server/db/seed-data/catalogue.ts): the auditors' permission matrix page. */
import { PERMISSIONS } from '../../src/features/admin-structure/permissions';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'system',
      uri: 'system:permission-matrix',
      title: '权限矩阵',
      path: 'permission-matrix',
      icon: 'TableOutlined',
      order: 68,
      permission: PERMISSIONS.permissionMatrix.list,
    },
  ],
};
