/**
 * Every console page's address (spec §2 routes and the built-in menus), apart from the API's paths
 * (./paths) so that the first screen's code carries none of those: the server links to some
 * (QR-login codes encode the approval page's URL) and seeds the menus with them; the console's page
 * table (src/config/pages.ts) says what each one shows. `:name` is a parameter, `:name?` optional.
 */
export const ConsolePath = {
  root: '/',
  login: '/login',
  /** The base home (spec §2): the user's homePath wins when it has one. */
  dashboard: '/dashboard',
  dashboardAnalysis: '/dashboard/analysis',
  dashboardWorkbench: '/dashboard/workbench',
  siteGroup: '/site-manage',
  site: '/site',
  /** Publishing tasks. */
  task: '/task',
  articleGroup: '/article-manage',
  article: '/article',
  /** One article's details (a hidden built-in menu; `:id` is the article's id). */
  articleDetail: '/article/detail/:id',
  /** Generation tasks. */
  articleTask: '/article_task',
  prompt: '/prompt',
  // Model provider: where the account owner connects their model.
  modelProvider: '/model',
  account: '/account',
  accessKey: '/accesskey',
  inviteReg: '/invitereg',
  systems: '/systems',
  subAccounts: '/systems/admin/subaccount',
  roles: '/systems/sub/accounts/role',
  menus: '/systems/sub/accounts/auth',
  adminLog: '/systems/log/admin',
  /* Notices and work orders. */
  support: '/support',
  notice: '/notice',
  noticeIndex: '/notice/index',
  noticeDetails: '/notice/details',
  noticeAdmin: '/notice/manage',
  workorder: '/workorder',
  workorderMine: '/workorder/myworkorder',
  workorderCommit: '/workorder/commit',
  workorderQueue: '/workorder/queue',
  /* The shell's own pages. */
  apiDoc: '/apiDoc',
  /** An external address shown inside the console: `/iframe?url=<address>`. */
  frame: '/iframe',
  errorLogGroup: '/error-log',
  errorLog: '/error-log/list',
  settingGroup: '/setting',
  /** The project configuration as a page (the header's drawer holds the same). */
  setting: '/setting/index',
  exception: '/exception/:status?',
  /** The redirect helper (spec §2): `path` is the encoded target, `_redirect_type` `path` or `name`. */
  redirect: '/redirect/:path/:_redirect_type/:_origin_params?',
  /** Opened by a signed-in device with `?id=<qr id>`: it approves the QR login (POST qr/confirm). */
  qrApprove: '/qr-approve',
} as const;
