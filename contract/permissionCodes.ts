/**
 * The permission codes of the built-in menus' access entries (spec §3 "Permission entry", §6): what
 * a route declares it needs and what a console button asks for. A code written anywhere else is a
 * type error, so a typo fails to compile instead of hiding a button or locking a route forever.
 * The built-in menus grant exactly these (a test walks them both ways).
 */
export const PERMISSION_CODES = [
  'site:add',
  'site:edit',
  'site:del',
  'task:add',
  'task:edit',
  'task:del',
  'article:add',
  'article:edit',
  'article:del',
  'article_task:add',
  'article_task:edit',
  'article_task:del',
  'prompt:add',
  'prompt:edit',
  'prompt:del',
  'account:topup',
  'account:ledger',
  'accesskey:list',
  'accesskey:add',
  'accesskey:edit',
  'accesskey:del',
  'subaccount:list',
  'subaccount:add',
  'subaccount:edit',
  'subaccount:del',
  'menu:add',
  'menu:edit',
  'menu:del',
  'admin_log:list',
] as const;

export type PermissionCode = (typeof PERMISSION_CODES)[number];

/** What only the operator (the admin role) may do, whatever the permission mode or codes held. */
export const ADMIN_ONLY = 'admin';

/** What a console check asks for: a permission code, or the operator. */
export type Permission = PermissionCode | typeof ADMIN_ONLY;
