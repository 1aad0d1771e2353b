import { FirstScreenApiPath } from './firstScreenPaths';

export { ConsolePath } from './consolePaths';

/**
 * Every API path, exactly as spec §7 and DESIGN.md §3 name them. Plain strings, so the console
 * imports them without pulling schema code into its bundle. The console's first screen imports
 * its own few (`FirstScreenApiPath`) and the signed-in console the rest with its code.
 */
export const ApiPath = {
  ...FirstScreenApiPath,
  unlock: '/api/v1/user/unlock',
  lock: '/api/v1/user/lock',
  profile: '/api/v1/user/profile',

  menuList: '/admin/v1/admin-menu/list',
  menuAdd: '/admin/v1/admin-menu/add',
  menuEdit: '/admin/v1/admin-menu/edit',
  menuDel: '/admin/v1/admin-menu/del',
  accessList: '/admin/v1/admin-access/list',
  accessAdd: '/admin/v1/admin-access/add',
  accessEdit: '/admin/v1/admin-access/edit',
  accessDel: '/admin/v1/admin-access/del',

  /** Mail and SMS kept in the outbox (administrators; `npm run outbox` reads it). */
  outboxList: '/admin/v1/outbox/list',

  upload: '/api/v1/common/upload',
  upload2: '/api/v1/common/upload2',

  /* Sites, prompts, generation tasks, articles and points. */
  siteList: '/api/v1/site/list',
  siteAdd: '/api/v1/site/add',
  siteEdit: '/api/v1/site/edit',
  siteDel: '/api/v1/site/del',
  siteTest: '/api/v1/site/test',
  siteKeywordList: '/api/v1/site/keyword/list',
  siteKeywordAdd: '/api/v1/site/keyword/add',
  siteKeywordDel: '/api/v1/site/keyword/del',
  siteKeywordImport: '/api/v1/site/keyword/import',
  siteCategoryList: '/api/v1/site/category/list',
  siteCategoryAdd: '/api/v1/site/category/add',
  siteCategoryFetch: '/api/v1/site/category/fetch',
  siteUsers: '/api/v1/site/users',
  siteLinkList: '/api/v1/site/internal_link/list',
  siteLinkUndo: '/api/v1/site/internal_link/undo',
  siteLinkReport: '/api/v1/site/link_report',
  promptList: '/api/v1/prompt/list',
  promptAdd: '/api/v1/prompt/add',
  promptEdit: '/api/v1/prompt/edit',
  promptDel: '/api/v1/prompt/del',
  promptPreview: '/api/v1/prompt/preview',
  articleTaskList: '/api/v1/article_task/list',
  articleTaskAdd: '/api/v1/article_task/add',
  articleTaskDetail: '/api/v1/article_task/detail',
  articleTaskPause: '/api/v1/article_task/pause',
  articleTaskResume: '/api/v1/article_task/resume',
  articleTaskCancel: '/api/v1/article_task/cancel',
  articleTaskRetryItem: '/api/v1/article_task/retry_item',
  // What a task will charge, before it is added (the dialogs' price and total).
  articleTaskQuote: '/api/v1/article_task/quote',
  articleList: '/api/v1/article/list',
  articleDetail: '/api/v1/article/detail',
  articleAdd: '/api/v1/article/add',
  articleEdit: '/api/v1/article/edit',
  articleDel: '/api/v1/article/del',
  articleImport: '/api/v1/article/import',
  articleCode: '/api/v1/article/code',
  // The texts an article had (each edit, refresh and restore keeps the one it replaced), compared and brought back.
  articleVersionList: '/api/v1/article/version/list',
  articleVersionDetail: '/api/v1/article/version/detail',
  articleVersionRestore: '/api/v1/article/version/restore',
  // Published articles brought up to date by the model in place: which ones, what it costs, and doing it.
  articleRefreshList: '/api/v1/article/refresh/list',
  articleRefreshQuote: '/api/v1/article/refresh/quote',
  articleRefresh: '/api/v1/article/refresh',
  articleBulkRefresh: '/api/v1/article/refresh/bulk',
  pointsList: '/api/v1/account/points/list',
  providerGet: '/api/v1/account/provider',
  providerSet: '/api/v1/account/provider/set',
  /* End of the paths. */

  /* The console's error log. */
  errorLogList: '/api/v1/error_log/list',

  /* Publishing tasks. */
  taskList: '/api/v1/task/list',
  taskAdd: '/api/v1/task/add',
  taskDetail: '/api/v1/task/detail',
  taskPause: '/api/v1/task/pause',
  taskResume: '/api/v1/task/resume',
  taskCancel: '/api/v1/task/cancel',
  taskRetry: '/api/v1/task/retry',
  taskPublications: '/api/v1/task/publications',
  /** Export: a ZIP of HTML and Markdown with images, or a WordPress WXR file. */
  taskExport: '/api/v1/task/export',
  /* End of the paths. */

  /* Top-up, ledger filters and exports, the dashboard. */
  pointsExport: '/api/v1/account/points/export',
  pointsGrant: '/api/v1/account/points/grant',
  topupPackages: '/api/v1/topup/package/list',
  topupPackageAdd: '/api/v1/topup/package/add',
  topupPackageEdit: '/api/v1/topup/package/edit',
  topupPackageDel: '/api/v1/topup/package/del',
  topupOrderCreate: '/api/v1/topup/order/create',
  topupOrderList: '/api/v1/topup/order/list',
  topupOrderExport: '/api/v1/topup/order/export',
  topupOrderConfirm: '/api/v1/topup/order/confirm',
  topupOrderFail: '/api/v1/topup/order/fail',
  topupOrderRefund: '/api/v1/topup/order/refund',
  topupCodeRedeem: '/api/v1/topup/code/redeem',
  topupCodeGenerate: '/api/v1/topup/code/generate',
  topupCodeBatches: '/api/v1/topup/code/batches',
  topupCodeExport: '/api/v1/topup/code/export',
  dashboardAnalysis: '/api/v1/dashboard/analysis',
  accountDomains: '/api/v1/account/domains',
  /* End of the paths. */

  /* API access keys and invite registration. */
  accessKeyList: '/api/v1/accesskey/list',
  accessKeyAdd: '/api/v1/accesskey/add',
  accessKeyEdit: '/api/v1/accesskey/edit',
  accessKeyStatus: '/api/v1/accesskey/status',
  accessKeyRotate: '/api/v1/accesskey/rotate',
  accessKeyDel: '/api/v1/accesskey/del',
  accessKeyLogList: '/api/v1/accesskey/log/list',
  accessKeyLogExport: '/api/v1/accesskey/log/export',
  inviteInfo: '/api/v1/invitereg/info',
  inviteList: '/api/v1/invitereg/list',
  /* End of the paths. */

  /* Notices and work orders. */
  noticeList: '/api/v1/notice/list',
  noticeDetail: '/api/v1/notice/detail',
  noticeRead: '/api/v1/notice/read',
  noticeReadAll: '/api/v1/notice/read_all',
  noticeUnread: '/api/v1/notice/unread',
  noticeStream: '/api/v1/notice/stream',
  noticeSettings: '/api/v1/notice/settings',
  noticeSettingsSet: '/api/v1/notice/settings/set',
  adminNoticeList: '/admin/v1/notice/list',
  adminNoticeAdd: '/admin/v1/notice/add',
  adminNoticeEdit: '/admin/v1/notice/edit',
  adminNoticeWithdraw: '/admin/v1/notice/withdraw',
  workorderList: '/api/v1/workorder/list',
  workorderDetail: '/api/v1/workorder/detail',
  workorderAdd: '/api/v1/workorder/add',
  workorderReply: '/api/v1/workorder/reply',
  workorderClose: '/api/v1/workorder/close',
  workorderReopen: '/api/v1/workorder/reopen',
  workorderSubjects: '/api/v1/workorder/subjects',
  adminWorkorderList: '/admin/v1/workorder/list',
  adminWorkorderDetail: '/admin/v1/workorder/detail',
  adminWorkorderReply: '/admin/v1/workorder/reply',
  adminWorkorderAssign: '/admin/v1/workorder/assign',
  adminWorkorderClose: '/admin/v1/workorder/close',
  /* End of the paths. */
  /* Sub-accounts, roles and the admin log. */
  subAccountList: '/admin/v1/subaccount/list',
  subAccountExport: '/admin/v1/subaccount/export',
  subAccountAdd: '/admin/v1/subaccount/add',
  subAccountEdit: '/admin/v1/subaccount/edit',
  subAccountStatus: '/admin/v1/subaccount/status',
  subAccountResetPassword: '/admin/v1/subaccount/reset_password',
  subAccountDel: '/admin/v1/subaccount/del',
  roleList: '/admin/v1/role/list',
  roleAdd: '/admin/v1/role/add',
  roleEdit: '/admin/v1/role/edit',
  roleDel: '/admin/v1/role/del',
  adminLogList: '/admin/v1/admin-log/list',
  adminLogExport: '/admin/v1/admin-log/export',

  docs: '/api/docs',
  docsJson: '/api/docs/json',
  // Model provider: one tiny call to the model service the account is configuring.
  providerTest: '/api/v1/account/provider/test',
  /* Top-up, Stripe Checkout: Stripe's webhook (public, signed) and one order's state. */
  topupStripeWebhook: '/api/v1/topup/stripe/webhook',
  topupOrderDetail: '/api/v1/topup/order/detail',
  /* The operator signs in as a user; the signed-in user's sessions (who started each). */
  subAccountSignInAs: '/admin/v1/subaccount/sign_in_as',
  userSessions: '/api/v1/user/sessions',
  /* Publishing: the generate dialog: a generation task and the publishing task of its articles, at once. */
  taskGenerate: '/api/v1/task/generate',
  taskQuote: '/api/v1/task/quote',
} as const;

export type ApiPathValue = (typeof ApiPath)[keyof typeof ApiPath];
