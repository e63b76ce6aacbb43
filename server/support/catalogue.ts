/** Online support's part of the reference data (server/db/seed-data/catalogue.ts): for who answers corporate users (issue 21). */
import { PERMISSIONS } from '../../src/features/support/permissions';
import { ROLE } from '../../src/lib/codes';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { support } = PERMISSIONS;
const ANSWERS = [{ permissions: [support.list, support.reply] }];

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'message-center',
      uri: 'message-center:support',
      title: '在线客服',
      path: 'support',
      icon: 'SolutionOutlined',
      order: 20,
      permission: support.list,
    },
  ],
  grants: { [ROLE.OP_HANDLER]: ANSWERS, [ROLE.OP_DIRECTOR]: ANSWERS },
};
