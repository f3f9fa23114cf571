import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, type WidgetPublicConfig } from '@contracts/widget';
import { initialsOf, Widget } from './app';
import {
  checkForm,
  checkPhone,
  formatPhone,
  formSpec,
  isExitIntent,
  parseVisit,
  pathMatches,
  popupAllowedOnPath,
  popupCapAllows,
  rememberVisit,
  scrolledPercent,
  submissionBody,
  trackingFromUrl,
  trackingPayload,
} from './core';

const DAY = 24 * 60 * 60 * 1000;

describe('tracking', () => {
  it('reads UTM parameters and click ids, dropping empty ones', () => {
    expect(trackingFromUrl('https://acme.example/ac?utm_source=google&utm_medium=cpc&utm_campaign=&gclid=abc&fbclid=')).toEqual({
      utm: { source: 'google', medium: 'cpc' },
      gclid: 'abc',
    });
    expect(trackingFromUrl('not a url')).toEqual({ utm: {} });
  });

  it('keeps the first page and its referrer for the visit; a later ad click replaces the UTM (last touch)', () => {
    const first = rememberVisit(null, 'https://acme.example/?utm_source=google&gclid=g1', 'https://www.google.com/');
    expect(first).toEqual({ landingUrl: 'https://acme.example/?utm_source=google&gclid=g1', referrer: 'https://www.google.com/', utm: { source: 'google' }, gclid: 'g1' });
    // A plain second page keeps it all.
    const second = rememberVisit(parseVisit(JSON.stringify(first)), 'https://acme.example/contact', 'https://acme.example/');
    expect(second).toEqual(first);
    // A second click from another ad in the same tab.
    const third = rememberVisit(second, 'https://acme.example/x?utm_source=facebook&fbclid=f1', '');
    expect(third.landingUrl).toBe(first.landingUrl);
    expect(third.utm).toEqual({ source: 'facebook' });
    expect(third.fbclid).toBe('f1');
  });

  it('sends the current page as the last page, the landing page and referrer, and nothing empty', () => {
    const visit = rememberVisit(null, 'https://acme.example/?utm_campaign=spring', 'android-app://com.google');
    expect(trackingPayload(visit, 'https://acme.example/book')).toEqual({
      page: { url: 'https://acme.example/book', landingUrl: 'https://acme.example/?utm_campaign=spring' },
      utm: { campaign: 'spring' },
    });
    expect(parseVisit('{"oops"')).toBeNull();
    expect(parseVisit('{"landingUrl":1}')).toBeNull();
  });
});

describe('popup rules', () => {
  it('matches prefixes and * patterns', () => {
    expect(pathMatches('/services', '/services')).toBe(true);
    expect(pathMatches('/services', '/services/ac-repair')).toBe(true);
    expect(pathMatches('/services', '/services-old')).toBe(false);
    expect(pathMatches('/blog/*', '/blog/2024/post')).toBe(true);
    expect(pathMatches('*/contact', '/de/contact')).toBe(true);
    expect(pathMatches('/', '/anything')).toBe(true);
  });

  it('excludes win over includes; no include rule means every page', () => {
    expect(popupAllowedOnPath({ includePaths: [], excludePaths: [] }, '/x')).toBe(true);
    expect(popupAllowedOnPath({ includePaths: ['/services'], excludePaths: [] }, '/about')).toBe(false);
    expect(popupAllowedOnPath({ includePaths: ['/services'], excludePaths: ['/services/careers'] }, '/services/careers')).toBe(false);
    expect(popupAllowedOnPath({ includePaths: ['/services'], excludePaths: ['/services/careers'] }, '/services/ac')).toBe(true);
  });

  it('caps how often one visitor sees it', () => {
    const now = 100 * DAY;
    expect(popupCapAllows(7, null, now, false)).toBe(true);
    expect(popupCapAllows(7, now - 6 * DAY, now, false)).toBe(false);
    expect(popupCapAllows(7, now - 7 * DAY, now, false)).toBe(true);
    expect(popupCapAllows(0, now - 1000, now, false)).toBe(true);
    expect(popupCapAllows(0, null, now, true)).toBe(false);
  });

  it('scroll share and exit intent', () => {
    expect(scrolledPercent(0, 800, 800)).toBe(100);
    expect(scrolledPercent(600, 800, 2000)).toBe(50);
    expect(scrolledPercent(5000, 800, 2000)).toBe(100);
    expect(isExitIntent({ clientY: -2, relatedTarget: null })).toBe(true);
    expect(isExitIntent({ clientY: 300, relatedTarget: null })).toBe(false);
    expect(isExitIntent({ clientY: 0, relatedTarget: {} })).toBe(false);
  });
});

describe('phone', () => {
  it('formats while typing', () => {
    expect(formatPhone('4')).toBe('(4');
    expect(formatPhone('4155')).toBe('(415) 5');
    expect(formatPhone('4155550123')).toBe('(415) 555-0123');
    expect(formatPhone('+1 415 555 0123')).toBe('(415) 555-0123');
    expect(formatPhone('')).toBe('');
  });

  it('checks a US/CA number and gives E.164', () => {
    expect(checkPhone('(415) 555-0123')).toEqual({ e164: '+14155550123' });
    expect(checkPhone('1-604-555-0199')).toEqual({ e164: '+16045550199' });
    expect(checkPhone('')).toEqual({ error: 'Enter your mobile number.' });
    expect(checkPhone('555-0123')).toHaveProperty('error');
    expect(checkPhone('(123) 555-0123')).toHaveProperty('error');
  });
});

describe('config → form', () => {
  const fields = { message: { shown: true, required: true }, service: { shown: false, required: false }, postalCode: { shown: true, required: false } };

  it('always name and mobile, then the shown optional fields with their required flag', () => {
    expect(formSpec(fields).map((f) => [f.name, f.required])).toEqual([
      ['name', true],
      ['phone', true],
      ['postalCode', false],
      ['message', true],
    ]);
  });

  it('checks each field as the server will', () => {
    const spec = formSpec(fields);
    expect(checkForm(spec, {}, false)).toEqual({
      name: 'Enter your name.',
      phone: 'Enter your mobile number.',
      message: 'Please fill in message.',
      consent: 'Please tick the box to agree to receive texts.',
    });
    expect(checkForm(spec, { name: 'Ana', phone: '4155550123', message: 'AC broken', postalCode: '9410' }, true)).toEqual({ postalCode: expect.stringContaining('ZIP') });
    expect(checkForm(spec, { name: 'Ana', phone: '4155550123', message: 'AC broken', postalCode: 'K1A 0B1' }, true)).toEqual({});
  });

  it('builds the body the endpoint expects, without hidden fields', () => {
    const body = submissionBody({
      kind: 'form',
      spec: formSpec(fields),
      values: { name: ' Ana Ruiz ', phone: '(415) 555-0123', message: 'AC broken', service: 'not shown' },
      consentText: 'I agree',
      consentChecked: true,
      honeypot: '',
      fillMs: 5123.4,
      tracking: { page: { url: 'https://acme.example/' } },
    });
    expect(body).toEqual({
      kind: 'form',
      name: 'Ana Ruiz',
      phone: '+14155550123',
      message: 'AC broken',
      consent: { checked: true, text: 'I agree' },
      page: { url: 'https://acme.example/' },
      website: '',
      fillMs: 5123,
    });
  });
});

// ── The drawn widget, against a stubbed server ─────────────────────────────────────────────────────────────────

const CONFIG: WidgetPublicConfig = {
  version: 3,
  businessName: 'Acme Plumbing',
  avatarHash: null,
  greeting: 'Hi! <b>How</b> can we help?',
  appearance: DEFAULT_WIDGET_SETTINGS.appearance,
  formFields: DEFAULT_WIDGET_SETTINGS.formFields,
  consentText: 'I agree to texts from Acme Plumbing.',
  popup: { ...DEFAULT_WIDGET_SETTINGS.popup, enabled: true, trigger: 'time', delaySeconds: 10, frequencyDays: 7 },
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('Widget on a page', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
    sessionStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const inlineRoot = () => document.querySelector('leadloop-form')!.shadowRoot!;
  const fill = (root: ShadowRoot, name: string, value: string) => {
    const input = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
    input.value = value;
    input.dispatchEvent(new Event('input'));
  };
  const submit = (root: ShadowRoot) => root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));

  it('draws an inline form from the config, shows field errors, and the success message from the answer', async () => {
    const container = document.createElement('div');
    container.setAttribute('data-leadloop-form', '');
    document.body.append(container);
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, popup: { ...CONFIG.popup, enabled: false } }));
    const widget = new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: false });
    await widget.start();
    expect(fetchMock).toHaveBeenCalledWith('https://app.example/public/widget/config?key=wk_x', expect.objectContaining({ credentials: 'omit' }));

    const root = inlineRoot();
    expect([...root.querySelectorAll('label.l')].map((l) => l.textContent)).toEqual(['Name *', 'Mobile number *', 'Message']);
    const consent = root.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    expect(consent.checked).toBe(false);
    expect(root.querySelector('.consent')!.textContent).toBe('I agree to texts from Acme Plumbing.');

    // Nothing sent while the form is wrong; each error beside its field.
    submit(root);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(root.querySelector('[id$="-name-err"]')!.textContent).toBe('Enter your name.');
    expect(root.querySelector('[id$="-consent-err"]')!.textContent).toMatch(/tick the box/);

    fill(root, 'name', 'Ana Ruiz');
    fill(root, 'phone', '4155550123');
    expect(root.querySelector<HTMLInputElement>('[name=phone]')!.value).toBe('(415) 555-0123');
    consent.click();
    // The server refuses the number: its sentence beside the field, everything typed still there.
    fetchMock.mockResolvedValueOnce(json(400, { error: { code: 'invalid', field: 'phone', message: 'Enter a US or Canadian mobile number' } }));
    submit(root);
    await vi.waitFor(() => expect(root.querySelector('[id$="-phone-err"]')!.textContent).toBe('Enter a US or Canadian mobile number'));
    expect(root.querySelector<HTMLInputElement>('[name=name]')!.value).toBe('Ana Ruiz');
    const sent = JSON.parse(fetchMock.mock.calls[1]![1].body as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ kind: 'form', name: 'Ana Ruiz', phone: '+14155550123', consent: { checked: true, text: CONFIG.consentText }, website: '' });
    expect(fetchMock.mock.calls[1]![0]).toBe('https://app.example/public/widget/submit?key=wk_x');

    fetchMock.mockResolvedValueOnce(json(201, { ok: true, texted: true, maskedPhone: '(415) 555-…', message: 'We just texted you at (415) 555-…', visitorToken: 't' }));
    submit(root);
    await vi.waitFor(() => expect(root.querySelector('[role=status]')?.textContent).toContain('We just texted you at (415) 555-…'));
  });

  it('a changed consent text: the new one drawn, unticked, with what was typed kept', async () => {
    const container = document.createElement('div');
    container.setAttribute('data-leadloop-form', '');
    document.body.append(container);
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, popup: { ...CONFIG.popup, enabled: false } }));
    const widget = new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: false });
    await widget.start();
    const root = inlineRoot();
    fill(root, 'name', 'Ana');
    fill(root, 'phone', '(415) 555-0123');
    fill(root, 'message', 'Leaking pipe');
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'settings_changed', field: 'consent', message: 'This form was just updated.' } }));
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, version: 4, consentText: 'New consent words.', popup: { ...CONFIG.popup, enabled: false } }));
    submit(root);
    await vi.waitFor(() => expect(root.querySelector('.consent')!.textContent).toBe('New consent words.'));
    expect(root.querySelector<HTMLInputElement>('input[type=checkbox]')!.checked).toBe(false);
    expect(root.querySelector('[id$="-consent-err"]')!.textContent).toBe('This form was just updated.');
    expect(root.querySelector<HTMLTextAreaElement>('[name=message]')!.value).toBe('Leaking pipe');
    expect(root.querySelector<HTMLInputElement>('[name=phone]')!.value).toBe('(415) 555-0123');
  });

  it('picks up a settings change on its next poll and redraws, keeping what was typed and where the cursor was', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    const container = document.createElement('div');
    container.setAttribute('data-leadloop-form', '');
    document.body.append(container);
    const off = { ...CONFIG.popup, enabled: false };
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, popup: off }));
    await new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: false }).start();
    const root = inlineRoot();
    fill(root, 'name', 'Ana');
    root.querySelector<HTMLInputElement>('[name=name]')!.focus();
    expect(root.querySelector('[name=service]')).toBeNull();

    // Same version: nothing redrawn.
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, popup: off }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // A new version shows the service field.
    const formFields = { ...CONFIG.formFields, service: { shown: true, required: true } };
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, version: 4, formFields, popup: off }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(root.querySelector('[name=service]')).not.toBeNull();
    expect(root.querySelector<HTMLInputElement>('[name=name]')!.value).toBe('Ana');
    expect(root.activeElement?.getAttribute('name')).toBe('name');
  });

  it('renders what the company wrote as text, never HTML; the launcher opens the chat panel', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, popup: { ...CONFIG.popup, enabled: false } }));
    const widget = new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: true });
    await widget.start();
    const root = document.querySelector('leadloop-widget')!.shadowRoot!;
    const launcher = root.querySelector<HTMLButtonElement>('button.launcher')!;
    expect(launcher.textContent).toBe('Text us');
    launcher.click();
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    const panel = root.querySelector('[role=dialog]')!;
    expect(panel.querySelector('.greet')!.textContent).toBe('Hi! <b>How</b> can we help?');
    expect(panel.querySelector('b')).toBeNull();
    // A submission from the panel is a chat lead; without a conversation (no token) the reply comes by text.
    fill(root, 'name', 'Bo');
    fill(root, 'phone', '6045550199');
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    fetchMock.mockResolvedValueOnce(json(201, { ok: true, texted: false, maskedPhone: '(604) 555-…', message: 'Thanks! We got your request and will be in touch.', visitorToken: null }));
    submit(root);
    await vi.waitFor(() => expect(panel.querySelector('[role=status]')?.textContent).toBe('Thanks! We got your request and will be in touch.We’ll reply by text.'));
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toMatchObject({ kind: 'chat', phone: '+16045550199' });
  });

  it('after a chat submission the panel is the conversation: the first text, what the visitor types, a staff reply on the next read; an ended one shows the form again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    const TOKEN = 'T'.repeat(43);
    const at = Date.parse('2026-11-24T15:00:00Z');
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, popup: { ...CONFIG.popup, enabled: false } }));
    const widget = new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: true });
    await widget.start();
    const root = document.querySelector('leadloop-widget')!.shadowRoot!;
    root.querySelector<HTMLButtonElement>('button.launcher')!.click();
    fill(root, 'name', 'Bo');
    fill(root, 'phone', '6045550199');
    root.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    fetchMock.mockResolvedValueOnce(json(201, { ok: true, texted: true, maskedPhone: '(604) 555-…', message: 'We just texted you at (604) 555-…', visitorToken: TOKEN }));
    fetchMock.mockResolvedValueOnce(json(200, { messages: [{ id: 'm1', seq: 7, from: 'business', body: 'Hi Bo, thanks for reaching <b>Acme</b>!', at }], optedOut: false }));
    submit(root);
    await vi.waitFor(() => expect(root.querySelectorAll('.msg')).toHaveLength(1));
    expect(root.querySelector('.note')!.textContent).toBe('We just texted you at (604) 555-…');
    expect(root.querySelector('.msg.them p')!.textContent).toBe('Hi Bo, thanks for reaching <b>Acme</b>!');
    expect(root.querySelector('.msg b')).toBeNull();
    const threadCall = fetchMock.mock.calls[2]!;
    expect(threadCall[0]).toBe('https://app.example/public/widget/thread?key=wk_x&after=0');
    expect(threadCall[1]).toMatchObject({ credentials: 'omit', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(JSON.parse(sessionStorage.getItem('leadloop:chat')!)).toEqual({ token: TOKEN, notice: 'We just texted you at (604) 555-…' });

    // The visitor writes: shown at once as sending, then as stored.
    const box = root.querySelector<HTMLTextAreaElement>('textarea[name=message]')!;
    box.value = 'Is 3pm ok?';
    box.dispatchEvent(new Event('input'));
    fetchMock.mockResolvedValueOnce(json(201, { ok: true, message: { id: 'm2', seq: 9, from: 'visitor', body: 'Is 3pm ok?', at } }));
    root.querySelector('form.compose')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(root.querySelector('.msg.me .t')!.textContent).toBe('Sending…');
    await vi.waitFor(() => expect(root.querySelector('.msg.me .t')!.textContent).toMatch(/^You · /));
    const posted = fetchMock.mock.calls[3]!;
    expect(posted[0]).toBe('https://app.example/public/widget/message?key=wk_x');
    expect(JSON.parse(posted[1].body as string)).toEqual({ body: 'Is 3pm ok?', clientId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });

    // The next read asks after the last stored message and shows the staff reply.
    fetchMock.mockResolvedValueOnce(json(200, { messages: [{ id: 'm3', seq: 12, from: 'business', body: 'Yes, see you at 3!', at }], optedOut: false }));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchMock.mock.calls[4]![0]).toBe('https://app.example/public/widget/thread?key=wk_x&after=9');
    expect([...root.querySelectorAll('.msg p')].map((p) => p.textContent)).toEqual(['Hi Bo, thanks for reaching <b>Acme</b>!', 'Is 3pm ok?', 'Yes, see you at 3!']);

    // A message that cannot go comes back into the box with why.
    const again = root.querySelector<HTMLTextAreaElement>('textarea[name=message]')!;
    expect(again.value).toBe('');
    again.value = 'one more';
    fetchMock.mockResolvedValueOnce(json(429, { error: { code: 'rate_limited', message: 'Too many attempts. Please wait a little and try again.' } }));
    root.querySelector('form.compose')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(root.querySelector('.compose + .err')!.textContent).toBe('Too many attempts. Please wait a little and try again.'));
    expect(root.querySelector<HTMLTextAreaElement>('textarea[name=message]')!.value).toBe('one more');
    expect(root.querySelectorAll('.msg')).toHaveLength(3);

    // The conversation ended (token expired): the form again, and the tab forgets the token.
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'bad_token', message: 'This conversation has ended.' } }));
    await vi.advanceTimersByTimeAsync(4_000);
    await vi.waitFor(() => expect(root.querySelector('input[name=name]')).not.toBeNull());
    expect(sessionStorage.getItem('leadloop:chat')).toBeNull();
  });

  it('the popup fires after its delay once, and the cap keeps it away on the next page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
    fetchMock.mockImplementation(() => Promise.resolve(json(200, CONFIG)));
    const widget = new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: false });
    await widget.start();
    const popup = () => document.querySelector('leadloop-widget')?.shadowRoot?.querySelector('.popup');
    await vi.advanceTimersByTimeAsync(9_000);
    expect(popup()).toBeFalsy();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(popup()).toBeTruthy();
    expect(localStorage.getItem('leadloop:popup-seen')).toBe(String(Date.now()));

    // The next page of a new visit, three days later: capped (7 days).
    document.body.replaceChildren();
    sessionStorage.clear();
    vi.setSystemTime(new Date('2026-05-04T12:00:00Z'));
    await new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: false }).start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(popup()).toBeFalsy();
  });

  it('heads the panel with the avatar from the LeadLoop server, or the initials when there is none or the page refuses it', async () => {
    expect(initialsOf('Bayside Plumbing & Heating')).toBe('BP');
    expect(initialsOf('émile')).toBe('É');
    expect(initialsOf('123 & 456')).toBe('•');
    fetchMock.mockResolvedValueOnce(json(200, { ...CONFIG, avatarHash: '0123456789abcdef', popup: { ...CONFIG.popup, enabled: false } }));
    const widget = new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: true });
    await widget.start();
    const root = document.querySelector('leadloop-widget')!.shadowRoot!;
    root.querySelector<HTMLButtonElement>('button.launcher')!.click();
    const img = root.querySelector<HTMLImageElement>('.head img.av')!;
    expect(img.getAttribute('src')).toBe('https://app.example/public/widget/avatar?key=wk_x&h=0123456789abcdef');
    expect(img.alt).toBe('');
    img.dispatchEvent(new Event('error'));
    expect(root.querySelector('.head img')).toBeNull();
    expect(root.querySelector('.head span.av')!.textContent).toBe('AP');
  });

  it('draws nothing when the widget is turned off, and never throws into the page', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: { code: 'widget_disabled', message: 'off' } }));
    await new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: true }).start();
    expect(document.querySelector('leadloop-widget')).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('network'));
    await expect(new Widget({ key: 'wk_x', origin: 'https://app.example', launcher: true }).start()).resolves.toBeUndefined();
  });
});
