// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (API, web app, job workers; embedded PGlite in ./data unless DATABASE_URL is set).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchServer } from './launch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const built = path.join(web, 'dist/index.html');
const sources = Math.max(
  newest(path.join(web, 'src')),
  newest(path.join(root, 'packages/contracts')),
  ...['index.html', 'vite.config.ts', 'package.json'].map((f) => fs.statSync(path.join(web, f)).mtimeMs),
);
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@kelola/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

launchServer(process.argv.slice(2));
