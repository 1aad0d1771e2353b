import { LANGUAGES, type Language } from '../../contract/languages';

/** The business constants of spec §9, in one place. */

export const APP_VERSION = '1.0.2';

/** Cached items expire after 7 days (spec §4 Storage, §9). */
export const CACHE_TIMEOUT_SECONDS = 60 * 60 * 24 * 7;

/** Stale storage keys (other versions) are cleared this long after start (spec §4 Storage). */
export const STALE_STORAGE_CLEANUP_DELAY_MS = 16;

/** The console speaks the languages the server does (contract/languages.ts), Chinese by default. */
export const LOCALES = LANGUAGES;
export type Locale = Language;
export const DEFAULT_LOCALE: Locale = 'zh_CN';
export const FALLBACK_LOCALE: Locale = 'zh_CN';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const THEME_COLOR = '#0960bd';
/** Dark mode's default header and menu colours (spec §4 Theme). */
export const DARK_HEADER_BG_COLOR = '#151515';
export const DARK_MENU_BG_COLOR = '#212121';
/** A background lighter than this (weighted RGB) takes the light header/menu theme (spec §4 Theme). */
export const LUMINANCE_THRESHOLD = 192;

export const MENU_WIDTH = 210;
/** The page's width in the fixed layout mode (spec §4 Layout mode), centred in the content area. */
export const FIXED_CONTENT_WIDTH = 1200;
export const LAYOUT_SIZES = [48, 80] as const;
export const MENU_COLLAPSED_WIDTH = 48;
/** The mini width when the menu width equals 48 (spec §9). */
export const MENU_COLLAPSED_WIDTH_AT_48 = 79;

export const BREAKPOINTS = { XS: 480, SM: 576, MD: 768, LG: 992, XL: 1200, XXL: 1600 } as const;
/** Below this width the console is mobile: a sidebar inline menu (spec §9). */
export const MOBILE_BREAKPOINT = BREAKPOINTS.LG;

export const REQUEST_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;
/** GET requests are retried: at most this many attempts, this long apart (spec §9). */
export const GET_RETRY = { enabled: true, attempts: 5, delayMs: 100 } as const;
/**
 * A GET sent ahead for the page being opened (asked at the click, not once the page has
 * rendered): the page's own identical call within this long takes its answer instead of asking again.
 */
export const WARM_GET_TTL_MS = 5_000;

export const TOAST = { durationMs: 3_000, placement: 'top-end' } as const;

export const MENU_SEARCH_DEBOUNCE_MS = 200;
export const RESIZE_HANDLER_WAIT_MS = 80;

export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The page-loading indicator shows when loading lasts over 50 ms, hides 220 ms after the change. */
export const PAGE_LOADING = { showAfterMs: 50, hideAfterMs: 220 } as const;

/** The top progress bar (nprogress). */
export const PROGRESS_BAR = { minimum: 0.08, speedMs: 200, trickleRate: 0.02, trickleSpeedMs: 800 } as const;

export const ICON_CACHE = { expiryHours: 168, requestTimeoutMs: 5_000, rotationMs: 750, maxUrlLength: 500 } as const;

/** The loader's sizes (spec §5), and the one it takes when none is asked (spec §9). */
export const LOADER_SIZES = ['default', 'small', 'large'] as const;
export type LoaderSize = (typeof LOADER_SIZES)[number];
export const DEFAULT_LOADER_SIZE: LoaderSize = 'large';
/** The spec's exact refusal of any other loader size (spec §5). */
export const LOADER_SIZE_REFUSED = 'Loading component size must be one of default, small, large.';
/** A button's colours (spec §5); the empty one is the plain button. */
export const BUTTON_COLORS = ['primary', 'error', 'warning', 'success', ''] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];
/** The spec's exact refusal of any other button colour (spec §5). */
export const BUTTON_COLOR_REFUSED = 'Button color must be primary, error, warning, success or empty.';
/** Long text is cut to this width and this many lines; the whole of it shows on hover (spec §9). */
export const ELLIPSIS_DEFAULT = { widthPx: 100, lines: 1 } as const;

/** The file name of a download whose response names none (spec §7). */
export const DEFAULT_DOWNLOAD_NAME = 'account_list.csv';

/** The spec's exact error for a role change outside ROUTE_MAPPING mode (spec §5). */
export const ROLE_CHANGE_REFUSED = 'Please switch PermissionModeEnum to ROUTE_MAPPING mode in the configuration to operate!';

/** Stored values are encrypted with AES (ECB, PKCS7) using this fixed 16-character key and iv (spec §9). */
export const STORAGE_CIPHER = { key: '_11111000001111@', iv: '@11111000001111_' } as const;

/** Spec §5: using a multi-tab function while multi-tabs are off. Note the full-width exclamation mark. */
export const TABS_DISABLED_MESSAGE = 'The multi-tab page is currently not open, please open it in the settings！';
/** How many tab pages stay mounted (kept alive) at once; the least recently shown is dropped first. */
export const TAB_CACHE_LIMIT = 10;

/** Error-log entries sent to the server: in batches of at most this many, after a short quiet time. */
export const ERROR_LOG_UPLOAD = { debounceMs: 2_000, batchSize: 20, queueLimit: 200, retryDelayMs: 5_000, maxAttempts: 5 } as const;

/** Pointer and keyboard activity closer together than this does not restart the lock timer again. */
export const IDLE_ACTIVITY_THROTTLE_MS = 1_000;

/**
 * The header bell's live count: reconnect after 1 s, doubling up to 15 s; after three
 * failed connections in a row poll every 10 s instead, and try the stream again after a minute.
 */
export const NOTICE_LIVE = { reconnectMs: 1_000, reconnectMaxMs: 15_000, maxReconnects: 3, pollMs: 10_000, streamRetryMs: 60_000 } as const;

/** spec §2 guard 5: after the user's details failed to load (network, server error), asked again this much later. */
export const USER_RETRY_MS = 15_000;
