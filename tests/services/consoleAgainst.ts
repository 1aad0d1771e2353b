import { vi } from 'vitest';

/**
 * Loads the console's modules afresh (`load` imports them) with their http client pointed at the
 * fake API server at `url`: the client reads the API's address when it is first loaded.
 */
export async function consoleAgainst<T>(url: string, load: () => Promise<T>): Promise<T> {
  vi.stubEnv('VITE_GLOB_API_URL', url);
  vi.resetModules();
  try {
    return await load();
  } finally {
    vi.unstubAllEnvs();
  }
}
