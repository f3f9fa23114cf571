import { test as base, expect } from '@playwright/test';
import { type MailCatcher, startMailCatcher } from '@server/platform/testing/mail-catcher';
import { createServer } from 'node:net';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/** A TCP port free right now on 127.0.0.1 (the server takes it a moment later). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface WorkerFixtures {
  mail: MailCatcher;
  server: ServerProcess;
}

/** The e2e server's settings (a spec that needs one more, e.g. a webhook secret, adds it to these). */
export const e2eServerEnv = (mailUrl: string): Record<string, string> => ({
  SMTP_URL: mailUrl,
  AUTH_CODE_SENDS_PER_IP_PER_HOUR: '0',
  AUTH_CODE_COOLDOWN_SECONDS: '0',
  AUTH_CODE_SENDS_PER_EMAIL_PER_HOUR: '0',
  LOG_LEVEL: 'warn',
  // Outgoing webhooks go to the tests' own receivers on 127.0.0.1 (webhooks.spec.ts).
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
});

/**
 * Every worker runs its own server on its own data folder, sending real SMTP to its own mail catcher.
 * All browser traffic comes from 127.0.0.1, so the per-IP limit is off here, and the 30 s resend cooldown is
 * off on the server because the browser's clock is faked (both limits have their own unit tests).
 */
export const test = base.extend<{ uniqueEmail: (label: string) => string }, WorkerFixtures>({
  mail: [
    async ({}, use) => {
      const catcher = await startMailCatcher();
      await use(catcher);
      await catcher.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mail }, use) => {
      // A port chosen before the start, so PUBLIC_URL is the address the browser opens (as in a deployment): the
      // widget answers LeadLoop's own address, and its preview says when the app is opened at another one.
      const port = await freePort();
      const server = await startServerProcess({ env: { ...e2eServerEnv(mail.url), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
      await use(server);
      await server.stop();
    },
    // (A worker's server starts from source and migrates a fresh database: about 15 s of CPU, and past the 60 s test
    // limit on a loaded 2-core machine when a failed spec's worker is replaced mid-run. Decision 0054.)
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  uniqueEmail: async ({}, use, testInfo) => {
    let n = 0;
    await use((label) => `${label}-${testInfo.workerIndex}-${Date.now().toString(36)}-${(n += 1)}@example.test`);
  },
});

export { expect };
