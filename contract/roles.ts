/**
 * The role that runs the installation: the server gives it every menu and permission code and
 * lets it list everyone's error log; the console shows it the switch for that.
 */
export const ADMIN_ROLE = 'admin';
