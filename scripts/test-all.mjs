// `npm test`: every check the project has, ending with the line "N passed, N failed".
// Three phases, each of which keeps a 2-core machine's cores busy by itself: the compilers (typecheck,
// lint and the build at once), the browser journeys once the build is there, then the unit, server and
// client tests, and beside them the server tests again on PostgreSQL for the files that exercise
// database-specific behaviour only (each marks itself with a line "// Database-specific: <why>"; every
// other server file runs on one database, the embedded one). The journeys and vitest do not run side
// by side: each saturates both cores alone, and together they took longer than one after the other
// (CI measured 885 s and 918 s side by side against 324 s and 215 s alone), as every waiting assertion
// polled longer. Typecheck, lint and build count as one check each; vitest and Playwright count their tests.
// Each stage's wall time is printed at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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

/** Runs a command with the output shown; resolves to whether it succeeded and how long it took. */
function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 }));
    child.on('error', () => resolve({ ok: false, seconds: (Date.now() - started) / 1000 }));
  });
}

function record(label, seconds, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  const counts = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  lines.push(`${failed ? 'FAIL' : 'ok  '}  ${label}: ${counts}  (${seconds.toFixed(0)} s)`);
}

async function check(label, command, args, env = {}) {
  const { ok, seconds } = await run(command, args, env);
  record(label, seconds, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

async function vitest(label, args, env = {}) {
  const file = `${out}/${label.replace(/\W+/g, '-')}.json`;
  const { ok, seconds } = await run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) return record(label, seconds, 0, 1);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
  record(label, seconds, report.numPassedTests, failed, report.numPendingTests + report.numTodoTests);
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
  const { ok, seconds } = await run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) return record(label, seconds, 0, 1);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  const failed = stats.unexpected + (ok || stats.unexpected ? 0 : 1);
  record(label, seconds, stats.expected + stats.flaky, failed, stats.skipped);
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
// ESLint's and tsc's type programs allocate gigabytes of short-lived objects: 64 MB semi-spaces (the
// young generation's halves; V8's own choice on x64 is at most 16 MB) spend less on scavenges. Measured alone, from empty caches: ESLint 128 ->
// 116 CPU-s, tsc 44 -> 38 (December 2026; 128 MB was no better).
const compilerHeap = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=64`.trim() };
const linted = check('lint', 'npm', ['run', '--silent', 'lint'], compilerHeap);
const built = check('build', 'npm', ['run', '--silent', 'build']);
const typechecked = check('typecheck', 'npm', ['run', '--silent', 'typecheck'], compilerHeap);

// The journeys against the build, as soon as it is there (beside the end of lint and typecheck).
const journeys = built.then((ok) =>
  ok
    ? playwright('browser journeys (Playwright, Chromium)')
    : record('browser journeys (not run: build failed)', 0, 0, 1),
);

/**
 * The server test files that exercise database-specific behaviour (locks, concurrency, migrations,
 * timeouts, disk faults), which run on PostgreSQL as well: each says so, and why, in a line
 * "// Database-specific: ..." of its own. Read from the files, so the decision stays with the test.
 */
const databaseSpecific = serverTestFiles('src/server').filter((file) =>
  /^\/\/ Database-specific: /m.test(readFileSync(file, 'utf8')),
);

// Once the journeys and the compilers are done: the tests on the embedded database, and beside them,
// in one worker of its own, the database-specific files on PostgreSQL (they mostly wait: on the
// PostgreSQL server, on processes they start and kill, on timeouts they provoke).
const tests = Promise.all([journeys, linted, typechecked]).then(() =>
  Promise.all([
    vitest('unit, server (PGlite) and client tests', [], { TEST_DATABASE_URL: '' }),
    process.env.TEST_DATABASE_URL
      ? vitest(
          `database-specific server tests on PostgreSQL (${databaseSpecific.length} files)`,
          ['--project', 'server', '--maxWorkers=1', ...databaseSpecific],
          { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
        )
      : lines.push('skip  server tests on PostgreSQL: set TEST_DATABASE_URL=postgres://... to run them'),
  ]),
);
await tests;

console.log(`\n${lines.join('\n')}\n\nall checks: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed ? 1 : 0);
