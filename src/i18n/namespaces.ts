/**
 * One file per namespace and locale; a key names its namespace first (`sys.api.errMsg401`), so the
 * namespace and key separators are both '.'. These are the signed-in shell's and its home page's
 * (the dashboard, whose model notice is in `model`), loaded with the shell's code. `roles` is shared
 * with the server (contract/locales).
 */
export const NAMESPACES = ['common', 'sys', 'layout', 'routes', 'dashboard', 'model', 'roles'] as const;

/**
 * What the first screen (the login page, the loading and exception screens) shows; the
 * only packs fetched before it draws, of the current locale only. The signed-in shell loads the rest
 * of NAMESPACES (see `loadSignedInPacks`), its own words (`layout`), the words its pages share
 * (`common`) and the pages' titles (`routes`) among them: the first screen's few, its pages' titles
 * too, are in `sys`. Apart from i18next, so that src/main.tsx can ask for them.
 */
export const FIRST_SCREEN_NAMESPACES = ['sys'] as const;
