import { ConsolePath } from './consolePaths';
import type { PermissionCode } from './permissionCodes';
import type { MenuItem } from './schemas/menu';

/**
 * The built-in menu (spec §2 "Further menu URLs", §6 roles): seeded into the server's menu table,
 * and the fixed client-side list the console uses in ROLE permission mode. Role `master` sees
 * every item, role `official` only the dashboard; `admin` (the operator) also sees System.
 * Titles are i18n keys of the console's `routes` namespace. Each is a menu item as the menu table
 * keeps it, without what the table adds (ids, levels, times).
 */
export interface BuiltInMenu extends Pick<MenuItem, 'name' | 'title' | 'url' | 'component' | 'icon' | 'order'> {
  redirect?: string;
  /** Empty: every role. */
  role: string[];
  /** 0: a hidden route (reached by a link, not shown in the sidebar or the menu search). */
  is_show?: 0 | 1;
  /** Route meta (spec §4 Tabs): at most this many tabs of this route at once; the oldest closes first. */
  dynamic_level?: number;
  children?: BuiltInMenu[];
  /** Button-level permissions (spec §3 "Permission entry"). */
  access?: {
    name: string;
    auth_code: PermissionCode;
    /** Roles granted it; absent: every role that sees the menu. */ roles?: string[];
  }[];
}

const BUSINESS = ['admin', 'master'];
// The team roles of sub-accounts, and who of them holds which content permission.
const TEAM = ['editor', 'writer', 'viewer'];
const CONTENT = [...BUSINESS, ...TEAM];
const OWNER = ['master'];
const EDITORS = ['master', 'editor'];
const WRITERS = ['master', 'editor', 'writer'];

/** The add, edit and delete codes of `prefix` (each one of the permission codes). */
type Crud<P extends string> = `${P}:add` | `${P}:edit` | `${P}:del`;

const crud = <P extends string>(
  prefix: Crud<P> extends PermissionCode ? P : never,
  label: string,
  roles: { add?: string[]; edit?: string[]; del?: string[] } = {},
) => [
  { name: `${label}: add`, auth_code: `${prefix}:add` as const, ...(roles.add ? { roles: roles.add } : {}) },
  { name: `${label}: edit`, auth_code: `${prefix}:edit` as const, ...(roles.edit ? { roles: roles.edit } : {}) },
  { name: `${label}: delete`, auth_code: `${prefix}:del` as const, ...(roles.del ? { roles: roles.del } : {}) },
];

export const BUILT_IN_MENUS: BuiltInMenu[] = [
  {
    name: 'Dashboard',
    title: 'routes.dashboard.dashboard',
    url: ConsolePath.dashboard,
    component: 'LAYOUT',
    icon: 'layout-dashboard',
    order: 10,
    redirect: ConsolePath.dashboardAnalysis,
    role: [],
    children: [
      {
        name: 'Analysis',
        title: 'routes.dashboard.analysis',
        url: ConsolePath.dashboardAnalysis,
        component: 'dashboard/analysis',
        icon: 'chart-line',
        order: 1,
        role: [],
      },
      /* The workbench. */
      {
        name: 'Workbench',
        title: 'routes.dashboard.workbench',
        url: ConsolePath.dashboardWorkbench,
        component: 'dashboard/workbench',
        icon: 'sparkles',
        order: 2,
        role: [],
      },
    ],
  },
  {
    name: 'SiteManage',
    title: 'routes.site.manage',
    url: ConsolePath.siteGroup,
    component: 'LAYOUT',
    icon: 'globe',
    order: 20,
    redirect: ConsolePath.site,
    role: CONTENT,
    children: [
      {
        name: 'Site',
        title: 'routes.site.list',
        url: ConsolePath.site,
        component: 'site/index',
        icon: 'server',
        order: 1,
        role: CONTENT,
        access: crud('site', 'Site', { add: OWNER, edit: EDITORS, del: OWNER }),
      },
      {
        name: 'Task',
        title: 'routes.site.task',
        url: ConsolePath.task,
        component: 'task/index',
        icon: 'send',
        order: 2,
        role: CONTENT,
        access: crud('task', 'Publishing task', { add: EDITORS, edit: EDITORS, del: EDITORS }),
      },
    ],
  },
  {
    name: 'ArticleManage',
    title: 'routes.article.manage',
    url: ConsolePath.articleGroup,
    component: 'LAYOUT',
    icon: 'file-text',
    order: 30,
    redirect: ConsolePath.article,
    role: CONTENT,
    children: [
      {
        name: 'Article',
        title: 'routes.article.list',
        url: ConsolePath.article,
        component: 'article/index',
        icon: 'newspaper',
        order: 1,
        role: CONTENT,
        access: crud('article', 'Article', { add: WRITERS, edit: WRITERS, del: EDITORS }),
      },
      {
        name: 'ArticleTask',
        title: 'routes.article.task',
        url: ConsolePath.articleTask,
        component: 'article_task/index',
        icon: 'sparkles',
        order: 2,
        role: CONTENT,
        access: crud('article_task', 'Generation task', { add: WRITERS, edit: WRITERS, del: EDITORS }),
      },
      {
        name: 'Prompt',
        title: 'routes.article.prompt',
        url: ConsolePath.prompt,
        component: 'prompt/index',
        icon: 'message-square-text',
        order: 3,
        role: CONTENT,
        access: crud('prompt', 'Prompt', { add: WRITERS, edit: WRITERS, del: EDITORS }),
      },
      // An article's details as a page of its own, opened from the list: several side by side as tabs, three at most.
      {
        name: 'ArticleDetail',
        title: 'routes.article.detail',
        url: ConsolePath.articleDetail,
        component: 'article/detail',
        icon: 'file-text',
        order: 4,
        role: CONTENT,
        is_show: 0,
        dynamic_level: 3,
      },
      // Model provider: where the account owner connects the model that writes their articles.
      {
        name: 'ModelProvider',
        title: 'routes.article.model',
        url: ConsolePath.modelProvider,
        component: 'model/index',
        icon: 'cpu',
        order: 5,
        role: BUSINESS,
      },
    ],
  },
  {
    name: 'Account',
    title: 'routes.account.account',
    url: ConsolePath.account,
    component: 'account/index',
    icon: 'wallet',
    order: 40,
    role: BUSINESS,
    access: [
      { name: 'Account: top up', auth_code: 'account:topup', roles: OWNER },
      // The points ledger and the top-up orders: every role that sees the account page.
      { name: 'Account: points ledger and orders', auth_code: 'account:ledger' },
    ],
  },
  {
    name: 'AccessKey',
    title: 'routes.accesskey.accesskey',
    url: ConsolePath.accessKey,
    component: 'accesskey/index',
    icon: 'key-round',
    order: 50,
    role: BUSINESS,
    // The keys and their log: every role that sees the keys page.
    access: [{ name: 'Access key: list', auth_code: 'accesskey:list' }, ...crud('accesskey', 'Access key')],
  },
  {
    name: 'InviteReg',
    title: 'routes.invitereg.invitereg',
    url: ConsolePath.inviteReg,
    component: 'invitereg/index',
    icon: 'user-plus',
    order: 60,
    role: BUSINESS,
  },
  {
    name: 'Systems',
    title: 'routes.systems.systems',
    url: ConsolePath.systems,
    component: 'LAYOUT',
    icon: 'settings',
    order: 90,
    redirect: ConsolePath.subAccounts,
    role: BUSINESS,
    children: [
      {
        name: 'SubAccount',
        title: 'routes.systems.subaccount',
        url: ConsolePath.subAccounts,
        component: 'systems/subaccount',
        icon: 'users',
        order: 1,
        role: BUSINESS,
        access: [
          { name: 'Sub-account: list', auth_code: 'subaccount:list', roles: OWNER },
          ...crud('subaccount', 'Sub-account', { add: OWNER, edit: OWNER, del: OWNER }),
        ],
      },
      {
        name: 'Role',
        title: 'routes.systems.role',
        url: ConsolePath.roles,
        component: 'systems/role',
        icon: 'shield',
        order: 2,
        role: ['admin'],
      },
      {
        name: 'Menu',
        title: 'routes.systems.menu',
        url: ConsolePath.menus,
        component: 'systems/menu',
        icon: 'list-tree',
        order: 3,
        role: ['admin'],
        access: crud('menu', 'Menu'),
      },
      {
        name: 'AdminLog',
        title: 'routes.systems.adminLog',
        url: ConsolePath.adminLog,
        component: 'systems/adminLog',
        icon: 'scroll-text',
        order: 4,
        role: BUSINESS,
        access: [{ name: 'Admin log: list', auth_code: 'admin_log:list', roles: OWNER }],
      },
    ],
  },
  /* Notices and work orders: the operator's pages. The readers' pages (/notice/index, /notice/details,
     /workorder/myworkorder, /workorder/commit) are static routes of the spec, for every role (src/views/LayoutPages.tsx). */
  {
    name: 'Support',
    title: 'routes.support.support',
    url: ConsolePath.support,
    component: 'LAYOUT',
    icon: 'headset',
    order: 95,
    redirect: ConsolePath.workorderQueue,
    role: ['admin'],
    children: [
      {
        name: 'WorkorderQueue',
        title: 'routes.support.workorderQueue',
        url: ConsolePath.workorderQueue,
        component: 'workorder/queue',
        icon: 'clipboard-list',
        order: 1,
        role: ['admin'],
      },
      {
        name: 'NoticeManage',
        title: 'routes.support.noticeManage',
        url: ConsolePath.noticeAdmin,
        component: 'notice/manage',
        icon: 'bell',
        order: 2,
        role: ['admin'],
      },
    ],
  },
];

/** Built-in roles: `admin` runs the installation, `master` owns an account, `official` sees the dashboard. */
export const BUILT_IN_ROLES = [
  { code: 'admin', name: 'Administrator' },
  { code: 'master', name: 'Account owner' },
  { code: 'official', name: 'Official' },
  // Roles of sub-accounts (team members working inside an owner's account).
  { code: 'editor', name: 'Editor' },
  { code: 'writer', name: 'Writer' },
  { code: 'viewer', name: 'Viewer' },
] as const;

/** The roles an owner may give a sub-account (custom roles too; never admin or master). */
export const OWNER_ONLY_ROLES: readonly string[] = ['admin', 'master'];
