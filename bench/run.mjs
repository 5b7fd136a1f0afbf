#!/usr/bin/env node
// `npm run bench -- <name>` runs bench/<name>.bench.ts (through tsx) and prints its result lines;
// without a name it lists the benchmarks; `all` runs each in turn. Exit code 1 when a budget fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const available = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();

const [name] = process.argv.slice(2);
if (!name || name === '--list' || name === '-h' || name === '--help') {
  console.log('Usage: npm run bench -- <name>   (or `all`)\n\nAvailable benchmarks:');
  for (const bench of available) console.log(`  ${bench}`);
  console.log('\nSee bench/README.md for what each one measures and its budget.');
  process.exit(0);
}

const chosen = name === 'all' ? available : [name];
const unknown = chosen.filter((bench) => !available.includes(bench));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

/** The machine and database a run measured, printed first and kept beside the results (bench/README.md's table). */
const cpus = os.cpus();
const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.versions.node}`;
const database = process.env.KELOLA_TEST_DATABASE_URL ? 'PostgreSQL (KELOLA_TEST_DATABASE_URL)' : 'PGlite (embedded)';
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
console.log(`machine: ${machine}; database: ${database}; load average ${load()}`);

const summary = [];
let failed = false;
for (const bench of chosen) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kelola-bench-'));
  const resultFile = path.join(tmp, 'result.json');
  console.log(`\n▶ ${bench}`);
  const started = Date.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${bench}.bench.ts`)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULT_FILE: resultFile, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const results = existsSync(resultFile) ? JSON.parse(readFileSync(resultFile, 'utf8')) : [];
  rmSync(tmp, { recursive: true, force: true });
  const status = child.status === 0 ? 'PASS' : results.length === 0 ? 'ERROR' : 'FAIL';
  if (status !== 'PASS') failed = true;
  console.log(`■ ${bench}: ${status} (${results.length} results, ${seconds} s)`);
  summary.push({ bench, status, results });
}
if (chosen.length > 1) {
  console.log(`\nSummary (${machine}; ${database}; load average at the end ${load()}):`);
  for (const { bench, status, results } of summary) {
    console.log(`  ${status.padEnd(5)} ${bench}`);
    for (const r of results)
      console.log(
        `        ${r.name}: ${r.value.toFixed(r.value >= 100 ? 0 : 2)} ${r.unit}, floor ${r.floor.toFixed(r.floor >= 100 ? 0 : 2)}, ratio ${r.ratio.toFixed(3)}${r.budget === undefined ? '' : ` (≥ ${r.budget})`}`,
      );
  }
}
process.exit(failed ? 1 : 0);
