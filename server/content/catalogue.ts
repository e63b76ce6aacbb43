/** Platform content's part of the reference data (server/db/seed-data/catalogue.ts): its menu entries are its resources' own. */
import { PERMISSIONS } from '../../src/features/content/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const [NEWS, NOTICE] = [PERMISSIONS.news, PERMISSIONS.notice].map(resourceOf);

export const catalogue: AreaCatalogue = {
  grants: { [ROLE.OP_HANDLER]: [{ resources: [NEWS, NOTICE], actions: READ_ACTIONS }] },
  dictionaries: [
    {
      dictType: 'content_status',
      dictName: '内容状态',
      items: [
        ['DRAFT', '草稿', 'default'],
        ['PUBLISHED', '已发布', 'success'],
        ['OFFLINE', '已下架', 'warning'],
      ],
    },
  ],
};
