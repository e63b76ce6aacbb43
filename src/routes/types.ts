/** What the shell knows about a route once the menu tree and the static routes are merged. */

/** Which frame a route renders in: the full shell, the header-only variant, or none (spec 2.4). */
export type RouteLayout = 'main' | 'header' | 'bare';

/** How the one page registry answers for a component path. */
export type PageStatus = 'ready' | 'unbuilt' | 'missing';

export interface AppRoute {
  /** Full absolute path, e.g. /op/system/dict. */
  path: string;
  name?: string;
  /** The Chinese title: the server's for menu routes, zh-CN's for static ones. */
  title: string;
  /** Key of the translated title in the `menu` namespace: the menuUri, or the static route's id. */
  titleKey?: string;
  menuUri?: string;
  icon?: string;
  hidden: boolean;
  /** Not kept alive: the page remounts each time it is entered (spec 2.3, 付款审核). */
  noCache: boolean;
  /** A pinned tag that cannot be closed. */
  affix: boolean;
  layout: RouteLayout;
  /** The component path the page registry resolves, e.g. /op/system/dict/index. */
  component: string;
  pageStatus: PageStatus;
  /** An action page the operator may open but not act on (StaticRoute.action): the shell shows it read-only. */
  readOnly: boolean;
  /** Titles of the directories above, for the breadcrumb. */
  ancestors: { title: string; titleKey?: string; path: string }[];
}

/** A directory's own path leads to its redirect or to its first page. */
export interface DirectoryRedirect {
  path: string;
  to: string;
}

/** One entry of the sidebar. */
export interface NavItem {
  /** Full path of the menu node; the Menu's key. */
  key: string;
  title: string;
  titleKey?: string;
  icon?: string;
  /** Where selecting the entry goes (a directory shown as a leaf goes to its redirect). */
  to: string;
  children?: NavItem[];
}

export interface RouteTable {
  routes: AppRoute[];
  redirects: DirectoryRedirect[];
  nav: NavItem[];
  /** Every menuUri of the granted tree: the synchronous access lookup of spec §6. */
  menuUris: ReadonlySet<string>;
}

/** What every page module of the page registry receives (its default export's props). */
export interface PageProps {
  route: AppRoute;
}
