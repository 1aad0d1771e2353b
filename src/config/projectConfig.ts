import { THEME_COLOR, MENU_WIDTH } from './constants';

/** Spec §4 Permission mode. */
export type PermissionMode = 'ROLE' | 'BACK' | 'ROUTE_MAPPING';
/** What the console does when the session expires (spec §4 Session). */
export type SessionTimeoutProcessing = 'overlay' | 'redirect';
export type ErrorMessageMode = 'none' | 'message' | 'modal';
/** Spec §4 Layout mode: the page spans the content area, or keeps a fixed width in its middle. */
export type ContentMode = 'full' | 'fixed';
/**
 * Spec §4 Content-height mode: the page as tall as its content (auto), at least as tall as the
 * window below the header (header), or exactly that tall, scrolling inside (fixed).
 */
export type ContentHeightMode = 'auto' | 'header' | 'fixed';

export interface HeaderSetting {
  bgColor: string;
  theme: 'light' | 'dark';
  showNotice: boolean;
  showContact: boolean;
  showWorkOrder: boolean;
  showSearch: boolean;
  showDoc: boolean;
  showFullScreen: boolean;
  /** The header stays at the top while the page scrolls. */
  fixed: boolean;
  show: boolean;
}

export interface MenuSetting {
  type: 'sidebar' | 'mix-sidebar' | 'mix' | 'top-menu';
  mode: 'vertical' | 'horizontal' | 'vertical-right' | 'inline';
  theme: 'light' | 'dark';
  bgColor: string;
  menuWidth: number;
  collapsed: boolean;
  fixed: boolean;
  show: boolean;
  hidden: boolean;
  split: boolean;
  accordion: boolean;
  trigger: 'none' | 'footer' | 'header';
  topMenuAlign: 'start' | 'center' | 'end';
  canDrag: boolean;
  mixSideTrigger: 'hover' | 'click';
  mixSideFixed: boolean;
}

export interface TransitionSetting {
  enable: boolean;
  basicTransition: 'zoom-fade' | 'zoom-out' | 'fade-slide' | 'fade' | 'fade-bottom' | 'fade-scale';
  /** The page-loading indicator on route change. */
  openPageLoading: boolean;
  /** The top progress bar on route change. */
  openNProgress: boolean;
}

export interface MultiTabsSetting {
  show: boolean;
  cache: boolean;
}

/** Spec §3 "Project config". */
export interface ProjectConfig {
  permissionMode: PermissionMode;
  sessionTimeoutProcessing: SessionTimeoutProcessing;
  themeColor: string;
  colorWeak: boolean;
  grayMode: boolean;
  showBreadCrumb: boolean;
  showFooter: boolean;
  contentMode: ContentMode;
  contentHeightMode: ContentHeightMode;
  /** Minutes without pointer or keyboard input before the screen locks; 0 never. */
  lockTime: number;
  headerSetting: HeaderSetting;
  menuSetting: MenuSetting;
  transitionSetting: TransitionSetting;
  multiTabsSetting: MultiTabsSetting;
  /** Cancel pending requests when the route changes. */
  removeAllHttpPending: boolean;
  /** Close open messages when the route changes. */
  closeMessageOnSwitch: boolean;
  /** Abort a pending request when the same method and URL is sent again. */
  removeDuplicatePending: boolean;
  errorMessageMode: ErrorMessageMode;
}

/** The defaults of spec §3 and §9. */
export const DEFAULT_PROJECT_CONFIG: ProjectConfig = {
  permissionMode: 'BACK',
  sessionTimeoutProcessing: 'overlay',
  themeColor: THEME_COLOR,
  colorWeak: false,
  grayMode: false,
  showBreadCrumb: true,
  showFooter: false,
  contentMode: 'full',
  contentHeightMode: 'auto',
  lockTime: 0,
  headerSetting: {
    bgColor: '#ffffff',
    theme: 'light',
    showNotice: true,
    showContact: true,
    showWorkOrder: true,
    showSearch: false,
    showDoc: false,
    showFullScreen: false,
    fixed: true,
    show: true,
  },
  menuSetting: {
    type: 'sidebar',
    mode: 'inline',
    theme: 'dark',
    bgColor: '#001529',
    menuWidth: MENU_WIDTH,
    collapsed: false,
    fixed: true,
    show: true,
    hidden: false,
    split: false,
    accordion: true,
    trigger: 'header',
    topMenuAlign: 'center',
    canDrag: false,
    mixSideTrigger: 'click',
    mixSideFixed: false,
  },
  transitionSetting: {
    enable: true,
    basicTransition: 'fade-slide',
    openPageLoading: true,
    openNProgress: true,
  },
  multiTabsSetting: { show: false, cache: false },
  removeAllHttpPending: false,
  closeMessageOnSwitch: true,
  removeDuplicatePending: false,
  errorMessageMode: 'message',
};

/** A partial change of the project config: nested settings merge one level deep. */
export type ProjectConfigPatch = {
  [K in keyof ProjectConfig]?: ProjectConfig[K] extends object ? Partial<ProjectConfig[K]> : ProjectConfig[K];
};

export function mergeProjectConfig(config: ProjectConfig, patch: ProjectConfigPatch): ProjectConfig {
  const merged: Record<string, unknown> = { ...config };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  return merged as unknown as ProjectConfig;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the user changed from `defaults` (spec §4: saved preferences never hide a newer default the
 * user never changed). Nested settings compare field by field; merging the diff onto the defaults
 * gives `config` back.
 */
export function diffProjectConfig(config: ProjectConfig, defaults: ProjectConfig = DEFAULT_PROJECT_CONFIG): ProjectConfigPatch {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    const base = (defaults as unknown as Record<string, unknown>)[key];
    if (isPlainObject(value) && isPlainObject(base)) {
      const changed = Object.fromEntries(Object.entries(value).filter(([field, fieldValue]) => base[field] !== fieldValue));
      if (Object.keys(changed).length > 0) patch[key] = changed;
    } else if (value !== base) {
      patch[key] = value;
    }
  }
  return patch as ProjectConfigPatch;
}
