/** Shapes of the session calls' `data` (spec §3), shared by client and server. */
export interface Authority {
  code: string;
  roleName: string;
  pkRole: string;
}

export interface CorpRef {
  corpId: string;
  corpName: string;
}

export interface UserInfo {
  personId: string;
  username: string;
  personName: string;
  avatar: string;
  authorities: Authority[];
  menuPerms: string[];
  /** 2 = first login: the password must be changed before anything else. */
  userStatus: number;
  /** Comma-separated position codes. */
  personPosition: string;
  corps: CorpRef[];
  corpId: string;
  corpName: string;
  sensitiveWhitelist: boolean;
}

export interface MenuRouteItem {
  name?: string;
  path: string;
  component?: string;
  hidden?: boolean;
  redirect?: string;
  alwaysShow?: boolean;
  meta?: { title: string; icon?: string; menuUri?: string; noCache?: boolean };
  children?: MenuRouteItem[];
}

export interface LoginResult {
  authToken: string;
  wsToken: string;
}

export interface TokenResult {
  authToken: string;
  csrf: { token: string; headerName: string };
}

/** The three global-config calls of spec §7; the browser merges their answers into one config. */
export const GLOBAL_CONFIG_PATHS = {
  platform: '/op/v1/sys/tools/load-platform-config',
  products: '/op/v1/sys/tools/load-prd-config',
  navView: '/op/v1/sys/pub/load/nav-view-config',
} as const;

/** A product of the platform (spec §3 global config), as load-prd-config answers it. */
export interface ProductModel {
  prdCode: string;
  extAttrMap?: { prdName?: string; prdShortName?: string };
}

/** What load-platform-config answers. */
export interface PlatformConfig {
  themeColor?: string | null;
  opshort?: string | null;
}

/** What load-prd-config answers. */
export interface ProductConfig {
  sysPrdModelVOList: ProductModel[];
}

/** What nav-view-config answers: ids of public files. */
export interface NavViewConfig {
  logoFileId?: string | null;
  faviconFileId?: string | null;
}

/** User-info refresh interval for platform-agent operators (spec §9). */
export const USER_REFRESH_INTERVAL_MS = 600_000;

/** One dictionary item as list-by-dict-type(s) answers it: what a screen needs to show a coded value. */
export interface DictItem {
  dictLabel: string;
  dictValue: string;
  listClass: string;
  isShow: boolean;
  dictSort: number;
  /** Only when asked with includeDisabled: the entry is disabled (kept to label records that still hold it). */
  disabled?: boolean;
}
