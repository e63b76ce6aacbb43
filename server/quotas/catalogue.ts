/** Quotas' part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/quotas/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';
import { QUOTA_DICTIONARIES } from './dictionaries';

const { quota } = PERMISSIONS;
const QUOTA = resourceOf(quota);

export const catalogue: AreaCatalogue = {
  menus: [
    { parent: 'quota', uri: 'quota:account', title: '额度台账', path: 'account', icon: 'AccountBookOutlined', order: 10, permission: quota.list },
    { parent: 'quota', uri: 'quota:dispatch', title: '额度下发', path: 'dispatch', hidden: true, order: 20, permission: quota.query },
    { parent: 'quota', uri: 'quota:ledger', title: '额度流水', path: 'ledger', hidden: true, order: 30, permission: quota.list },
  ],
  grants: {
    // Exports stay the admin's, as every other area's (a working role holds no system:* permission).
    [ROLE.OP_HANDLER]: [{ resources: [QUOTA], actions: ['list', 'query', 'add', 'edit', 'dispatch'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [QUOTA], actions: READ_ACTIONS }],
  },
  dictionaries: QUOTA_DICTIONARIES,
};
