/**
 * The demo personas of ARCHITECTURE.md, their corporate entities, roles and grants. Demos, end-to-end
 * tests and the server tests sign in as these users.
 */
import { READ_ACTIONS, type GrantRule } from '../../../src/lib/grants';
import { ROLE, USER_STATUS } from '../../../src/lib/codes';
import { POSITIONS } from '../../../src/lib/access';
import { AREA_CATALOGUES } from './catalogue';

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

/**
 * A seeded role's rules: those that span every area here, then each area's for this role (its
 * server/<area>/catalogue.ts), in folder order. An area granting a role that is not seeded, or the
 * administrator (who holds everything), stops the start.
 */
export function rolesWithAreaGrants(roles: readonly RoleSeed[], catalogues: typeof AREA_CATALOGUES = AREA_CATALOGUES): RoleSeed[] {
  for (const { area, catalogue } of catalogues)
    for (const code of Object.keys(catalogue.grants ?? {}))
      if (code === ROLE.ADMIN || !roles.some((role) => role.code === code))
        throw new Error(`server/${area}/catalogue.ts: grants to ${code}, which is no seeded working role`);
  return roles.map((role) =>
    role.grants === 'all' ? role : { ...role, grants: [...role.grants, ...catalogues.flatMap(({ catalogue }) => catalogue.grants?.[role.code] ?? [])] },
  );
}

export const ROLES: readonly RoleSeed[] = rolesWithAreaGrants([
  { pkRole: 'r-admin', code: ROLE.ADMIN, roleName: '系统管理员', grants: 'all' },
  // The working roles hold what the areas grant them: what to handle, what to review, what to read.
  { pkRole: 'r-op-handler', roleName: '运营经办', code: ROLE.OP_HANDLER, grants: [] },
  { pkRole: 'r-op-director', roleName: '运营主管', code: ROLE.OP_DIRECTOR, grants: [] },
  // The auditor reads everything, a resource declared tomorrow included, and changes nothing.
  { pkRole: 'r-op-auditor', code: ROLE.OP_AUDITOR, roleName: '运营审计', grants: [{ resources: '*', actions: READ_ACTIONS }] },
  { pkRole: 'r-platform-ag-operator', code: ROLE.PLATFORM_AG_OPERATOR, roleName: '代理运营', grants: [] },
]);

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
