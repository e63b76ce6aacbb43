/** Securitisation's part of the reference data (server/db/seed-data/catalogue.ts): asset packages, issue nodes and the registry. */
import { PERMISSIONS } from '../../src/features/abs/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';
import { ABS_DICTIONARIES } from './dictionaries';

const { absPackage, zdRegistration } = PERMISSIONS;
const [ABS_PACKAGE, ZD_REGISTRATION] = [absPackage, zdRegistration].map(resourceOf);

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'abs',
      uri: 'abs:assets:assets-manage',
      title: '资产包管理',
      path: 'assets/assets-manage',
      icon: 'GoldOutlined',
      order: 30,
      permission: absPackage.list,
    },
    {
      parent: 'abs',
      uri: 'abs:assets:issue-node-register',
      title: '节点登记',
      path: 'assets/issue-node-register',
      icon: 'NodeIndexOutlined',
      order: 40,
      permission: absPackage.list,
    },
    {
      parent: 'zd-registration',
      uri: 'zd-registration:management:register',
      title: '中登登记',
      path: 'management/register',
      icon: 'FormOutlined',
      order: 10,
      permission: zdRegistration.list,
    },
  ],
  grants: {
    // Securitisation clerks build packages, date their nodes and file registrations with the registry.
    [ROLE.OP_HANDLER]: [{ resources: [ABS_PACKAGE, ZD_REGISTRATION], actions: ['list', 'query', 'add', 'edit'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [ABS_PACKAGE, ZD_REGISTRATION], actions: READ_ACTIONS }],
  },
  dictionaries: ABS_DICTIONARIES,
};
