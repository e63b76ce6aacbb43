/**
 * The demo personas of ARCHITECTURE.md, their corporate entities, roles and grants. Demos, end-to-end
 * tests and the server tests sign in as these users.
 */
import { ALL_PERMISSIONS, ALL_PERMISSIONS_WILDCARD, PERMISSIONS, READ_ONLY_ACTIONS, permissionAction } from '../../../src/lib/permissions';
import { ROLE, USER_STATUS } from '../../../src/lib/codes';
import { POSITIONS } from '../../../src/lib/access';

export const CORPS = [
  { corpId: 'CORP-HQ', corpName: '供应链金融服务平台运营中心' },
  { corpId: 'CORP-EAST', corpName: '华东运营分公司' },
  { corpId: 'CORP-SOUTH', corpName: '华南运营分公司' },
] as const;

type CorpId = (typeof CORPS)[number]['corpId'];
type RoleCode = (typeof ROLE)[keyof typeof ROLE];

export interface RoleSeed {
  pkRole: string;
  code: RoleCode;
  /** menuUri values granted, each with all its descendants. */
  menus: readonly string[] | 'all';
  permissions: readonly string[];
}

const { task, realname, certificate, news, notice, home, file, docReview, corporation, bankAccount, groupUnit, corpChange } = PERMISSIONS;

export const ROLES: readonly RoleSeed[] = [
  { pkRole: 'r-admin', code: ROLE.ADMIN, menus: 'all', permissions: [ALL_PERMISSIONS_WILDCARD] },
  {
    pkRole: 'r-op-handler',
    code: ROLE.OP_HANDLER,
    menus: ['task', 'credit', 'price', 'admit', 'certificate-management', 'platform-content', 'abs', 'issue', 'group'],
    permissions: [
      corporation.list, corporation.query, corporation.add, corporation.edit, corporation.verify,
      bankAccount.list, bankAccount.query, bankAccount.add, bankAccount.edit, bankAccount.remove,
      groupUnit.list, groupUnit.query, groupUnit.add, groupUnit.edit, groupUnit.move, groupUnit.remove,
      corpChange.list, corpChange.query, corpChange.add, corpChange.edit,
      task.list, task.query, task.handle, task.start,
      realname.list, realname.query, realname.add, realname.edit, realname.remove, realname.submit,
      certificate.list, certificate.query, certificate.add, certificate.renew, certificate.reopen,
      news.list, news.query, notice.list, notice.query,
      docReview.query, docReview.audit,
      file.upload,
    ],
  },
  {
    pkRole: 'r-op-director',
    code: ROLE.OP_DIRECTOR,
    menus: ['task', 'credit', 'price', 'admit', 'certificate-management', 'platform-content', 'abs', 'issue', 'data-dashboard', 'group'],
    permissions: [
      corporation.list, corporation.query, bankAccount.list, bankAccount.query, groupUnit.list, groupUnit.query,
      corpChange.list, corpChange.query,
      task.list, task.query, task.handle,
      realname.list, realname.query,
      certificate.list, certificate.query,
      home.dataDashboard,
      docReview.query, docReview.audit,
      file.upload,
    ],
  },
  {
    pkRole: 'r-op-auditor',
    code: ROLE.OP_AUDITOR,
    menus: ['system:dict', 'system:dict-data', 'system:config', 'system:export', 'platform-content', 'certificate-management', 'task', 'admit', 'data-dashboard', 'group'],
    permissions: [...ALL_PERMISSIONS.filter((p) => READ_ONLY_ACTIONS.has(permissionAction(p))), home.dataDashboard],
  },
  { pkRole: 'r-platform-ag-operator', code: ROLE.PLATFORM_AG_OPERATOR, menus: ['task', 'admit'], permissions: [task.list, task.query, realname.list, realname.query] },
];

export interface PersonaSeed {
  id: string;
  username: string;
  password: string;
  personName: string;
  role: RoleCode;
  userStatus: number;
  positions: ReadonlyArray<(typeof POSITIONS)[keyof typeof POSITIONS]>;
  sensitiveWhitelist: boolean;
  /** The first one is the user's default corporate entity. */
  corps: readonly CorpId[];
}

export const PERSONAS: readonly PersonaSeed[] = [
  {
    id: 'u-op-admin', username: 'op_admin', password: 'Admin@2026!', personName: '系统管理员', role: ROLE.ADMIN,
    userStatus: USER_STATUS.NORMAL, positions: [], sensitiveWhitelist: true, corps: ['CORP-HQ', 'CORP-EAST', 'CORP-SOUTH'],
  },
  {
    id: 'u-op-handler', username: 'op_handler', password: 'Handler@2026!', personName: '经办人张三', role: ROLE.OP_HANDLER,
    userStatus: USER_STATUS.NORMAL, positions: [POSITIONS.systemAuthOperator], sensitiveWhitelist: false, corps: ['CORP-EAST', 'CORP-HQ'],
  },
  {
    id: 'u-op-director', username: 'op_director', password: 'Director@2026!', personName: '主管李四', role: ROLE.OP_DIRECTOR,
    userStatus: USER_STATUS.NORMAL, positions: [POSITIONS.systemAuthDirector], sensitiveWhitelist: false, corps: ['CORP-EAST', 'CORP-HQ'],
  },
  {
    id: 'u-op-director2', username: 'op_director2', password: 'Director2@2026!', personName: '主管王五', role: ROLE.OP_DIRECTOR,
    userStatus: USER_STATUS.NORMAL, positions: [POSITIONS.systemAuthDirector, POSITIONS.departmentAuthDirector], sensitiveWhitelist: false, corps: ['CORP-HQ'],
  },
  {
    id: 'u-op-auditor', username: 'op_auditor', password: 'Auditor@2026!', personName: '审计员赵六', role: ROLE.OP_AUDITOR,
    userStatus: USER_STATUS.NORMAL, positions: [], sensitiveWhitelist: false, corps: ['CORP-HQ'],
  },
  {
    id: 'u-op-agent', username: 'op_agent', password: 'Agent@2026!', personName: '代理运营孙七', role: ROLE.PLATFORM_AG_OPERATOR,
    userStatus: USER_STATUS.NORMAL, positions: [POSITIONS.departmentAuthOperator], sensitiveWhitelist: false, corps: ['CORP-SOUTH'],
  },
  {
    id: 'u-op-newbie', username: 'op_newbie', password: 'Newbie@2026!', personName: '新员工周八', role: ROLE.OP_HANDLER,
    userStatus: USER_STATUS.INITIAL_PASSWORD, positions: [POSITIONS.systemAuthOperator], sensitiveWhitelist: false, corps: ['CORP-EAST'],
  },
];
