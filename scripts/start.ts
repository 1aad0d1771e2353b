/**
 * `npm start`: builds the console when the build is missing or older than its sources, then
 * starts the server, which serves the API and the console on one port.
 */
import { buildConsole, consoleBuildIsCurrent } from './consoleBuild';

if (!consoleBuildIsCurrent()) {
  const started = Date.now();
  console.log('  Building the console (first start, or its sources changed)…');
  await buildConsole();
  console.log(`  Console built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await import('../server/main');
