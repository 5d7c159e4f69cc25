import { defineConfig, devices } from '@playwright/test'
import { chromiumFlags, testChromiumPath } from '../scripts/chromium'

const port = Number(process.env.E2E_PORT ?? 4173)

const chromiumLaunch = { executablePath: testChromiumPath, args: [...chromiumFlags] }

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two workers on a 2-core CI machine: the long journeys (several pages, axe on each) that take 15 to 22 s
  // idle went past the 30 s default there.
  timeout: 60_000,
  // An assertion's limit catches a page that never shows what it should, not a slow one: Playwright's 5 s
  // default is a time a loaded 2-core machine can take to draw a page. A passing assertion returns as soon as
  // it holds, so a longer limit costs nothing.
  expect: { timeout: 15_000 },
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace costs every test its DOM snapshots; CI's clone is thrown away with it, and prints each failed
    // test's page instead (.ci/run). On a developer's machine a failure keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/first-interaction.spec.ts',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    // The first-visit race runs once the rest is done, its flows one after another in one worker: its fresh
    // contexts at 4x CPU throttling take the machine, and specs beside it timed out for it.
    {
      name: 'first-interaction',
      testMatch: '**/first-interaction.spec.ts',
      dependencies: ['chromium'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
  ],
  webServer: {
    // A production build, served by the real server with its own in-memory database.
    command: 'node --import tsx server/index.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // A low scrypt cost keeps the many logins fast; a trusted proxy lets fixtures spread rate limits over
    // addresses (X-Forwarded-For), as a load balancer in front would. The demo data brings the illustrative
    // rate sheets the quote journeys price on.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      DEMO_SEED: '1',
      SCRYPT_LOG_N: '10',
      // Hashes at that cost take a millisecond or two: the bound on waiting hashes that protects a server
      // at the real cost (8) would refuse set-ups that register ten customers at once.
      PASSWORD_HASH_QUEUE: '64',
      TRUST_PROXY: '1',
      // The operations API (confirm, tracking events, document review), as e2e/fixtures.ts OPS_API_KEY.
      OPS_API_KEY: 'e2e-operations-key',
    },
    // Its errors (stderr) show in the test output; its stdout is a line per mail kept in the outbox, hundreds a
    // run, which buried the test results in CI's log.
    stdout: 'ignore',
  },
})
