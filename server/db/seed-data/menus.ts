/**
 * The menu tree: the directories of spec §2.3 and the pages that are not a declared resource's list
 * (a resource's own entry comes from its declaration's `menu`, see src/crud/resource.ts). All
 * application routes live under /op: a top-level directory's path is absolute ('/op/system'), a
 * child's path is relative to its parent ('dict'), so a page's full path is the parent's path + '/' +
 * the child's. Titles repeat locales/zh-CN/menu.json (a test keeps them equal).
 *
 * Who sees a page follows from `permission`: every role holding it is granted the menu (and the
 * directories above it). A page without one is the admin's alone, until its area declares one.
 */
import { AREA_CATALOGUES, type AreaMenu } from './catalogue';

export interface MenuSeed {
  uri: string;
  title: string;
  path: string;
  /** The permission whose holders are granted this menu (directories: granted with their children). */
  permission?: string;
  /** Place among its siblings, lowest first; default (index + 1) * 10. */
  order?: number;
  icon?: string;
  hidden?: boolean;
  redirect?: string;
  alwaysShow?: boolean;
  noCache?: boolean;
  routeName?: string;
  /** Defaults: 'Layout' for a top-level directory, 'ParentView' for a nested one, else `${fullPath}/index`. */
  component?: string;
  children?: MenuSeed[];
  /**
   * Titles earlier releases seeded for this menu. Reference data is never updated on upgrade, so an
   * operator's rename stays; a row still holding one of these was never renamed, and takes the
   * current title (server/db/reference.ts).
   */
  formerTitles?: readonly string[];
}

/**
 * The top-level directories of spec §2.3 (two hidden ones hold task pages opened from the task centre).
 * Their pages are the areas' (each area's server/<area>/catalogue.ts, `parent` naming a directory here)
 * and the declared resources' (their `menu`). Orders are explicit: the areas' pages are placed among them.
 */
const DIRECTORIES: readonly MenuSeed[] = [
  { uri: 'system', title: '系统管理', path: '/op/system', icon: 'SettingOutlined', alwaysShow: true, order: 10, children: [] },
  { uri: 'platform-content', title: '平台内容', path: '/op/platform-content', icon: 'ReadOutlined', alwaysShow: true, order: 20, children: [] },
  {
    uri: 'certificate-management',
    title: '证书管理',
    path: '/op/certificate-management',
    icon: 'SafetyCertificateOutlined',
    alwaysShow: true,
    order: 30,
    children: [],
  },
  { uri: 'task', title: '任务中心', path: '/op/task', icon: 'ScheduleOutlined', alwaysShow: true, order: 40, children: [] },
  // Task pages of page-type processes (spec 2.5), opened from the task centre, never from the menu.
  { uri: 'credit', title: '白条管理', path: '/op/credit', icon: 'AccountBookOutlined', hidden: true, order: 50, children: [] },
  { uri: 'price', title: '价格策略', path: '/op/price', icon: 'AccountBookOutlined', hidden: true, order: 60, children: [] },
  { uri: 'admit', title: '准入管理', path: '/op/admit', icon: 'AuditOutlined', alwaysShow: true, order: 70, children: [] },
  { uri: 'abs', title: '资产证券化', path: '/op/abs', icon: 'BankOutlined', alwaysShow: true, order: 80, children: [] },
  { uri: 'financing', title: '融资管理', path: '/op/financing', icon: 'MoneyCollectOutlined', alwaysShow: true, order: 90, children: [] },
  { uri: 'group', title: '企业集团', path: '/op/group', icon: 'ApartmentOutlined', alwaysShow: true, order: 100, children: [] },
  { uri: 'quota', title: '额度管理', path: '/op/quota', icon: 'MoneyCollectOutlined', alwaysShow: true, order: 110, children: [] },
  // Every operator's own messages; online support for who answers corporate users (issue 21).
  { uri: 'message-center', title: '消息中心', path: '/op/message-center', icon: 'NotificationOutlined', alwaysShow: true, order: 120, children: [] },
  { uri: 'zd-registration', title: '中登登记', path: '/op/zd-registration', icon: 'FileProtectOutlined', alwaysShow: true, order: 130, children: [] },
  { uri: 'issue', title: '签发管理', path: '/op/issue', icon: 'FileDoneOutlined', alwaysShow: true, order: 140, children: [] },
  { uri: 'standard-library', title: '标准库', path: '/op/standard-library', icon: 'BlockOutlined', alwaysShow: true, order: 150, children: [] },
  { uri: 'product', title: '产品管理', path: '/op/product', icon: 'AppstoreOutlined', alwaysShow: true, order: 160, children: [] },
];

/**
 * The seeded tree: the directories with the areas' pages under them, and the areas' top-level pages,
 * each level in order. A page naming no directory, a uri declared twice, or an area page without an
 * order (the index-based default means nothing across areas) stops the start.
 */
export function assembleMenuTree(directoryList: readonly MenuSeed[], catalogues: typeof AREA_CATALOGUES): MenuSeed[] {
  const entries = catalogues.flatMap(({ area, catalogue }) => (catalogue.menus ?? []).map((menu) => ({ area, menu })));
  const uris = new Set<string>(directoryList.map((d) => d.uri));
  for (const { area, menu } of entries) {
    if (uris.has(menu.uri)) throw new Error(`server/${area}/catalogue.ts: menu ${menu.uri} is declared twice`);
    if (menu.order === undefined) throw new Error(`server/${area}/catalogue.ts: menu ${menu.uri} has no order`);
    if (menu.parent !== undefined && !directoryList.some((d) => d.uri === menu.parent))
      throw new Error(`server/${area}/catalogue.ts: menu ${menu.uri} names no seeded directory ${menu.parent}`);
    uris.add(menu.uri);
  }
  const byOrder = (a: MenuSeed, b: MenuSeed) => a.order! - b.order!;
  const page = ({ parent: _parent, ...menu }: AreaMenu): MenuSeed => menu;
  const directories = directoryList.map((directory) => ({
    ...directory,
    children: entries
      .filter(({ menu }) => menu.parent === directory.uri)
      .map(({ menu }) => page(menu))
      .sort(byOrder),
  }));
  const topLevel = entries.filter(({ menu }) => menu.parent === undefined).map(({ menu }) => page(menu));
  return [...directories, ...topLevel].sort(byOrder);
}

export const MENU_TREE: readonly MenuSeed[] = assembleMenuTree(DIRECTORIES, AREA_CATALOGUES);
