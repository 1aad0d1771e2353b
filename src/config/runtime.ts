import { APP_VERSION } from './constants';

/**
 * Runtime configuration (spec §7: "the base address, prefix and upload address come from runtime
 * configuration"), read from Vite's env. Empty base URL: same origin (the dev server proxies).
 */
export interface RuntimeConfig {
  /** The app's short name: the storage prefix starts with it. */
  shortName: string;
  /** development, production, test: part of the storage prefix. */
  env: string;
  apiBaseUrl: string;
  apiUrlPrefix: string;
  uploadUrl: string;
  version: string;
}

export function readRuntimeConfig(env: Record<string, string | boolean | undefined> = import.meta.env): RuntimeConfig {
  const text = (key: string, fallback: string) => {
    const value = env[key];
    return typeof value === 'string' && value !== '' ? value : fallback;
  };
  return {
    shortName: text('VITE_GLOB_APP_SHORT_NAME', 'inkpress'),
    env: text('MODE', 'production'),
    apiBaseUrl: text('VITE_GLOB_API_URL', ''),
    apiUrlPrefix: text('VITE_GLOB_API_URL_PREFIX', ''),
    uploadUrl: text('VITE_GLOB_UPLOAD_URL', '/api/v1/common/upload'),
    version: APP_VERSION,
  };
}
