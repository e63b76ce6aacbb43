/** Redemption's part of the reference data (server/db/seed-data/catalogue.ts): the payments' audit. */
import { PERMISSIONS } from '../../src/features/redemption/permissions';
import { ROLE } from '../../src/lib/codes';
import { resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { redemption } = PERMISSIONS;
const REDEMPTION = resourceOf(redemption);

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'abs',
      uri: 'abs:credit-recycling-manage:audit',
      title: '付款审核',
      path: 'credit-recycling-manage/audit',
      icon: 'AccountBookOutlined',
      noCache: true,
      order: 50,
      permission: redemption.list,
    },
  ],
  grants: {
    // Handlers record payments into the settlement account and register notes paid elsewhere; directors audit them (four-eyes).
    [ROLE.OP_HANDLER]: [{ resources: [REDEMPTION], actions: ['list', 'query', 'add', 'register'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [REDEMPTION], actions: ['list', 'query', 'audit'] }],
  },
};
