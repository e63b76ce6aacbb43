/** Real-name admission's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/realname/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { realname } = PERMISSIONS;
const REALNAME = resourceOf(realname);

export const catalogue: AreaCatalogue = {
  // 实名认证 itself is the realname-records resource's entry (order 5).
  menus: [
    { parent: 'admit', uri: 'admit:realname:add', title: '实名认证新增', path: 'realname/add', hidden: true, order: 10, permission: realname.add },
    { parent: 'admit', uri: 'admit:realname:check', title: '查看', path: 'realname/check', hidden: true, order: 20, permission: realname.query },
    // Readers open the review pages read-only; working them is the task's own check.
    { parent: 'admit', uri: 'admit:realname:oapprove', title: '审核初审', path: 'realname/oapprove', hidden: true, order: 30, permission: realname.query },
    { parent: 'admit', uri: 'admit:realname:mapprove', title: '审核复审', path: 'realname/mapprove', hidden: true, order: 40, permission: realname.query },
  ],
  grants: {
    [ROLE.OP_HANDLER]: [{ resources: [REALNAME], actions: ['list', 'query', 'add', 'edit', 'remove', 'submit'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [REALNAME], actions: READ_ACTIONS }],
    [ROLE.PLATFORM_AG_OPERATOR]: [{ resources: [REALNAME], actions: READ_ACTIONS }],
  },
  dictionaries: [
    {
      dictType: 'realname_status',
      dictName: '实名认证状态',
      items: [
        ['DRAFT', '草稿', 'default'],
        ['PENDING_FIRST', '待初审', 'processing'],
        ['PENDING_SECOND', '待复审', 'processing'],
        ['APPROVED', '已通过', 'success'],
        ['REJECTED', '已驳回', 'error'],
      ],
    },
  ],
};
