import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { stopOnSignals } from './stopOnSignals';

/** `npm start`: one process serving the API and the built console. */
async function main() {
  const config = loadConfig();
  const signals = stopOnSignals();
  // The database starts opening before the rest of the server is loaded, so that its
  // waits (reading and compiling PGlite's WebAssembly, its files) overlap with loading the server's
  // code. Its failure (another process holds DATA_DIR) is reported where startServer awaits it.
  const opening = openDatabase(config);
  opening.catch(() => {});
  const { startServer } = await import('./server');
  // A server that runs for long compiles its routes soon after it listens, before users call them.
  const server = await startServer(config, { compileAfterListen: true, opening });
  const { seeded } = server;
  const db = server.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  // The port it listens on: PORT=0 takes any free one.
  const { port } = new URL(server.url);
  console.log(`\n  Inkpress is running at http://localhost:${port}  (${db})`);
  console.log(`  API docs: http://localhost:${port}/api/docs`);
  if (seeded.generatedAdminPassword) {
    console.log(`\n  First start: log in as "${config.adminUsername}" with password ${seeded.generatedAdminPassword}`);
    console.log('  (shown once; set ADMIN_PASSWORD to choose it yourself)\n');
  } else if (seeded.adminCreated) {
    console.log(`\n  First start: log in as "${config.adminUsername}" with the password from ADMIN_PASSWORD\n`);
  }

  signals.started(async (signal) => {
    server.app.log.info(`${signal}: shutting down`);
    await server.close();
  });
}

main().catch((error: Error) => {
  console.error(`\n  Inkpress could not start: ${error.message}\n`);
  process.exit(1);
});
