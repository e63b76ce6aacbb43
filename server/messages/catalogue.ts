/** Messages' part of the reference data (server/db/seed-data/catalogue.ts): every operator's own messages. */
import { PERMISSIONS } from '../../src/features/messages/permissions';
import { ROLE } from '../../src/lib/codes';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { message } = PERMISSIONS;
const OWN_MESSAGES = [{ permissions: [message.list] }];

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'message-center',
      uri: 'message-center:messages',
      title: '我的消息',
      path: 'messages',
      icon: 'ProfileOutlined',
      order: 10,
      permission: message.list,
    },
  ],
  grants: {
    [ROLE.OP_HANDLER]: OWN_MESSAGES,
    [ROLE.OP_DIRECTOR]: OWN_MESSAGES,
    [ROLE.OP_AUDITOR]: OWN_MESSAGES,
    [ROLE.PLATFORM_AG_OPERATOR]: OWN_MESSAGES,
  },
};
