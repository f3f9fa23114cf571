import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mainNav, signUpViaApi, storeToken, trpc } from './session';

/**
 * Issue 16, the dashboard shows the data: a new company sees real zeros and an unfinished checklist; after leads
 * are seeded through the real server (test number, test phones texting in through the simulator, a reply that is
 * delivered, one that fails, one thread left unread, a lead typed in) every figure follows; the period switch asks
 * the server again. And at 1366×900 every Settings tab is reachable from the navigation.
 */

type Data<T> = { result: { data: T } };

async function mutate<T>(request: APIRequestContext, token: string, procedure: string, input: unknown): Promise<T> {
  return ((await trpc(request, procedure, input, token)) as Data<T>).result.data;
}

async function query<T>(request: APIRequestContext, token: string, procedure: string, input: unknown): Promise<T> {
  const response = await request.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as Data<T>).result.data;
}

const figure = (page: Page, label: string) => page.getByRole('main').getByRole('listitem', { name: label, exact: true });

test('the dashboard shows what the server counted, and the period switch re-queries', async ({ page, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('dashboard'));
  await storeToken(page, account.token);

  // ── An empty company ──
  await page.goto('/dashboard');
  await expect(figure(page, 'New leads')).toContainText('0');
  await expect(figure(page, 'New leads')).toContainText('Same as the 30 days before (0)');
  await expect(figure(page, 'Median first response')).toContainText('No replies yet');
  await expect(figure(page, 'Handled by AI')).toContainText('No leads yet');
  await expect(page.getByText('Not counted yet')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Needs your attention' })).toContainText('Nothing needs you right now.');
  const checklist = page.getByRole('region', { name: 'Finish setting up' });
  await expect(checklist.getByRole('listitem', { name: 'Business phone number: to do' })).toBeVisible();
  await expect(page.getByText('No data yet')).toHaveCount(0);

  // ── Seed through the real server ──
  const token = account.token;
  const number = await mutate<{ e164: string }>(request, token, 'phone.useSimulator', {});
  const devices = [];
  for (let i = 0; i < 3; i += 1) devices.push(await mutate<{ id: string; e164: string }>(request, token, 'phone.simulator.addDevice', { phone: null }));
  const [answered, unreachable, waiting] = devices as [(typeof devices)[number], (typeof devices)[number], (typeof devices)[number]];
  for (const [device, body] of [[answered, 'My AC stopped blowing cold air'], [unreachable, 'Need a quote for a water heater'], [waiting, 'Do you clean gutters?']] as const) {
    await mutate(request, token, 'phone.simulator.send', { deviceId: device.id, body, mediaUrls: [] });
  }
  type Threads = { items: Array<{ id: string; contact: { phone: string } }> };
  await expect.poll(async () => (await query<Threads>(request, token, 'conversations.list', { filter: 'all', limit: 10 })).items.length).toBe(3);
  const threads = (await query<Threads>(request, token, 'conversations.list', { filter: 'all', limit: 10 })).items;
  const threadOf = (e164: string) => threads.find((t) => t.contact.phone === e164)!.id;
  await mutate(request, token, 'phone.simulator.setBehavior', { id: unreachable.id, behavior: 'unreachable' });
  await mutate(request, token, 'conversations.send', { conversationId: threadOf(answered.e164), body: 'We can come at 3 today.' });
  await mutate(request, token, 'conversations.send', { conversationId: threadOf(unreachable.e164), body: 'Happy to quote. When suits you?' });
  await mutate(request, token, 'leads.create', { firstName: 'Walk', lastName: 'In', phone: '+13125550188', summary: 'Dropped by the shop', consentConfirmed: false });
  type Log = { items: Array<{ status: string }> };
  await expect.poll(async () => (await query<Log>(request, token, 'logs.messages', { status: ['failed'], page: 1, pageSize: 25 })).items.length).toBe(1);

  // ── The same page now shows the data ──
  await page.reload();
  await expect(figure(page, 'New leads')).toContainText(/^New leads4/);
  await expect(figure(page, 'New leads')).toContainText('4 more than the 30 days before (0)');
  await expect(figure(page, 'Qualified')).toContainText(/^Qualified0/);
  await expect(figure(page, 'Median first response')).toContainText(/^Median first response\d+ (s|min)/);
  await expect(figure(page, 'Median first response')).toContainText('2 of 4 leads answered');
  await expect(page.getByRole('list', { name: 'Leads by source' }).getByRole('listitem')).toHaveText([/^Text message\s*3$/, /^Added by your team\s*1$/]);
  const bars = page.getByRole('list', { name: 'Leads by day' }).getByRole('listitem');
  await expect(bars).toHaveCount(30);
  await expect(bars.last()).toHaveAttribute('data-count', '4');
  const attention = page.getByRole('region', { name: 'Needs your attention' });
  await expect(attention.getByRole('link', { name: 'Unread conversations: 1' })).toHaveAttribute('href', '/conversations?filter=unread');
  await expect(attention.getByRole('link', { name: 'Failed texts (last 7 days): 1' })).toHaveAttribute('href', '/logs?status=failed');
  await expect(attention.getByRole('link', { name: 'New leads with no reply: 0' })).toBeVisible();
  await expect(attention).not.toContainText('Nothing needs you right now.');
  await expect(checklist.getByRole('listitem', { name: 'Business phone number: done' })).toContainText(/\(\d{3}\) \d{3}-\d{4} \(test number\)/);
  expect(number.e164).toMatch(/^\+1\d{10}$/);
  await expect(checklist.getByRole('listitem', { name: 'A test phone: done' })).toBeVisible();
  await expect(checklist.getByRole('listitem', { name: 'Your first lead: done' })).toBeVisible();

  // ── The period switch asks the server again ──
  const asked = page.waitForRequest((r) => r.url().includes('dashboard.summary') && decodeURIComponent(r.url()).includes('"period":"7d"'));
  // The radio itself is visually hidden under its label, as in every segmented control.
  await page.getByLabel('Period').getByText('7 days', { exact: true }).click();
  await asked;
  await expect(page).toHaveURL(/\/dashboard\?period=7d$/);
  await expect(figure(page, 'New leads')).toContainText('4 more than the 7 days before (0)');
  await expect(bars).toHaveCount(7);

  // ── A lead that arrives while the dashboard is open shows without a reload (the live events) ──
  await mutate(request, token, 'leads.create', { firstName: 'Late', lastName: 'Caller', phone: '+13125550177', summary: 'Saw the truck', consentConfirmed: false });
  await expect(figure(page, 'New leads')).toContainText('5 more than the 7 days before (0)');

  // ── Unread opens the filtered inbox ──
  await attention.getByRole('link', { name: 'Unread conversations: 1' }).click();
  await expect(page).toHaveURL(/\/conversations\?filter=unread/);
  await expect(page.getByRole('group', { name: 'Show conversations' }).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('button')).toHaveCount(1);
});

test('the dashboard open in one page updates when a lead texts in from the test phone in another (live events, no reload)', async ({ page, context, request, mail, uniqueEmail }) => {
  const account = await signUpViaApi(request, mail, uniqueEmail('dashboard-live'));
  await storeToken(page, account.token);

  // The test phone, in its own page (Settings → Phone).
  const phonePage = await context.newPage();
  await phonePage.goto('/settings/phone');
  await phonePage.getByRole('button', { name: 'Use a test number' }).click();
  await phonePage.getByRole('button', { name: 'Add a test phone' }).click();
  const phone = phonePage.getByRole('region', { name: /^Test phone \(\d{3}\) \d{3}-\d{4}$/ });
  await expect(phone).toBeVisible();

  // The dashboard, open on today, before anything arrives.
  await page.goto('/dashboard?period=today');
  await expect(figure(page, 'New leads')).toContainText(/^New leads0/);
  await expect(page.getByRole('region', { name: 'Leads by source' })).toContainText('No leads on');
  let summaries = 0;
  page.on('request', (r) => {
    if (r.url().includes('dashboard.summary')) summaries += 1;
  });

  // The customer texts the business from the test phone.
  await phone.getByRole('textbox', { name: 'Text the business' }).fill('My furnace stopped working, can someone come today?');
  await phone.getByRole('button', { name: 'Send text' }).click();
  await expect(phone.getByRole('textbox', { name: 'Text the business' })).toHaveValue('');

  // The open dashboard counts it without a reload: the figure, the source, the day, the unread thread.
  await expect(figure(page, 'New leads')).toContainText('1 more than yesterday (0)');
  await expect(page.getByRole('list', { name: 'Leads by source' }).getByRole('listitem')).toHaveText([/^Text message\s*1$/]);
  await expect(page.getByRole('list', { name: 'Leads by day' }).getByRole('listitem').last()).toHaveAttribute('data-count', '1');
  await expect(page.getByRole('region', { name: 'Needs your attention' }).getByRole('link', { name: 'Unread conversations: 1' })).toBeVisible();
  // The chart (recharts, loaded only now that there is something to draw) is on screen.
  await expect(page.getByTestId('day-chart').locator('svg').first()).toBeVisible();
  expect(summaries).toBeGreaterThan(0);
});

test('at 1366×900 the navigation scrolls visibly and reaches every Settings tab', async ({ page, request, mail, uniqueEmail }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await signUpViaApi(request, mail, uniqueEmail('nav'));
  await storeToken(page, account.token);
  await page.goto('/dashboard');
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // The list is taller than the window, so a scrollbar must be on screen (Mantine's "hover" scrollbar was not).
  const scroll = page.getByTestId('main-nav-scroll');
  const overflows = await scroll.evaluate((root) => {
    const viewport = root.querySelector<HTMLElement>('[data-radix-scroll-area-viewport], .mantine-ScrollArea-viewport')!;
    return viewport.scrollHeight > viewport.clientHeight;
  });
  if (overflows) await expect(scroll.locator('.mantine-ScrollArea-scrollbar[data-orientation="vertical"]')).toBeVisible();

  const tabs: Array<[string, RegExp]> = [
    ['Company', /\/settings\/company$/],
    ['Address', /\/settings\/address$/],
    ['Phone', /\/settings\/phone$/],
    ['Texting registration', /\/settings\/phone\/application$/],
    ['AI assistant', /\/settings\/ai$/],
    ['Subscription', /\/settings\/subscription$/],
    ['API keys', /\/settings\/api-keys$/],
  ];
  const settings = nav.getByRole('group', { name: 'Settings' });
  for (const [label, url] of tabs) {
    const link = settings.getByRole('link', { name: new RegExp(`^${label}`) });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(url);
    await expect(link).toHaveAttribute('aria-current', 'page');
  }
  // Every Settings tab is built now (texting registration last, issue 26): none says "soon".
  await expect(settings.getByText('soon')).toHaveCount(0);
  await expect(settings.getByRole('link', { name: /^Texting registration/ })).not.toContainText('soon');
});
