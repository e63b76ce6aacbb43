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
import { PERMISSIONS } from '../../../src/lib/permissions';

const {
  task,
  instance,
  realname,
  certificate,
  home,
  corporation,
  groupUnit,
  corpChange,
  template,
  product,
  agreement,
  quota,
  creditNote,
  redemption,
  bill,
  absPackage,
  zdRegistration,
  financing,
  permissionMatrix,
  auditRule,
  message,
  support,
} = PERMISSIONS;

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

export const MENU_TREE: readonly MenuSeed[] = [
  {
    // Its pages are the system resources' (src/resources/system.ts) and the auditor's permission matrix.
    uri: 'system',
    title: '系统管理',
    path: '/op/system',
    icon: 'SettingOutlined',
    alwaysShow: true,
    children: [
      { uri: 'system:permission-matrix', title: '权限矩阵', path: 'permission-matrix', icon: 'TableOutlined', order: 68, permission: permissionMatrix.list },
      // The auditors' rules (issue 41): which segregation-of-duties rules hold, which are broken, by whom.
      { uri: 'system:audit-rules', title: '审计规则', path: 'audit-rules', icon: 'SafetyCertificateOutlined', order: 69, permission: auditRule.list },
    ],
  },
  { uri: 'platform-content', title: '平台内容', path: '/op/platform-content', icon: 'ReadOutlined', alwaysShow: true, children: [] },
  {
    uri: 'certificate-management',
    title: '证书管理',
    path: '/op/certificate-management',
    icon: 'SafetyCertificateOutlined',
    alwaysShow: true,
    children: [
      { uri: 'certificate-management:certificate-detail', title: '证书管理', path: 'certificate-detail', icon: 'IdcardOutlined', permission: certificate.list },
    ],
  },
  {
    uri: 'task',
    title: '任务中心',
    path: '/op/task',
    icon: 'ScheduleOutlined',
    alwaysShow: true,
    children: [
      { uri: 'task:todo', title: '待办任务', path: 'todo', icon: 'ClockCircleOutlined', permission: task.list },
      { uri: 'task:done', title: '已办任务', path: 'done', icon: 'CheckCircleOutlined', permission: task.list },
      { uri: 'task:started', title: '我发起的', path: 'started', icon: 'SendOutlined', permission: task.list },
      // Every instance, whoever started it: for who may read them all (the auditor).
      { uri: 'task:all', title: '全部流程', path: 'all', icon: 'UnorderedListOutlined', permission: instance.list },
      // The shared task view and the hidden routes of page-type processes' steps (spec 2.5) go with this grant.
      { uri: 'task:view', title: '任务办理', path: 'view', hidden: true, permission: task.query },
    ],
  },
  {
    // Task pages of page-type processes (spec 2.5), opened from the task centre, never from the menu.
    uri: 'credit',
    title: '白条管理',
    path: '/op/credit',
    icon: 'AccountBookOutlined',
    hidden: true,
    children: [{ uri: 'credit:final-approve', title: '白条签发审批', path: 'final-approve/approve', hidden: true, permission: task.handle }],
  },
  {
    uri: 'price',
    title: '价格策略',
    path: '/op/price',
    icon: 'AccountBookOutlined',
    hidden: true,
    children: [{ uri: 'price:config', title: '价格策略配置', path: 'config', hidden: true, permission: task.handle }],
  },
  {
    uri: 'admit',
    title: '准入管理',
    path: '/op/admit',
    icon: 'AuditOutlined',
    alwaysShow: true,
    children: [
      // 实名认证 itself is the realname-records resource's entry (order 5).
      { uri: 'admit:realname:add', title: '实名认证新增', path: 'realname/add', hidden: true, permission: realname.add },
      { uri: 'admit:realname:check', title: '查看', path: 'realname/check', hidden: true, permission: realname.query },
      // Readers open the review pages read-only; working them is the task's own check.
      { uri: 'admit:realname:oapprove', title: '审核初审', path: 'realname/oapprove', hidden: true, permission: realname.query },
      { uri: 'admit:realname:mapprove', title: '审核复审', path: 'realname/mapprove', hidden: true, permission: realname.query },
    ],
  },
  {
    uri: 'abs',
    title: '资产证券化',
    path: '/op/abs',
    icon: 'BankOutlined',
    alwaysShow: true,
    children: [
      {
        // The upload steps are reached in sequence, never from the menu (spec 2.3): the directory
        // entry opens the first step.
        uri: 'abs:finance-data:upload',
        title: '融资资料上传',
        path: 'finance-data/upload',
        icon: 'CloudUploadOutlined',
        permission: financing.edit,
        redirect: '/op/abs/finance-data/upload/auth',
        children: [
          { uri: 'abs:finance-data:upload:auth', title: '基础资料上传', path: 'auth', hidden: true, permission: financing.edit },
          { uri: 'abs:finance-data:upload:contract', title: '商务合同上传', path: 'contract', hidden: true, permission: financing.edit },
          { uri: 'abs:finance-data:upload:invoice', title: '发票上传', path: 'invoice', hidden: true, permission: financing.edit },
          { uri: 'abs:finance-data:upload:other', title: '其他资料上传', path: 'other', hidden: true, permission: financing.edit },
          { uri: 'abs:finance-data:upload:success', title: '资料上传成功', path: 'success', hidden: true, permission: financing.edit },
        ],
      },
      { uri: 'abs:finance-data:detail', title: '融资资料查看', path: 'finance-data/detail', hidden: true, permission: financing.query },
      { uri: 'abs:assets:assets-manage', title: '资产包管理', path: 'assets/assets-manage', icon: 'GoldOutlined', permission: absPackage.list },
      { uri: 'abs:assets:issue-node-register', title: '节点登记', path: 'assets/issue-node-register', icon: 'NodeIndexOutlined', permission: absPackage.list },
      {
        uri: 'abs:credit-recycling-manage:audit',
        title: '付款审核',
        path: 'credit-recycling-manage/audit',
        icon: 'AccountBookOutlined',
        noCache: true,
        permission: redemption.list,
      },
    ],
  },
  {
    uri: 'financing',
    title: '融资管理',
    path: '/op/financing',
    icon: 'MoneyCollectOutlined',
    alwaysShow: true,
    children: [{ uri: 'financing:sign-up:detail', title: '融资资格申请详情', path: 'sign-up/detail', icon: 'SolutionOutlined', permission: financing.list }],
  },
  {
    uri: 'group',
    title: '企业集团',
    path: '/op/group',
    icon: 'ApartmentOutlined',
    alwaysShow: true,
    children: [
      { uri: 'group:corp-member-customer', title: '企业集团树管理', path: 'corp-member-customer', icon: 'ClusterOutlined', permission: groupUnit.list },
      { uri: 'group:corporation', title: '企业管理', path: 'corporation', icon: 'BankOutlined', permission: corporation.list },
      { uri: 'group:corporation:detail', title: '企业详情', path: 'corporation/detail', hidden: true, permission: corporation.query },
      { uri: 'group:corp-change', title: '企业变更', path: 'corp-change', icon: 'AuditOutlined', permission: corpChange.list },
    ],
  },
  {
    uri: 'quota',
    title: '额度管理',
    path: '/op/quota',
    icon: 'MoneyCollectOutlined',
    alwaysShow: true,
    children: [
      { uri: 'quota:account', title: '额度台账', path: 'account', icon: 'AccountBookOutlined', permission: quota.list },
      { uri: 'quota:dispatch', title: '额度下发', path: 'dispatch', hidden: true, permission: quota.query },
      { uri: 'quota:ledger', title: '额度流水', path: 'ledger', hidden: true, permission: quota.list },
    ],
  },
  {
    // Every operator's own messages; online support for who answers corporate users (issue 21).
    uri: 'message-center',
    title: '消息中心',
    path: '/op/message-center',
    icon: 'NotificationOutlined',
    alwaysShow: true,
    children: [
      { uri: 'message-center:messages', title: '我的消息', path: 'messages', icon: 'ProfileOutlined', permission: message.list },
      { uri: 'message-center:support', title: '在线客服', path: 'support', icon: 'SolutionOutlined', permission: support.list },
    ],
  },
  {
    uri: 'zd-registration',
    title: '中登登记',
    path: '/op/zd-registration',
    icon: 'FileProtectOutlined',
    alwaysShow: true,
    children: [
      { uri: 'zd-registration:management:register', title: '中登登记', path: 'management/register', icon: 'FormOutlined', permission: zdRegistration.list },
    ],
  },
  {
    uri: 'issue',
    title: '签发管理',
    path: '/op/issue',
    icon: 'FileDoneOutlined',
    alwaysShow: true,
    children: [
      { uri: 'issue:project-dept:detail', title: '项目部申请流程', path: 'project-dept/detail', icon: 'ProjectOutlined', permission: creditNote.list },
      { uri: 'issue:branch-comp:detail', title: '分/子公司申请流程', path: 'branch-comp/detail', icon: 'BranchesOutlined', permission: creditNote.list },
      { uri: 'issue:group:detail', title: '集团申请流程', path: 'group/detail', icon: 'ApartmentOutlined', permission: creditNote.list },
      { uri: 'issue:group:generate', title: '签发数据生成', path: 'group/generate', icon: 'DatabaseOutlined', permission: creditNote.list },
      { uri: 'issue:notes', title: '白条查询', path: 'notes', icon: 'AccountBookOutlined', permission: creditNote.list },
      { uri: 'issue:notes:detail', title: '白条详情', path: 'notes/detail', hidden: true, permission: creditNote.query },
      // A batch's own page (its figures, notes and approval record), where every link to a batch leads.
      { uri: 'issue:group:batch', title: '签发数据详情', path: 'group/batch', hidden: true, permission: creditNote.query },
      // 账单核算 (DOMAIN.md "Bills"): the platform's service fees on what was issued and financed.
      { uri: 'issue:bills', title: '账单核算', path: 'bills', icon: 'AccountBookOutlined', permission: bill.list },
      { uri: 'issue:bills:detail', title: '账单详情', path: 'bills/detail', hidden: true, permission: bill.query },
    ],
  },
  {
    uri: 'standard-library',
    title: '标准库',
    path: '/op/standard-library',
    icon: 'BlockOutlined',
    alwaysShow: true,
    // The page was 标准库 like its directory until stop 39 (the breadcrumb read 标准库 / 标准库).
    children: [
      { uri: 'standard-library:detail', title: '协议模板', formerTitles: ['标准库'], path: 'detail', icon: 'ProfileOutlined', permission: template.list },
    ],
  },
  {
    // 价格策略 itself is the price-policies resource's entry (order 30).
    uri: 'product',
    title: '产品管理',
    path: '/op/product',
    icon: 'AppstoreOutlined',
    alwaysShow: true,
    children: [
      { uri: 'product:products', title: '产品配置', path: 'products', icon: 'GoldOutlined', order: 10, permission: product.list },
      { uri: 'product:agreements', title: '协议配置', path: 'agreements', icon: 'FileTextOutlined', order: 20, permission: agreement.list },
    ],
  },
  {
    // Outside the main layout (spec 2.4): a top-level page, not a directory.
    uri: 'data-dashboard',
    title: '数据驾驶舱',
    path: '/op/data-dashboard',
    icon: 'DashboardOutlined',
    hidden: true,
    routeName: 'data-dashboard-query',
    permission: home.dataDashboard,
  },
];
