import { defineConfig, devices } from '@playwright/test';
import { MAIN_PORT, MAIN_URL, PAYMENT_PORT, SHORT_SESSION_PORT } from './servers';

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

const server = (port: number, extraEnv: Record<string, string> = {}) => ({
  command: `rm -rf .e2e-data/${port} && node ../apps/server/dist/main.js`,
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'ignore' as const,
  // Every test signs in from the same address, far more often than a person would.
  env: { PORT: String(port), DATA_DIR: `.e2e-data/${port}`, LOG_LEVEL: 'warn', RATE_LIMIT_SIGN_IN: '10000', ...extraEnv },
});

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Each test is a whole story signed in through the UI; with two workers and three servers on two cores,
  // ordinary stories have taken over a minute in CI, and a page reloaded there once took over 10 s to show its
  // list again. Assertions wait up to 20 s: a failure is reported later, a pass is not slower.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: MAIN_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: chromium }],
  webServer: [server(MAIN_PORT), server(SHORT_SESSION_PORT, { SESSION_TTL_HOURS: '0.004' }), server(PAYMENT_PORT)],
});
