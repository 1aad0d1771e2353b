import { http } from '../services/http';

/**
 * Loads the HTTP client's transport (axios) before the first call needs it: the login page asks
 * for it once drawn, when idle, so that signing in does not wait for it. Views never
 * import the client itself; this sends nothing.
 */
export const preloadHttp = (): Promise<void> => http.preload();
