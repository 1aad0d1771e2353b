import { loadConsoleTheme } from './consoleTheme';

/** A lazy chunk's load that resolves once the console's full theme is there too (see ./consoleTheme). */
export function withConsoleTheme<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadConsoleTheme()]).then(([module]) => module);
}
