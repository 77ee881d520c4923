// `npm test`: every check the project has, ending with the line "N passed, N failed".
// Two phases, each of which keeps a 2-core machine's cores busy. First the build, then the browser
// journeys against it: they are the CPU-hungriest stage and the one most hurt by sharing the cores
// (every waiting assertion polls longer), so beside them run only tests that mostly wait or cost
// little (with PostgreSQL: the embedded database's share, then the unit and client tests). Then the
// typecheck and lint (one process, one TypeScript program) and the remaining vitest run side by side.
// Without TEST_DATABASE_URL everything runs on the embedded database. With it (CI), every server test
// runs on PostgreSQL, and the tests that exercise database-specific behaviour (tagged
// `database-specific`, see scripts/database-specific.mjs) run on the embedded database as well: each
// test on one database, those on both.
// Measured in December 2026 on this 2-core machine: the journeys beside vitest took 885 s and 918 s
// against 324 s and 215 s one after the other; lint beside the journeys took them from 202 s to 273 s,
// while beside the PostgreSQL run it fills the cores that run leaves idle while its files wait.
// Build, typecheck and lint count as one check each; vitest and Playwright count their tests.
// Each stage's wall time and CPU time are printed at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { databaseSpecificIn } from './database-specific.mjs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

/** Every server test file under `dir`. */
function serverTestFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverTestFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}
const lines = [];

/** The CPU seconds (user and system) that bash's `times` wrote for the processes a command ran. */
function cpuSeconds(file) {
  if (!existsSync(file)) return Number.NaN;
  const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  return parts.reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
}

let runs = 0;
/**
 * Runs a command with the output shown; resolves to whether it succeeded, how long it took and the CPU
 * its processes used (bash's `times`, once they all ended: what the stages cost on a 2-core machine).
 */
function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const timesFile = `${out}/times-${(runs += 1)}.txt`;
  const script = '"$@"; status=$?; times > "$0"; exit $status';
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script, timesFile, command, ...args], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    const done = (ok) => resolve({ ok, seconds: (Date.now() - started) / 1000, cpu: cpuSeconds(timesFile) });
    child.on('close', (code) => done(code === 0));
    child.on('error', () => done(false));
  });
}

function record(label, { seconds, cpu }, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const counts = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  const cost = Number.isNaN(cpu) ? '' : `, ${cpu.toFixed(0)} CPU-s`;
  lines.push(`${failed ? 'FAIL' : 'ok  '}  ${label}: ${counts}  (${seconds.toFixed(0)} s${cost})`);
}

async function check(label, command, args, env = {}) {
  const { ok, ...timing } = await run(command, args, env);
  record(label, timing, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

/** Tests skipped in a report; with `tag`, only those of the tag (the others were filtered out). */
function skippedTests(report, tag) {
  if (!tag) return report.numPendingTests + report.numTodoTests;
  const skipped = (test) => ['skipped', 'pending', 'todo'].includes(test.status) && test.tags?.includes(tag);
  return report.testResults.flatMap((file) => file.assertionResults).filter(skipped).length;
}

/** Runs vitest with `args`; with `tag`, only the tests of that tag (vitest's --tags-filter). */
async function vitest(label, args, env = {}, tag = undefined) {
  const file = `${out}/${label.replace(/\W+/g, '-')}.json`;
  const filter = tag ? [`--tags-filter=${tag}`] : [];
  const { ok, ...timing } = await run(
    'npx',
    [
      'vitest',
      'run',
      ...filter,
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  if (!existsSync(file)) return record(label, timing, 0, 1);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
  record(label, timing, report.numPassedTests, failed, skippedTests(report, tag));
  // The names go in the closing lines too, so that a CI log read from its tail says what failed.
  for (const file of report.testResults) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    const failures = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failures) lines.push(`      failed: ${path} › ${test.fullName}`);
    if (!failures.length && file.status === 'failed') lines.push(`      failed: ${path} (${file.message})`);
  }
}

async function playwright(label) {
  const file = `${out}/playwright.json`;
  const { ok, ...timing } = await run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) return record(label, timing, 0, 1);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  const failed = stats.unexpected + (ok || stats.unexpected ? 0 : 1);
  record(label, timing, stats.expected + stats.flaky, failed, stats.skipped);
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected'))
        lines.push(`      failed: ${spec.file} › ${[...titles, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  if (stats.flaky)
    lines.push(`      ${stats.flaky} journey(s) passed only on retry (flaky): see the list above`);
}

const started = Date.now();
await check('chromium available', 'bash', ['scripts/ensure-chromium.sh']);
await check('e-invoice validator tools available', 'bash', ['scripts/ensure-validator-tools.sh']);
const built = check('build', 'npm', ['run', '--silent', 'build']);

// The journeys against the build, as soon as it is there.
const journeys = built.then((ok) =>
  ok
    ? playwright('browser journeys (Playwright, Chromium)')
    : record('browser journeys (not run: build failed)', { seconds: 0, cpu: Number.NaN }, 0, 1),
);
const afterJourneys = (task) => journeys.then(task);
// The build as production runs it (npm start): every public page, then /api/docs, the health checks
// and /metrics from one fresh process (scripts/smoke-built-server.mjs says why in that order).
const smoked = built.then((ok) =>
  ok
    ? check('built server as production runs it: pages, then the API', 'node', [
        'scripts/smoke-built-server.mjs',
      ])
    : record('built server smoke test (not run: build failed)', { seconds: 0, cpu: Number.NaN }, 0, 1),
);

/**
 * The typecheck and lint in one process over one TypeScript program (`npm run check`,
 * scripts/check-code.mjs): alone, from empty caches, 93 CPU-s against 117 for `npm run typecheck` and
 * `npm run lint` one after the other (December 2026). It says which of the two found something; a
 * crash before it could say counts as both failed.
 */
async function typecheckAndLint() {
  const file = `${out}/check-code.json`;
  const { ok, ...timing } = await run('npm', ['run', '--silent', 'check', '--', file]);
  const outcome = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const failed = ok ? [] : ['typecheck', 'lint'].filter((name) => outcome?.[name] !== true);
  record('typecheck and lint (one program)', timing, 2 - failed.length, failed.length);
  if (!ok && !outcome)
    lines.push('      failed: typecheck and lint (scripts/check-code.mjs stopped: see above)');
  else for (const name of failed) lines.push(`      failed: ${name} (its findings are printed above)`);
}
const checked = afterJourneys(typecheckAndLint);

/** The server test files with tests that run on both databases (scripts/database-specific.mjs). */
const databaseSpecific = serverTestFiles('src/server').filter((path) =>
  databaseSpecificIn(readFileSync(path, 'utf8')),
);
const postgres = process.env.TEST_DATABASE_URL;
const embedded = { TEST_DATABASE_URL: '' };

let tests;
if (postgres) {
  // With a PostgreSQL server (CI): every server file runs on it. There the server files cost two
  // thirds of the CPU they cost on the embedded engine (253 against 373 CPU-s for all of them alone,
  // December 2026). They wait a great deal (on the server, on processes they start and kill, on
  // timeouts they provoke): with vitest's 2 workers the last 100 s of the run kept the machine a
  // third busy; 4 workers fill it (CI 498 -> 447 s). Beside them, the typecheck and lint. From the
  // start, on one worker, beside the build and the journeys: the database-specific tests on the
  // embedded database (mostly processes started, killed and waited for; only the files that have some
  // are loaded, of those only the tagged tests run, a mixed file's others ran on PostgreSQL), then the
  // unit and client tests. The journeys leave a fifth of the cores idle; there these took them from
  // 187 to 201 s and the whole run from 447 to 392 s (December 2026, with the single typecheck-and-lint).
  const onPostgres = afterJourneys(() =>
    vitest(`server tests on PostgreSQL (every file)`, ['--project', 'server', '--maxWorkers=4'], {
      TEST_DATABASE_URL: postgres,
    }),
  );
  const rest = vitest(
    `database-specific server tests on the embedded database (${databaseSpecific.length} files)`,
    ['--project', 'server', '--maxWorkers=1', ...databaseSpecific],
    embedded,
    'database-specific',
  ).then(() =>
    vitest(
      'unit, client and walk tests',
      ['--project', 'unit', '--project', 'client', '--project', 'walk'],
      embedded,
    ),
  );
  tests = Promise.all([onPostgres, rest, checked, smoked]);
} else {
  // Without one (a newcomer's machine): all of vitest on the embedded database once the journeys are
  // done, beside the typecheck and lint.
  tests = Promise.all([
    afterJourneys(() => vitest('unit, server (embedded database) and client tests', [], embedded)),
    checked,
    smoked,
  ]);
  lines.push('skip  server tests on PostgreSQL: set TEST_DATABASE_URL=postgres://... to run them');
}
await tests;

console.log(`\n${lines.join('\n')}\n\nall checks: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed ? 1 : 0);
