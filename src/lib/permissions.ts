/**
 * The permission strings of every resource, defined once: resource declarations, the server's
 * route guards, the seeded role grants and the auditor's matrix all read them from here.
 * Strings follow area:resource:action.
 */
export const ALL_PERMISSIONS_WILDCARD = '*:*:*';

/** The six CRUD permission strings of one resource, area:resource:action. */
export const crud = (area: string, resource: string) =>
  ({
    list: `${area}:${resource}:list`,
    query: `${area}:${resource}:query`,
    add: `${area}:${resource}:add`,
    edit: `${area}:${resource}:edit`,
    remove: `${area}:${resource}:remove`,
    export: `${area}:${resource}:export`,
  }) as const;

export const PERMISSIONS = {
  home: { dataDashboard: 'index:home:data-dashboard' },
  dictType: crud('system', 'dict'),
  dictData: crud('system', 'dictData'),
  config: crud('system', 'config'),
  exportRecord: { list: 'system:export:list', remove: 'system:export:remove', download: 'system:export:download' },
  /** The operation log: read and exported, never written through the API. */
  operationLog: { list: 'system:operlog:list', query: 'system:operlog:query', export: 'system:operlog:export' },
  /** The login log: read and exported, written by the sign-in only. */
  loginLog: { list: 'system:logininfor:list', query: 'system:logininfor:query', export: 'system:logininfor:export' },
  /** Who is signed in; forceLogout ends another user's session. */
  onlineSession: { list: 'system:online:list', query: 'system:online:query', forceLogout: 'system:online:forceLogout' },
  /** Staff accounts (issue 20): status disables or enables one, resetPwd sets a new initial password. */
  staff: {
    list: 'system:user:list',
    query: 'system:user:query',
    add: 'system:user:add',
    edit: 'system:user:edit',
    status: 'system:user:status',
    resetPwd: 'system:user:resetPwd',
  },
  /** Roles and what they grant (menus and permission strings). */
  role: { list: 'system:role:list', query: 'system:role:query', add: 'system:role:add', edit: 'system:role:edit', remove: 'system:role:remove' },
  /** The menu tree and the buttons under its menus (issue 20). */
  menu: { list: 'system:menu:list', query: 'system:menu:query', add: 'system:menu:add', edit: 'system:menu:edit', remove: 'system:menu:remove' },
  /** The organisation (department) tree. */
  org: { list: 'system:dept:list', query: 'system:dept:query', add: 'system:dept:add', edit: 'system:dept:edit', remove: 'system:dept:remove' },
  position: crud('system', 'post'),
  /** Who may do what, computed from the stored grants: read by auditors, exported with its own grant. */
  permissionMatrix: { list: 'system:permmatrix:list', query: 'system:permmatrix:query', export: 'system:permmatrix:export' },
  /** Auditors' rules (issue 41): read them, run the evaluation, export its report; request and approve a documented exception. */
  auditRule: {
    list: 'audit:rule:list',
    query: 'audit:rule:query',
    run: 'audit:rule:run',
    export: 'audit:rule:export',
    except: 'audit:rule:except',
    approveException: 'audit:rule:approveException',
    /** Propose a new rule, a change to a rule or its retirement: in effect only once a second person approved it. */
    edit: 'audit:rule:edit',
  },
  news: { ...crud('content', 'news'), publish: 'content:news:publish', unpublish: 'content:news:unpublish', pin: 'content:news:pin' },
  notice: { ...crud('content', 'notice'), publish: 'content:notice:publish', unpublish: 'content:notice:unpublish', pin: 'content:notice:pin' },
  certificate: { ...crud('cert', 'certificate'), renew: 'cert:certificate:renew', reopen: 'cert:certificate:reopen' },
  task: { list: 'workflow:task:list', query: 'workflow:task:query', handle: 'workflow:task:handle', start: 'workflow:task:start' },
  /** Every workflow instance, whoever started or works it (全部流程): the auditor's read, granted by its read rule. */
  instance: { list: 'workflow:instance:list' },
  realname: { ...crud('admit', 'realname'), submit: 'admit:realname:submit' },
  file: { upload: 'system:file:upload' },
  /** Document review (spec §4.2): query reads materials and verdicts; audit writes a verdict or a segment's reason. */
  docReview: { query: 'doc:review:query', audit: 'doc:review:audit' },
  corporation: { ...crud('corp', 'corporation'), verify: 'corp:corporation:verify' },
  bankAccount: crud('corp', 'bankAccount'),
  groupUnit: { ...crud('group', 'unit'), move: 'group:unit:move' },
  /** Corporate changes (admission, administrator, renaming, accounts): proposed for approval, applied when approved. */
  corpChange: { list: 'corp:change:list', query: 'corp:change:query', add: 'corp:change:add', edit: 'corp:change:edit' },
  /** The standard library's template versions: drafted by handlers, approved (frozen) by directors. */
  template: { ...crud('product', 'template'), approve: 'product:template:approve' },
  /** Products, agreements and price policies: proposed for approval, in effect once approved. */
  product: { list: 'product:product:list', query: 'product:product:query', add: 'product:product:add', edit: 'product:product:edit' },
  agreement: { list: 'product:agreement:list', query: 'product:agreement:query', add: 'product:agreement:add', edit: 'product:agreement:edit' },
  pricePolicy: { list: 'product:price:list', query: 'product:price:query', add: 'product:price:add' },
  /** Quotas: add applies, edit modifies, dispatch (re-)dispatches, each through its process; export the ledger. */
  /** Financing qualification: handlers start, complete (edit) and sign applications; directors review their files. */
  financing: {
    list: 'financing:application:list',
    query: 'financing:application:query',
    add: 'financing:application:add',
    edit: 'financing:application:edit',
    review: 'financing:application:review',
    sign: 'financing:application:sign',
  },
  /** One's own messages (the bell and 消息中心): every operator role holds it. */
  message: { list: 'message:message:list' },
  /** Online support: list reads the queue and conversations; reply takes, answers and closes one. */
  support: { list: 'support:conversation:list', reply: 'support:conversation:reply' },
  /** Help-centre articles: managed (written, published) behind these; reading published ones needs only a session. */
  helpArticle: { ...crud('help', 'article'), publish: 'help:article:publish', unpublish: 'help:article:unpublish' },
  /** The hotline (spec §6): dial is the call authorisation; list and query read the call log. */
  hotline: { list: 'hotline:call:list', query: 'hotline:call:query', export: 'hotline:call:export', dial: 'hotline:call:dial' },
  quota: {
    list: 'quota:account:list',
    query: 'quota:account:query',
    add: 'quota:account:add',
    edit: 'quota:account:edit',
    dispatch: 'quota:account:dispatch',
    export: 'quota:account:export',
  },
  /** Securitisation: asset packages and their issue nodes; add creates a package, edit fills, moves and dates it. */
  absPackage: { list: 'abs:package:list', query: 'abs:package:query', add: 'abs:package:add', edit: 'abs:package:edit' },
  /** Central-registry registrations: add registers, edit amends, extends and cancels (each answered by the registry). */
  zdRegistration: { list: 'zd:registration:list', query: 'zd:registration:query', add: 'zd:registration:add', edit: 'zd:registration:edit' },
  /** Credit notes: add applies (a level's application), generate makes issuance data, split records a holder's split transfer. */
  /** Bills: generate makes a month's bills, submit sends one to Process_BILL_MANAGE, pay registers its payment, invoice invoices it. */
  bill: {
    list: 'finance:bill:list',
    query: 'finance:bill:query',
    generate: 'finance:bill:generate',
    submit: 'finance:bill:submit',
    pay: 'finance:bill:pay',
    invoice: 'finance:bill:invoice',
  },
  creditNote: {
    list: 'credit:note:list',
    query: 'credit:note:query',
    add: 'credit:note:add',
    generate: 'credit:note:generate',
    split: 'credit:note:split',
    export: 'credit:note:export',
  },
  /** Redemption: payments into the settlement account and their audit (付款审核), registrations of notes paid elsewhere. */
  redemption: {
    list: 'credit:redeem:list',
    query: 'credit:redeem:query',
    add: 'credit:redeem:add',
    audit: 'credit:redeem:audit',
    register: 'credit:redeem:register',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type Permission = Leaves<typeof PERMISSIONS>;

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS).flatMap((group) => Object.values(group) as Permission[]);

/** Read-only actions: what an auditor may hold. */
export const READ_ONLY_ACTIONS = new Set(['list', 'query']);

export function permissionAction(permission: string): string {
  return permission.slice(permission.lastIndexOf(':') + 1);
}
