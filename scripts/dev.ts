/**
 * `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload,
 * which proxies API paths to it. Open http://localhost:5173.
 * `VITE_XSTATE_INSPECT=1 npm run dev` also opens the Stately inspector on the console's actors.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, CONSOLE_DIR: '' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
