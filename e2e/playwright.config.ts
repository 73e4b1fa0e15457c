import { defineConfig, devices } from '@playwright/test';
import { MAIN_PORT, MAIN_URL, PAYMENT_PORT, SHORT_SESSION_PORT, SMS_INBOX_PORT, SMS_INBOX_URL } from './servers';

/** Debian's Chromium: Playwright's own browser download cannot work on these machines. */
const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  locale: 'zh-CN',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

/**
 * With TEST_DATABASE_URL set (CI sets it when PostgreSQL answers), each server gets a new database of its own on that
 * PostgreSQL server; otherwise it keeps the built-in PGlite under its data dir. PostgreSQL answers the stories' calls
 * side by side, where PGlite runs every query in the server's one thread.
 */
const databaseOf = (port: number) => {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/zhaokao_e2e_${port}`;
  return url.toString();
};

const server = (port: number, extraEnv: Record<string, string> = {}) => ({
  port,
  env: {
    PORT: String(port),
    DATA_DIR: `.e2e-data/${port}`,
    ...(databaseOf(port) && { DATABASE_URL: databaseOf(port)! }),
    LOG_LEVEL: 'warn',
    // Every test signs in from the same address, far more often than a person would.
    RATE_LIMIT_SIGN_IN: '10000',
    ...extraEnv,
  },
});

/** The three servers, started side by side by start-servers.mjs (Playwright would start them one after another). */
const SERVERS = [
  server(MAIN_PORT),
  server(SHORT_SESSION_PORT, { SESSION_TTL_HOURS: '0.004' }),
  // The candidate site's stories run here too: its SMS codes go through the Alibaba Cloud adapter to the SMS inbox.
  server(PAYMENT_PORT, {
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAIe2etests',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'e2e-secret',
    ALIYUN_SMS_SIGN_NAME: '招考测试',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_000000001',
    ALIYUN_SMS_ENDPOINT: SMS_INBOX_URL,
  }),
];

/**
 * The story that takes longest (minutes). Not with exports.spec.ts, though as long: a whole plan's export holds the
 * built-in database for seconds, and a score saved meanwhile once waited past its 20 s.
 */
const LONGEST = ['**/exam-scores.spec.ts'];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Tests of a file are shared among the workers, except where a file says otherwise (a story in steps, or stories
  // that read what the file's other stories change).
  fullyParallel: true,
  // Two cores: the run is bound by Chromium's work, and three workers (E2E_WORKERS=3, a fresh-clone run) took the same
  // 12.0 minutes as two, with longer waits in each story. E2E_WORKERS sets another number, to measure.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // In CI a story that fails is run once more, and one that then passes is listed as flaky in the output: on two shared
  // cores a page has now and then answered past every wait, and one such moment must not sink the whole run.
  retries: process.env.CI ? 1 : 0,
  // Each test is a whole story; with two or three workers and three servers on two cores, ordinary stories have
  // taken over a minute in CI, and a page reloaded there once took over 10 s to show its list again. Assertions wait up to 20 s: a failure is reported later, a pass is not slower.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: MAIN_URL,
    screenshot: 'only-on-failure',
    // A trace films every page (a screencast) while it records, which took a good share of the two cores; CI keeps
    // nothing but the printed output, so there it is off.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The app leaves antd's animations out then (as for anyone who asks their system for less motion): nothing to
    // wait for between a click and the next step, and frames not drawn.
    reducedMotion: 'reduce',
  },
  // The longest story first, so that it does not start last: the projects' tests are dealt out in this order.
  projects: [
    { name: 'longest', use: chromium, testMatch: LONGEST },
    { name: 'chromium', use: chromium, testIgnore: LONGEST },
  ],
  webServer: {
    command: 'node start-servers.mjs',
    env: { E2E_SERVERS: JSON.stringify(SERVERS), E2E_SMS_INBOX_PORT: String(SMS_INBOX_PORT) },
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    // Each server seeds the demo companies as it starts: on PGlite and a loaded machine that has taken over a minute.
    timeout: 180_000,
  },
});
