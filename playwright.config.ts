import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium: `npx playwright install` cannot download a browser here. */
export const CHROMIUM = process.env.SOMA_CHROMIUM ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  // Sized for a busy machine (two cores shared with other CPU-bound work): a test or an
  // expectation only ever waits this long when something is wrong.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
    trace: 'off',
    locale: 'es-ES',
  },
  projects: [
    { name: 'laptop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: /phone\./ },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        launchOptions: { executablePath: CHROMIUM, args: chromiumArgs },
      },
      testMatch: /phone\./,
    },
  ],
});
