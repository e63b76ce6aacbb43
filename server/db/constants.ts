/** Codes stored in the database that the server and the seed both name. */

/** Position codes of spec §6, stored comma-separated in users.person_position. */
export const POSITION = {
  SYS_AUTH_DIRECTOR: 'SYS_AUTH_DIRECTOR',
  SYS_AUTH_OPERATOR: 'SYS_AUTH_OPERATOR',
  DEPT_AUTH_DIRECTOR: 'DEPT_AUTH_DIRECTOR',
  DEPT_AUTH_OPERATOR: 'DEPT_AUTH_OPERATOR',
} as const;

/** users.user_status values (spec 4.1). */
export const USER_STATUS = { NORMAL: 1, INITIAL_PASSWORD: 2 } as const;

/** Role codes; the client matches roles by roleName or pkRole (spec §6), so roleName repeats the code. */
export const ROLE = {
  ADMIN: 'admin',
  OP_HANDLER: 'ROLE_OP_HANDLER',
  OP_DIRECTOR: 'ROLE_OP_DIRECTOR',
  OP_AUDITOR: 'ROLE_OP_AUDITOR',
  PLATFORM_AG_OPERATOR: 'ROLE_PLATFORM_AG_OPERATOR',
} as const;

/** Well-known configuration keys the client looks up (spec §7). */
export const CONFIG_KEY = {
  downloadType: 'scf.file-system.file.download.type',
  payIssueCorpName: 'scf.pay.issue-corp-name',
  themeColor: 'sys.platform.theme-color',
  opShort: 'sys.platform.opshort',
  platformName: 'sys.platform.name',
} as const;
