import { ConsolePath } from './paths';

/**
 * The built-in menu (spec §2 "Further menu URLs", §6 roles): seeded into the server's menu table,
 * and the fixed client-side list the console uses in ROLE permission mode. Role `master` sees
 * every item, role `official` only the dashboard; `admin` (the operator) also sees System.
 * Titles are i18n keys of the console's `routes` namespace.
 */
export interface BuiltInMenu {
  name: string;
  title: string;
  url: string;
  component: string;
  icon: string;
  order: number;
  redirect?: string;
  /** Empty: every role. */
  role: string[];
  /** 0: a hidden route (reached by a link, not shown in the sidebar or the menu search). */
  is_show?: 0 | 1;
  /** Route meta (spec §4 Tabs): at most this many tabs of this route at once; the oldest closes first. */
  dynamic_level?: number;
  children?: BuiltInMenu[];
  /** Button-level permissions (spec §3 "Permission entry"). */
  access?: { name: string; auth_code: string }[];
}

const BUSINESS = ['admin', 'master'];

const crud = (prefix: string, label: string) => [
  { name: `${label}: add`, auth_code: `${prefix}:add` },
  { name: `${label}: edit`, auth_code: `${prefix}:edit` },
  { name: `${label}: delete`, auth_code: `${prefix}:del` },
];

export const BUILT_IN_MENUS: BuiltInMenu[] = [
  {
    name: 'Dashboard',
    title: 'routes.dashboard.dashboard',
    url: '/dashboard',
    component: 'LAYOUT',
    icon: 'layout-dashboard',
    order: 10,
    redirect: '/dashboard/analysis',
    role: [],
    children: [
      { name: 'Analysis', title: 'routes.dashboard.analysis', url: '/dashboard/analysis', component: 'dashboard/analysis', icon: 'chart-line', order: 1, role: [] },
    ],
  },
  {
    name: 'SiteManage',
    title: 'routes.site.manage',
    url: '/site-manage',
    component: 'LAYOUT',
    icon: 'globe',
    order: 20,
    redirect: '/site',
    role: BUSINESS,
    children: [
      { name: 'Site', title: 'routes.site.list', url: '/site', component: 'site/index', icon: 'server', order: 1, role: BUSINESS, access: crud('site', 'Site') },
      { name: 'Task', title: 'routes.site.task', url: '/task', component: 'task/index', icon: 'send', order: 2, role: BUSINESS, access: crud('task', 'Publishing task') },
    ],
  },
  {
    name: 'ArticleManage',
    title: 'routes.article.manage',
    url: '/article-manage',
    component: 'LAYOUT',
    icon: 'file-text',
    order: 30,
    redirect: '/article',
    role: BUSINESS,
    children: [
      { name: 'Article', title: 'routes.article.list', url: '/article', component: 'article/index', icon: 'newspaper', order: 1, role: BUSINESS, access: crud('article', 'Article') },
      { name: 'ArticleTask', title: 'routes.article.task', url: '/article_task', component: 'article_task/index', icon: 'sparkles', order: 2, role: BUSINESS, access: crud('article_task', 'Generation task') },
      { name: 'Prompt', title: 'routes.article.prompt', url: '/prompt', component: 'prompt/index', icon: 'message-square-text', order: 3, role: BUSINESS, access: crud('prompt', 'Prompt') },
      // An article's details as a page of its own, opened from the list: several side by side as tabs, three at most.
      { name: 'ArticleDetail', title: 'routes.article.detail', url: ConsolePath.articleDetail, component: 'article/detail', icon: 'file-text', order: 4, role: BUSINESS, is_show: 0, dynamic_level: 3 },
      // Model provider (issue 12): where the account owner connects the model that writes their articles.
      { name: 'ModelProvider', title: 'routes.article.model', url: ConsolePath.modelProvider, component: 'model/index', icon: 'cpu', order: 5, role: BUSINESS },
    ],
  },
  { name: 'Account', title: 'routes.account.account', url: '/account', component: 'account/index', icon: 'wallet', order: 40, role: BUSINESS },
  { name: 'AccessKey', title: 'routes.accesskey.accesskey', url: '/accesskey', component: 'accesskey/index', icon: 'key-round', order: 50, role: BUSINESS, access: crud('accesskey', 'Access key') },
  { name: 'InviteReg', title: 'routes.invitereg.invitereg', url: '/invitereg', component: 'invitereg/index', icon: 'user-plus', order: 60, role: BUSINESS },
  {
    name: 'Systems',
    title: 'routes.systems.systems',
    url: '/systems',
    component: 'LAYOUT',
    icon: 'settings',
    order: 90,
    redirect: '/systems/admin/subaccount',
    role: ['admin'],
    children: [
      { name: 'SubAccount', title: 'routes.systems.subaccount', url: '/systems/admin/subaccount', component: 'systems/subaccount', icon: 'users', order: 1, role: ['admin'] },
      { name: 'Role', title: 'routes.systems.role', url: '/systems/sub/accounts/role', component: 'systems/role', icon: 'shield', order: 2, role: ['admin'] },
      { name: 'Menu', title: 'routes.systems.menu', url: '/systems/sub/accounts/auth', component: 'systems/menu', icon: 'list-tree', order: 3, role: ['admin'], access: crud('menu', 'Menu') },
      { name: 'AdminLog', title: 'routes.systems.adminLog', url: '/systems/log/admin', component: 'systems/adminLog', icon: 'scroll-text', order: 4, role: ['admin'] },
    ],
  },
];

/** Built-in roles: `admin` runs the installation, `master` owns an account, `official` sees the dashboard. */
export const BUILT_IN_ROLES = [
  { code: 'admin', name: 'Administrator' },
  { code: 'master', name: 'Account owner' },
  { code: 'official', name: 'Official' },
] as const;
