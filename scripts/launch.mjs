// Runs the server (apps/server/src/main.ts) as a child that lives and dies with this process: SIGINT, SIGTERM and
// SIGHUP are passed on, this process exits with the child, and the child stops by itself when this process is gone
// even by SIGKILL (the IPC channel between them closes; the server watches it). Without that, a killed launcher
// left the server holding the data directory and the next `npm start` refused to run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Starts the server with `args` and ties this process to it. */
export function launchServer(args) {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts'), ...args], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  for (const signal of SIGNALS) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) launchServer(process.argv.slice(2));
