/**
 * The demo personas of ARCHITECTURE.md, their corporate entities, roles and grants. Demos, end-to-end
 * tests and the server tests sign in as these users.
 */
import { PERMISSIONS } from '../../../src/lib/permissions';
import { READ_ACTIONS, permissionResource, type GrantRule } from '../../../src/lib/grants';
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
  /**
   * What people read (运营主管); the code decides access. Releases before display names seeded the
   * code as the name: an install that still holds it is given this one (server/db/reference.ts).
   */
  roleName: string;
  /**
   * What the role may do, as rules over actions (src/lib/grants.ts); 'all' is the wildcard and every
   * menu. The role's menus follow: each menu whose permission the rules grant (server/db/reference.ts).
   */
  grants: readonly GrantRule[] | 'all';
}

const {
  task,
  realname,
  certificate,
  news,
  notice,
  home,
  file,
  docReview,
  corporation,
  bankAccount,
  groupUnit,
  corpChange,
  template,
  product,
  agreement,
  pricePolicy,
  quota,
  creditNote,
  redemption,
  bill,
  absPackage,
  zdRegistration,
  financing,
  operationLog,
  auditRule,
  message,
  support,
  hotline,
} = PERMISSIONS;
const resourceOf = (permissions: Readonly<Record<string, string>>) => permissionResource(Object.values(permissions)[0]);
const [TASK, REALNAME, CERTIFICATE, NEWS, NOTICE, DOC_REVIEW] = [task, realname, certificate, news, notice, docReview].map(resourceOf);
const [CORPORATION, BANK_ACCOUNT, GROUP_UNIT, CORP_CHANGE] = [corporation, bankAccount, groupUnit, corpChange].map(resourceOf);
const [TEMPLATE, PRODUCT, AGREEMENT, PRICE_POLICY] = [template, product, agreement, pricePolicy].map(resourceOf);
const [ABS_PACKAGE, ZD_REGISTRATION] = [absPackage, zdRegistration].map(resourceOf);
const [QUOTA, CREDIT_NOTE, FINANCING, HOTLINE, REDEMPTION, BILL] = [quota, creditNote, financing, hotline, redemption, bill].map(resourceOf);

export const ROLES: readonly RoleSeed[] = [
  { pkRole: 'r-admin', code: ROLE.ADMIN, roleName: '系统管理员', grants: 'all' },
  {
    pkRole: 'r-op-handler',
    roleName: '运营经办',
    code: ROLE.OP_HANDLER,
    grants: [
      { resources: [TASK, DOC_REVIEW], actions: '*' },
      { resources: [REALNAME], actions: ['list', 'query', 'add', 'edit', 'remove', 'submit'] },
      { resources: [CERTIFICATE], actions: ['list', 'query', 'add', 'renew', 'reopen'] },
      { resources: [CORPORATION], actions: ['list', 'query', 'add', 'edit', 'verify'] },
      { resources: [BANK_ACCOUNT], actions: ['list', 'query', 'add', 'remove'] },
      { resources: [GROUP_UNIT], actions: ['list', 'query', 'add', 'edit', 'move', 'remove'] },
      { resources: [CORP_CHANGE], actions: ['list', 'query', 'add', 'edit'] },
      { resources: [TEMPLATE], actions: ['list', 'query', 'add', 'edit', 'remove'] },
      { resources: [PRODUCT, AGREEMENT, PRICE_POLICY], actions: ['list', 'query', 'add', 'edit'] },
      // Exports stay the admin's, as every other area's (a working role holds no system:* permission).
      { resources: [QUOTA], actions: ['list', 'query', 'add', 'edit', 'dispatch'] },
      // Securitisation clerks build packages, date their nodes and file registrations with the registry.
      { resources: [ABS_PACKAGE, ZD_REGISTRATION], actions: ['list', 'query', 'add', 'edit'] },
      // The handler who generates issuance data sends it on: the batch's export (credit:note:export) is
      // the area's own, not the system:export:* of the export records, so the working role holds it.
      { resources: [CREDIT_NOTE], actions: ['list', 'query', 'add', 'generate', 'split', 'export'] },
      // Handlers record payments into the settlement account and register notes paid elsewhere; directors audit them (four-eyes).
      { resources: [REDEMPTION], actions: ['list', 'query', 'add', 'register'] },
      // Handlers generate the month's bills, submit them for review, register payments and invoice paid ones.
      { resources: [BILL], actions: ['list', 'query', 'generate', 'submit', 'pay', 'invoice'] },
      // Handlers start, complete and sign financing applications; the files' verdicts are the directors'.
      { resources: [FINANCING], actions: ['list', 'query', 'add', 'edit', 'sign'] },
      { resources: [NEWS, NOTICE], actions: READ_ACTIONS },
      // Call authorisation: the call button still needs the sensitive-data whitelist (spec §6).
      { resources: [HOTLINE], actions: ['list', 'query', 'dial'] },
      { permissions: [file.upload, message.list, support.list, support.reply] },
    ],
  },
  {
    pkRole: 'r-op-director',
    roleName: '运营主管',
    code: ROLE.OP_DIRECTOR,
    grants: [
      { resources: [TASK], actions: ['list', 'query', 'handle'] },
      { resources: [DOC_REVIEW], actions: '*' },
      {
        resources: [
          REALNAME,
          CERTIFICATE,
          CORPORATION,
          BANK_ACCOUNT,
          GROUP_UNIT,
          CORP_CHANGE,
          PRODUCT,
          AGREEMENT,
          PRICE_POLICY,
          QUOTA,
          CREDIT_NOTE,
          BILL,
          ABS_PACKAGE,
          ZD_REGISTRATION,
          HOTLINE,
        ],
        actions: READ_ACTIONS,
      },
      // Directors freeze a drafted template version (定稿); they review products through the task centre.
      { resources: [TEMPLATE], actions: ['list', 'query', 'approve'] },
      { resources: [FINANCING], actions: ['list', 'query', 'review'] },
      { resources: [REDEMPTION], actions: ['list', 'query', 'audit'] },
      // The second person a documented exception to an auditors' rule needs (issue 41): the administrator asks, a director approves.
      { permissions: [home.dataDashboard, file.upload, message.list, support.list, support.reply, auditRule.approveException] },
    ],
  },
  // The auditor reads everything, a resource declared tomorrow included, and changes nothing.
  // The operation log is exported too: an audit takes its evidence away.
  {
    pkRole: 'r-op-auditor',
    code: ROLE.OP_AUDITOR,
    roleName: '运营审计',
    grants: [
      { resources: '*', actions: READ_ACTIONS },
      { permissions: [home.dataDashboard, operationLog.export, auditRule.run, auditRule.export, message.list] },
    ],
  },
  {
    pkRole: 'r-platform-ag-operator',
    code: ROLE.PLATFORM_AG_OPERATOR,
    roleName: '代理运营',
    grants: [{ resources: [TASK, REALNAME], actions: READ_ACTIONS }, { permissions: [message.list] }],
  },
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
  /** The department of the demo organisation tree (server/admin-structure/reference.ts DEMO_ORGS) the persona works in. */
  orgId: string;
}

export const PERSONAS: readonly PersonaSeed[] = [
  {
    id: 'u-op-admin',
    username: 'op_admin',
    password: 'Admin@2026!',
    personName: '系统管理员',
    role: ROLE.ADMIN,
    userStatus: USER_STATUS.NORMAL,
    positions: [],
    sensitiveWhitelist: true,
    corps: ['CORP-HQ', 'CORP-EAST', 'CORP-SOUTH'],
    orgId: 'org-hq',
  },
  {
    id: 'u-op-handler',
    username: 'op_handler',
    password: 'Handler@2026!',
    personName: '经办人张三',
    role: ROLE.OP_HANDLER,
    userStatus: USER_STATUS.NORMAL,
    positions: [POSITIONS.systemAuthOperator],
    sensitiveWhitelist: false,
    corps: ['CORP-EAST', 'CORP-HQ'],
    orgId: 'org-ops-review',
  },
  {
    id: 'u-op-director',
    username: 'op_director',
    password: 'Director@2026!',
    personName: '主管李四',
    role: ROLE.OP_DIRECTOR,
    userStatus: USER_STATUS.NORMAL,
    positions: [POSITIONS.systemAuthDirector],
    sensitiveWhitelist: false,
    corps: ['CORP-EAST', 'CORP-HQ'],
    orgId: 'org-ops',
  },
  {
    id: 'u-op-director2',
    username: 'op_director2',
    password: 'Director2@2026!',
    personName: '主管王五',
    role: ROLE.OP_DIRECTOR,
    userStatus: USER_STATUS.NORMAL,
    positions: [POSITIONS.systemAuthDirector, POSITIONS.departmentAuthDirector],
    sensitiveWhitelist: false,
    corps: ['CORP-HQ'],
    orgId: 'org-risk',
  },
  {
    id: 'u-op-auditor',
    username: 'op_auditor',
    password: 'Auditor@2026!',
    personName: '审计员赵六',
    role: ROLE.OP_AUDITOR,
    userStatus: USER_STATUS.NORMAL,
    positions: [],
    sensitiveWhitelist: false,
    corps: ['CORP-HQ'],
    orgId: 'org-audit',
  },
  {
    id: 'u-op-agent',
    username: 'op_agent',
    password: 'Agent@2026!',
    personName: '代理运营孙七',
    role: ROLE.PLATFORM_AG_OPERATOR,
    userStatus: USER_STATUS.NORMAL,
    positions: [POSITIONS.departmentAuthOperator],
    sensitiveWhitelist: false,
    corps: ['CORP-SOUTH'],
    orgId: 'org-south',
  },
  {
    id: 'u-op-newbie',
    username: 'op_newbie',
    password: 'Newbie@2026!',
    personName: '新员工周八',
    role: ROLE.OP_HANDLER,
    userStatus: USER_STATUS.INITIAL_PASSWORD,
    positions: [POSITIONS.systemAuthOperator],
    sensitiveWhitelist: false,
    corps: ['CORP-EAST'],
    orgId: 'org-ops-review',
  },
];
