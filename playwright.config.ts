import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { e2ePorts, oidcClient, oidcIssuer, shopUrl } from './tests/e2e/support/ports';

/**
 * Debian's old headless shell (scripts/ensure-chromium.sh installs it), the browser Playwright's own
 * headless runs use: the same Blink, a fifth less CPU than the full browser's headless mode.
 */
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * Journeys in Debian's Chromium against the built app (`npm run build` first), on a throw-away in-memory
 * database seeded with the demo catalog, with a real SMTP server and a local OpenID provider for Google.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two browsers: CI runs the journeys beside the vitest run on a 2-core machine, where four browsers
  // and two vitest workers fought for the cores (PLAYWRIGHT_WORKERS sets another number).
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  // CI retries a failed journey once (Playwright's own convention) and reports it as flaky, by name.
  retries: process.env.CI ? 1 : 0,
  // A journey is many steps: the longest took 33 s alone on this 2-core machine, and CI runs the
  // journeys by themselves (scripts/test-all.mjs). The limit only decides how long a broken journey
  // takes to fail: at 150 s (450 s for a slow one) one journey hung on a click before hydration
  // held a worker for 7.5 minutes.
  timeout: 90_000,
  expect: { timeout: 12_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: shopUrl,
    // CI records a trace on a failed journey's retry (Playwright's advice for CI: recording every
    // journey's cost a sixth of their CPU, measured on three specs); a local run keeps a failure's.
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromium,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/mail-catcher.ts',
      url: `http://127.0.0.1:${e2ePorts.mailbox}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'npx tsx tests/e2e/support/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node dist/server/main.js',
      url: `${shopUrl}/api/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(e2ePorts.shop),
        PUBLIC_URL: shopUrl,
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        NODE_ENV: 'production',
        PAYMENTS_TEST_MODE: 'true',
        // Sign-ups and sign-ins at the test suite's hashing strength (~3 ms, not ~330 ms): most journeys
        // sign up a customer and sign in an admin. The in-memory database goes with the process.
        PASSWORD_HASHING: 'test',
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
        // Each test presents its own client address (tests/e2e/fixtures.ts), as if behind a proxy.
        TRUST_PROXY: '1',
        SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
        ADMIN_EMAILS: 'owner@forgeline.test,manager@forgeline.test,catalog@forgeline.test',
        GOOGLE_CLIENT_ID: oidcClient.id,
        GOOGLE_CLIENT_SECRET: oidcClient.secret,
        GOOGLE_DISCOVERY_URL: `${oidcIssuer}/.well-known/openid-configuration`,
        // The journeys' webhook receivers listen on this machine.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // …and so do the stand-in procurement systems the punchout journey returns carts to.
        PUNCHOUT_ALLOW_LOCAL: 'true',
      },
    },
  ],
});
