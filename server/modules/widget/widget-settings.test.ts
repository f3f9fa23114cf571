import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS } from '@contracts/widget';
import { auditLog, users, widgetSettings } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';
import { clearWidgetConfigCache, widgetForKey } from './widget-config.cache';

const t = setUpTestApp();
let token: string;
let otherToken: string;

beforeEach(async () => {
  clearWidgetConfigCache();
  token = await signUp(t.deps, { email: 'owner@acme.test', companyName: 'Acme Plumbing', signupPhone: '+14155552671' });
  otherToken = await signUp(t.deps, { email: 'owner@roofs.test', companyName: 'Other Roofing', signupPhone: '+14155552672' });
});

const caller = (authToken = token) => callerFor(t.deps, { authToken });

describe('widget.settings.get', () => {
  it('creates the settings with the defaults (widget off), a public key and version 1, once', async () => {
    const first = await caller().widget.settings.get();
    expect(first).toMatchObject({ ...DEFAULT_WIDGET_SETTINGS, version: 1, enabled: false });
    expect(first.publicKey).toMatch(/^wk_[A-Za-z0-9_-]{32}$/);
    expect((await caller().widget.settings.get()).publicKey).toBe(first.publicKey);
    expect(first).not.toHaveProperty('companyId');
    expect(first.canEdit).toBe(true);
    expect(first.scriptUrl).toBe(`${t.deps.env.PUBLIC_URL.replace(/\/+$/, '')}/widget.js`);
  });

  it('is each company’s own', async () => {
    const mine = await caller().widget.settings.get();
    const theirs = await caller(otherToken).widget.settings.get();
    expect(theirs.publicKey).not.toBe(mine.publicKey);
    await caller().widget.settings.update({ expectedVersion: 1, greeting: 'Hi from Acme' });
    expect((await caller(otherToken).widget.settings.get()).greeting).toBe(DEFAULT_WIDGET_SETTINGS.greeting);
  });

  it('needs a session', async () => {
    await expect(callerFor(t.deps).widget.settings.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('widget.settings.update', () => {
  it('saves what was sent, normalizes domains, bumps the version and audits the fields', async () => {
    const before = await caller().widget.settings.get();
    const saved = await caller().widget.settings.update({
      expectedVersion: before.version,
      enabled: true,
      allowedDomains: ['https://www.AcmePlumbing.example/contact', '*.acme.example', 'www.acmeplumbing.example'],
      appearance: { ...DEFAULT_WIDGET_SETTINGS.appearance, primaryColor: '#FF8800', position: 'bottom_left' },
    });
    expect(saved).toMatchObject({ version: 2, enabled: true, allowedDomains: ['www.acmeplumbing.example', '*.acme.example'], appearance: { primaryColor: '#ff8800', position: 'bottom_left' } });
    expect(saved.greeting).toBe(DEFAULT_WIDGET_SETTINGS.greeting);
    const audit = (await t.deps.db.select().from(auditLog)).find((a) => a.action === 'widget.settings_updated');
    expect(audit?.metadata).toEqual({ fields: ['enabled', 'allowedDomains', 'appearance'], version: 2 });
  });

  it('refuses a save over a newer one', async () => {
    await caller().widget.settings.get();
    await caller().widget.settings.update({ expectedVersion: 1, greeting: 'First' });
    const error = await trpcErrorOf(caller().widget.settings.update({ expectedVersion: 1, greeting: 'Second' }));
    expect(error.code).toBe('CONFLICT');
    expect((await caller().widget.settings.get()).greeting).toBe('First');
  });

  it('refuses turning the widget on without a domain, a bad domain, an unknown merge tag, a hidden required field, unknown fields', async () => {
    await caller().widget.settings.get();
    expect((await trpcErrorOf(caller().widget.settings.update({ expectedVersion: 1, enabled: true }))).code).toBe('BAD_REQUEST');
    expect((await trpcErrorOf(caller().widget.settings.update({ expectedVersion: 1, allowedDomains: ['not a domain'] }))).code).toBe('BAD_REQUEST');
    expect((await trpcErrorOf(caller().widget.settings.update({ expectedVersion: 1, firstTextTemplate: 'Hi {nickname}' }))).message).toContain('{nickname}');
    const hidden = { ...DEFAULT_WIDGET_SETTINGS.formFields, service: { shown: false, required: true } };
    expect((await trpcErrorOf(caller().widget.settings.update({ expectedVersion: 1, formFields: hidden }))).code).toBe('BAD_REQUEST');
    // @ts-expect-error an unknown field is refused
    expect((await trpcErrorOf(caller().widget.settings.update({ expectedVersion: 1, publicKey: 'wk_mine' }))).code).toBe('BAD_REQUEST');
    expect((await caller().widget.settings.get()).version).toBe(1);
  });

  it('is for owners and admins: staff may read but not save', async () => {
    const settings = await caller().widget.settings.get();
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.email, 'owner@acme.test'));
    expect((await caller().widget.settings.get()).canEdit).toBe(false);
    expect((await trpcErrorOf(caller().widget.settings.update({ expectedVersion: settings.version, greeting: 'Staff edit' }))).code).toBe('FORBIDDEN');
    await t.deps.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'owner@acme.test'));
    expect((await caller().widget.settings.update({ expectedVersion: settings.version, greeting: 'Admin edit' })).greeting).toBe('Admin edit');
  });

  it('makes this instance’s public config cache forget the key at once', async () => {
    const settings = await caller().widget.settings.get();
    const now = t.deps.clock.now().getTime();
    expect((await widgetForKey(t.deps.db, settings.publicKey, now))?.settings.version).toBe(1);
    await caller().widget.settings.update({ expectedVersion: 1, greeting: 'New greeting' });
    const fresh = await widgetForKey(t.deps.db, settings.publicKey, now);
    expect(fresh?.settings).toMatchObject({ version: 2, greeting: 'New greeting' });
    const [row] = await t.deps.db.select().from(widgetSettings).where(eq(widgetSettings.publicKey, settings.publicKey));
    expect(row?.version).toBe(2);
  });
});
