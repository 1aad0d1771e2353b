import { loadConfig } from './config';
import { startServer } from './server';

/** `npm start`: one process serving the API and the built console. */
async function main() {
  const config = loadConfig();
  // A server that runs for long compiles its routes soon after it listens, before users call them.
  const server = await startServer(config, { compileAfterListen: true });
  const { seeded } = server;
  const db = server.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\n  Inkpress is running at http://localhost:${config.port}  (${db})`);
  console.log(`  API docs: http://localhost:${config.port}/api/docs`);
  if (seeded.generatedAdminPassword) {
    console.log(`\n  First start: log in as "${config.adminUsername}" with password ${seeded.generatedAdminPassword}`);
    console.log('  (shown once; set ADMIN_PASSWORD to choose it yourself)\n');
  } else if (seeded.adminCreated) {
    console.log(`\n  First start: log in as "${config.adminUsername}" with the password from ADMIN_PASSWORD\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: Error) => {
  console.error(`\n  Inkpress could not start: ${error.message}\n`);
  process.exit(1);
});
