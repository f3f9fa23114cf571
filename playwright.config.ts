import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium';

/**
 * Browser tests: the built app served by the real server process (one per worker, own data folder and mail
 * catcher), driven in Debian's Chromium. `npm run test:e2e` builds the app first when sources changed.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  // 20 s per expectation: on a loaded 2-core CI machine (two servers, two browsers) a cold page load alone took over
  // 10 s, and specs failed on screens that were on their way (docs/decisions/0054). A passing check never waits it out.
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
  },
});
