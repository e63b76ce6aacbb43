/** Corporations' part of the reference data (server/db/seed-data/catalogue.ts): corporations, their accounts and changes, the group tree. */
import { PERMISSIONS } from '../../src/features/corporations/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';
import { CORPORATION_DICTIONARIES } from './dictionaries';

const { corporation, bankAccount, groupUnit, corpChange } = PERMISSIONS;
const [CORPORATION, BANK_ACCOUNT, GROUP_UNIT, CORP_CHANGE] = [corporation, bankAccount, groupUnit, corpChange].map(resourceOf);

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'group',
      uri: 'group:corp-member-customer',
      title: '企业集团树管理',
      path: 'corp-member-customer',
      icon: 'ClusterOutlined',
      order: 10,
      permission: groupUnit.list,
    },
    { parent: 'group', uri: 'group:corporation', title: '企业管理', path: 'corporation', icon: 'BankOutlined', order: 20, permission: corporation.list },
    { parent: 'group', uri: 'group:corporation:detail', title: '企业详情', path: 'corporation/detail', hidden: true, order: 30, permission: corporation.query },
    { parent: 'group', uri: 'group:corp-change', title: '企业变更', path: 'corp-change', icon: 'AuditOutlined', order: 40, permission: corpChange.list },
  ],
  grants: {
    [ROLE.OP_HANDLER]: [
      { resources: [CORPORATION], actions: ['list', 'query', 'add', 'edit', 'verify'] },
      { resources: [BANK_ACCOUNT], actions: ['list', 'query', 'add', 'remove'] },
      { resources: [GROUP_UNIT], actions: ['list', 'query', 'add', 'edit', 'move', 'remove'] },
      { resources: [CORP_CHANGE], actions: ['list', 'query', 'add', 'edit'] },
    ],
    [ROLE.OP_DIRECTOR]: [{ resources: [CORPORATION, BANK_ACCOUNT, GROUP_UNIT, CORP_CHANGE], actions: READ_ACTIONS }],
  },
  dictionaries: CORPORATION_DICTIONARIES,
};
