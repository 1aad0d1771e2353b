// The embedded database's thread when the server runs from its TypeScript sources (development,
// tests): tsx compiles db/pgliteThread.ts in this thread. The build runs dist/server/pgliteThread.mjs.
const { tsImport } = await import('tsx/esm/api');
await tsImport('./pgliteThread.ts', import.meta.url);
