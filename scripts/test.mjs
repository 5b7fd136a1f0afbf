// `npm test`: type-check, lint, then every test project (unit, integration on PGlite, web components,
// Playwright journeys when Chromium is installed). Ends with the line "N passed, M failed".
//
// Two lanes run side by side: the checks and the unit/integration/web tests in one, the Chromium journeys in the
// other. vitest runs a project whose files must not run in parallel (the journeys share one server) after every
// other group, one file at a time; on two cores it also runs every other file one at a time. In one process the
// run is the sum of both; a journey mostly waits on its server and browser, so the lanes overlap well.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const only = args.includes('--integration-only');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;
// Named again at the very end, so that the last lines of a long log say what failed.
const failures = [];

function step(label, command, commandArgs, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, commandArgs) {
  if (step(label, command, commandArgs)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
    console.log(`✖ ${label} failed`);
  }
}

/** A failure's message and the test line that raised it, indented, so that a log cut to its tail still says why. */
function excerpt(message) {
  if (!message) return '';
  const lines = message
    // eslint-disable-next-line no-control-regex -- the reporter's colour codes
    .replace(/\u001b\[[0-9;]*m/gu, '')
    .split('\n')
    .map((line) => line.trimEnd());
  const text = lines.filter((line) => line.trim() !== '' && !line.trim().startsWith('at ')).slice(0, 8);
  const where = lines.find((line) => line.trim().startsWith('at ') && !line.includes('node_modules'));
  return [...text, ...(where ? [where.trim().replaceAll(`${root}/`, '').replaceAll('file://', '')] : [])]
    .map((line) => `\n      ${line.slice(0, 300)}`)
    .join('');
}

function vitestArgs(projects, report) {
  return ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
}

function reportPath(label) {
  return path.join(os.tmpdir(), `kelola-vitest-${process.pid}-${label.replace(/\W+/gu, '-')}-${Date.now()}.json`);
}

function vitest(label, projects, env = {}) {
  const report = reportPath(label);
  step(label, bin('vitest'), vitestArgs(projects, report), env);
  collect(label, report);
}

/**
 * The journeys' lane: vitest in the background, its output kept in a file and printed whole when it ends (two
 * interleaved vitest outputs cannot be read). Resolves with the report's path.
 */
function vitestInBackground(label, projects) {
  const report = reportPath(label);
  const logFile = path.join(os.tmpdir(), `kelola-vitest-${process.pid}-${label.replace(/\W+/gu, '-')}.log`);
  const out = fs.openSync(logFile, 'w');
  const started = Date.now();
  console.log(`\n▶ ${label} (in the background; its output follows when it ends)`);
  const child = spawn(bin('vitest'), vitestArgs(projects, report), { cwd: root, stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('close', () => {
      fs.closeSync(out);
      console.log(`\n▶ ${label}: output (${Math.round((Date.now() - started) / 1000)} s)`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      fs.rmSync(logFile, { force: true });
      resolve(report);
    });
  });
}

function collect(label, report) {
  if (!fs.existsSync(report)) {
    failed += 1;
    failures.push(`${label}: the test run produced no report`);
    console.log(`✖ ${label}: the test run produced no report`);
    return;
  }
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  fs.rmSync(report, { force: true });
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  for (const file of result.testResults) {
    const name = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const test of failedTests) failures.push(`${name} > ${test.fullName}${excerpt(test.failureMessages?.[0])}`);
    // A file that fails to load has no failed test but is a failure all the same.
    if (file.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push(`${name}: ${(file.message || 'failed to run').split('\n')[0]}`);
    }
  }
}

if (only) {
  vitest('integration suites', ['server'], {});
} else {
  if (!fs.existsSync('/usr/bin/chromium')) console.log('\nChromium not installed: e2e journeys skipped (apt-get install -y chromium)');
  const journeys = vitestInBackground('journeys', ['e2e']);
  for (const project of [
    'packages/contracts',
    'packages/domain',
    'apps/server',
    'apps/web',
    'apps/marketplace-sandbox',
    'tests/e2e',
    'bench',
  ]) {
    if (fs.existsSync(path.join(root, project, 'tsconfig.json'))) check(`type-check ${project}`, bin('tsc'), ['-p', project]);
  }
  check('lint', bin('eslint'), ['.']);
  check('format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
  vitest('tests', ['domain', 'contracts', 'server', 'web', 'sandbox']);
  collect('journeys', await journeys);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
