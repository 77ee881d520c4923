// `npm test`: every check the project has, in order, ending with the line "N passed, N failed".
// typecheck and lint count as one check each; vitest and Playwright count their tests. When
// TEST_DATABASE_URL names a PostgreSQL server, the server tests run a second time against it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function record(label, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(
    `${failed ? 'FAIL' : 'ok  '}  ${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}

function check(label, command, args) {
  const ok = run(command, args);
  record(label, ok ? 1 : 0, ok ? 0 : 1);
  return ok;
}

function vitest(label, args, env = {}) {
  const file = `${out}/${label.replace(/\W+/g, '-')}.json`;
  const ok = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) return record(label, 0, 1);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = report.numFailedTests + (ok || report.numFailedTests ? 0 : 1);
  record(label, report.numPassedTests, failed, report.numPendingTests + report.numTodoTests);
}

function playwright(label) {
  const file = `${out}/playwright.json`;
  const ok = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (!existsSync(file)) return record(label, 0, 1);
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  const failed = stats.unexpected + (ok || stats.unexpected ? 0 : 1);
  record(label, stats.expected + stats.flaky, failed, stats.skipped);
}

check('chromium available', 'bash', ['scripts/ensure-chromium.sh']);
check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '.']);
vitest('unit, server (PGlite) and client tests', []);
if (process.env.TEST_DATABASE_URL) {
  vitest('server tests on PostgreSQL', ['--project', 'server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
} else {
  lines.push('skip  server tests on PostgreSQL: set TEST_DATABASE_URL=postgres://... to run them');
}
if (check('build', 'npm', ['run', 'build', '--silent']))
  playwright('browser journeys (Playwright, Chromium)');
else record('browser journeys (not run: build failed)', 0, 1);

console.log(`\n${lines.join('\n')}\n`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed ? 1 : 0);
