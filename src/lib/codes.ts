/** Domain codes that the browser, the server and the seed all name: each is defined here once. */

/** users.userStatus values (spec 4.1): 2 is the first login, which forces a password change. */
export const USER_STATUS = { NORMAL: 1, INITIAL_PASSWORD: 2 } as const;

/** Role codes; roles are matched by code or pkRole (src/lib/access.ts hasAnyRole), never by their display name. */
export const ROLE = {
  ADMIN: 'admin',
  OP_HANDLER: 'ROLE_OP_HANDLER',
  OP_DIRECTOR: 'ROLE_OP_DIRECTOR',
  OP_AUDITOR: 'ROLE_OP_AUDITOR',
  PLATFORM_AG_OPERATOR: 'ROLE_PLATFORM_AG_OPERATOR',
} as const;

/** Well-known configuration keys (spec §7). */
export const CONFIG_KEY = {
  downloadType: 'scf.file-system.file.download.type',
  payIssueCorpName: 'scf.pay.issue-corp-name',
  themeColor: 'sys.platform.theme-color',
  opShort: 'sys.platform.opshort',
  platformName: 'sys.platform.name',
  /** JSON array of the corporation names for which SMS signing is switched on (spec 4.3). */
  smsSignOpenCorps: 'scf.sign.sms.open-corps',
  /** JSON list of products: [{prdCode, prdName, prdShortName}] (load-prd-config). */
  products: 'sys.platform.products',
  /** The issuer named on newly issued certificates. */
  certIssuer: 'scf.cert.issuer',
  /** Ids of public files (nav-view-config). */
  logoFileId: 'sys.platform.logo-file-id',
  faviconFileId: 'sys.platform.favicon-file-id',
} as const;

/** The states of an export record (dictionary export_status). */
export const EXPORT_STATUS = { processing: 'PROCESSING', success: 'SUCCESS', failure: 'FAILURE' } as const;
