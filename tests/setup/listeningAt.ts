/**
 * The address a test server said it listens on (`server/main.ts` prints it once the port is
 * taken; PORT=0 lets the server choose), or undefined before it said so.
 */
export const listeningAt = (output: string): string | undefined => /Inkpress is running at (http:\/\/localhost:\d+)/.exec(output)?.[1];
