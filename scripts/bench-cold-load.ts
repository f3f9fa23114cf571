/**
 * npm run bench cold-load [-- --runs 5 --path /dashboard --cpu 4]
 *
 * A signed-in screen opened cold (a new browser context each run: nothing cached), from the production build
 * served by the real server, in Debian's Chromium: when the page first paints (first contentful paint) and when
 * the screen's own title is there. Each run is paired with the same load where index.html has its boot picture
 * taken out (the page as it was before issue 21: an empty #root until the scripts render), so the figures
 * compare on the same machine at the same moment. `--cpu 4` slows the CPU fourfold, as Lighthouse does for a phone.
 */
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { startMailCatcher } from '@server/platform/testing/mail-catcher';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/support/chromium';
import { startServerProcess } from '../tests/support/server-process';
import { BOOT_SHELL_END, BOOT_SHELL_START } from './vite-boot-shell';
import { buildIfStale } from './web-build';

const BOOT_PICTURE = new RegExp(`${BOOT_SHELL_START}[\\s\\S]*?${BOOT_SHELL_END}`);

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { result: { data: Record<string, unknown> } }).result.data;
}

interface Load {
  firstPaint: number;
  screen: number;
}

async function load(browser: Browser, base: string, path: string, token: string, cpu: number, withBootPicture: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/?bench`);
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    if (!withBootPicture) {
      await page.route(`${base}${path}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace(BOOT_PICTURE, '') });
      });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    await page.locator('main h1').first().waitFor();
    return await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      screen: performance.now(),
    }));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function benchColdLoad(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { runs: { type: 'string', default: '5' }, path: { type: 'string', default: '/dashboard' }, cpu: { type: 'string', default: '1' } } });
  const runs = Number(values.runs);
  const cpu = Number(values.cpu);
  await buildIfStale((reason) => console.log(`building the web app (${reason})…`));
  const mail = await startMailCatcher();
  const server = await startServerProcess({ env: { SMTP_URL: mail.url, SERVE_SPA: 'true', NODE_ENV: 'production', LOG_LEVEL: 'warn', AUTH_CODE_SENDS_PER_IP_PER_HOUR: '0', AUTH_CODE_COOLDOWN_SECONDS: '0' } });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const email = `bench-${Date.now().toString(36)}@example.test`;
    await post(`${server.url}/trpc/createNewUserAccount`, { email, firstName: 'Bench', lastName: 'Mark', companyName: 'Bench Plumbing', signupPhone: null, referrer: '' });
    const code = await mail.waitForCode(email);
    const token = String((await post(`${server.url}/trpc/verifyUserEmail`, { email, code })).authToken);

    const rows: { boot: Load; bare: Load }[] = [];
    console.log(`Cold load of ${values.path}, signed in, production build, Debian Chromium, CPU ×${cpu}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC:`);
    for (let i = 1; i <= runs; i++) {
      const bare = await load(browser, server.url, values.path, token, cpu, false);
      const boot = await load(browser, server.url, values.path, token, cpu, true);
      rows.push({ boot, bare });
      console.log(`  run ${i}: first paint ${ms(boot.firstPaint)} (without the boot picture ${ms(bare.firstPaint)}), screen ${ms(boot.screen)} (${ms(bare.screen)})`);
    }
    const firstPaint = median(rows.map((row) => row.boot.firstPaint));
    const bareFirstPaint = median(rows.map((row) => row.bare.firstPaint));
    console.log(`median first paint: ${ms(firstPaint)} with the boot picture, ${ms(bareFirstPaint)} without (${(bareFirstPaint / firstPaint).toFixed(1)}× sooner)`);
    console.log(`median screen ready: ${ms(median(rows.map((row) => row.boot.screen)))} with, ${ms(median(rows.map((row) => row.bare.screen)))} without`);
    return 0;
  } finally {
    await browser.close();
    await server.stop();
    await mail.close();
  }
}
