/**
 * The widget on a host page: the chat launcher and its panel, inline forms in `<div data-leadloop-form>`, the popup.
 * Everything is drawn in shadow roots with DOM calls (no HTML strings: what a company or a visitor wrote is only ever
 * text), every handler is guarded so an error of ours never reaches the page, and nothing changes the page's layout
 * (the launcher, panel and popup are fixed; an inline form keeps the height it was first drawn with).
 */
import { avatarPath, type WidgetKind, type WidgetPublicConfig } from '@contracts/widget';
import {
  CHAT_SESSION_KEY,
  type ChatLine,
  type ChatSession,
  checkForm,
  clientId,
  type FieldName,
  type FieldSpec,
  formSpec,
  formatPhone,
  type FormValues,
  isExitIntent,
  lastSeq,
  mergeLines,
  parseChatSession,
  parseVisit,
  POPUP_SEEN_KEY,
  popupAllowedOnPath,
  popupCapAllows,
  rememberVisit,
  scrolledPercent,
  submissionBody,
  trackingPayload,
  VISIT_STORAGE_KEY,
  type VisitMemory,
} from './core';
import { CSS } from './styles';

/** How often an open page asks whether the settings changed (the server caches 15 s; a change shows within a minute). */
export const POLL_MS = 30_000;
const POPUP_VISIT_KEY = 'leadloop:popup-visit';
const DONE_KEY = 'leadloop:done';
/** How often an open chat panel asks for new messages (a staff reply shows within this long). */
export const CHAT_POLL_MS = 4_000;

interface SubmitAnswer {
  ok: true;
  texted: boolean;
  maskedPhone: string;
  message: string;
  visitorToken: string | null;
}
interface ErrorAnswer {
  error?: { code?: string; message?: string; field?: string };
}

/** Calls `fn`, swallowing (and noting) any error: the host page must never see one of ours. */
export function guard<A extends unknown[]>(fn: (...args: A) => unknown): (...args: A) => void {
  return (...args: A) => {
    try {
      const result = fn(...args);
      if (result instanceof Promise) result.catch(note);
    } catch (error) {
      note(error);
    }
  };
}

function note(error: unknown) {
  try {
    console.warn('[LeadLoop widget]', error instanceof Error ? error.message : error);
  } catch {
    /* a page without a console */
  }
}

const storage = (kind: 'local' | 'session') => {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
};
function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function write(kind: 'local' | 'session', key: string, value: string) {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    /* storage full or refused: the widget works without it */
  }
}

type Attrs = Record<string, string | boolean | undefined>;
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Array<Node | string | null>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

const ICON_PATHS: Record<string, string[]> = {
  chat: ['M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.6A8 8 0 1 1 21 12z'],
  message: ['M4 5h16v11H8l-4 4z'],
  phone: ['M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z'],
};
function icon(name: string): SVGSVGElement | null {
  const paths = ICON_PATHS[name];
  if (!paths) return null;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of paths) {
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/** A shadow root on a fresh host element, with the stylesheet (constructed when the browser can, else a <style>). */
function shadowHost(tag: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'open' });
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch {
    root.append(el('style', {}, CSS));
  }
  return { host, root };
}

let uid = 0;

/** "Bayside Plumbing & Heating" → "BP": two letters for a header without a picture. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  return words.slice(0, 2).map((w) => Array.from(w)[0]!.toUpperCase()).join('') || '•';
}

export interface WidgetOptions {
  key: string;
  /** Where the script came from: the LeadLoop server. */
  origin: string;
  /** `data-launcher="off"` on the script tag: no chat launcher (a page with only the inline form). */
  launcher: boolean;
}

/** One lead form (in the chat panel, an inline container or the popup); it keeps what was typed across redraws. */
class LeadForm {
  readonly box: HTMLElement;
  private values: FormValues = {};
  private consentChecked = false;
  private shownAt = Date.now();
  private done: SubmitAnswer | null = null;
  private sending = false;
  private errors: Partial<Record<FieldName | 'consent' | 'form', string>> = {};
  private inputs = new Map<string, HTMLInputElement | HTMLTextAreaElement>();
  private errorNodes = new Map<string, HTMLElement>();
  private sendButton: HTMLButtonElement | null = null;

  constructor(
    private readonly widget: Widget,
    readonly kind: WidgetKind,
  ) {
    this.box = el('div');
    this.render();
  }

  /** Draws the form (or its success state) from the current config, with what was typed. */
  render() {
    const config = this.widget.config;
    if (!config) return;
    // A redraw (settings changed while the visitor types) puts the cursor back where it was.
    const root = this.box.getRootNode();
    const focused = root instanceof ShadowRoot && root.activeElement instanceof HTMLElement && this.box.contains(root.activeElement) ? root.activeElement.getAttribute('name') : null;
    this.inputs.clear();
    this.errorNodes.clear();
    if (this.done) {
      // The success state keeps the form's height: what follows an inline form on the page does not move.
      if (this.box.offsetHeight) this.box.style.setProperty('min-height', `${this.box.offsetHeight}px`);
      this.box.replaceChildren(
        el('div', { class: 'ok', role: 'status' }, el('strong', {}, this.done.message), el('p', { class: 'muted' }, this.done.texted ? 'Reply to that text and we’ll take it from there.' : 'We’ll reply by text.')),
      );
      return;
    }
    const spec = formSpec(config.formFields);
    const id = `ll${(uid += 1)}`;
    const form = el('form', { novalidate: true, 'aria-label': `Text ${config.businessName}` });
    for (const field of spec) form.append(this.field(field, id));

    const box = el('input', { type: 'checkbox', id: `${id}-consent`, 'aria-describedby': `${id}-consent-err` });
    box.checked = this.consentChecked;
    box.addEventListener('change', guard(() => { this.consentChecked = box.checked; this.setError('consent', undefined); }));
    this.inputs.set('consent', box);
    const consentError = el('p', { class: 'err', id: `${id}-consent-err` }, this.errors.consent ?? '');
    this.errorNodes.set('consent', consentError);
    form.append(el('div', { class: 'field' }, el('label', { class: 'consent', for: `${id}-consent` }, box, el('span', {}, config.consentText)), consentError));

    // The honeypot: out of sight and out of the tab order; people leave it empty, simple bots fill it.
    const trap = el('input', { type: 'text', name: 'website', tabindex: '-1', autocomplete: 'off', id: `${id}-website` });
    this.inputs.set('website', trap);
    form.append(el('div', { class: 'hp', 'aria-hidden': 'true' }, el('label', { for: `${id}-website` }, 'Leave this empty'), trap));

    const formError = el('p', { class: 'err', role: 'alert' }, this.errors.form ?? '');
    this.errorNodes.set('form', formError);
    const send = el('button', { type: 'submit', class: 'send', disabled: this.sending, 'aria-busy': this.sending ? 'true' : undefined }, this.sending ? 'Sending…' : 'Send');
    form.append(formError, send);
    this.sendButton = send;
    form.addEventListener('submit', guard((event: Event) => { event.preventDefault(); return this.submit(spec); }));
    this.box.replaceChildren(form);
    if (focused) this.inputs.get(focused)?.focus();
  }

  private field(field: FieldSpec, id: string): HTMLElement {
    const inputId = `${id}-${field.name}`;
    const attrs: Attrs = {
      id: inputId,
      name: field.name,
      class: 'i',
      autocomplete: field.autocomplete,
      maxlength: String(field.maxLength),
      'aria-describedby': `${inputId}-err`,
      'aria-required': field.required ? 'true' : undefined,
      'aria-invalid': this.errors[field.name] ? 'true' : undefined,
    };
    const input = field.type === 'textarea' ? el('textarea', attrs) : el('input', { ...attrs, type: field.type, ...(field.type === 'tel' ? { inputmode: 'tel' } : {}) });
    input.value = this.values[field.name] ?? '';
    input.addEventListener(
      'input',
      guard(() => {
        if (field.name === 'phone' && input instanceof HTMLInputElement) {
          // Formats while typing forwards; deleting keeps what is there so a backspace over ")" is not undone.
          const formatted = formatPhone(input.value);
          if (formatted.length > input.value.length) input.value = formatted;
        }
        this.values[field.name] = input.value;
        if (this.errors[field.name]) this.setError(field.name, undefined);
      }),
    );
    if (field.name === 'phone') input.addEventListener('blur', guard(() => { input.value = formatPhone(input.value); this.values.phone = input.value; }));
    this.inputs.set(field.name, input);
    const error = el('p', { class: 'err', id: `${inputId}-err` }, this.errors[field.name] ?? '');
    this.errorNodes.set(field.name, error);
    return el('div', { class: 'field' }, el('label', { class: 'l', for: inputId }, field.label, field.required ? el('span', { class: 'req', 'aria-hidden': 'true' }, ' *') : null), input, error);
  }

  private setError(name: FieldName | 'consent' | 'form', message: string | undefined) {
    if (message) this.errors[name] = message;
    else delete this.errors[name];
    const node = this.errorNodes.get(name);
    if (node) node.textContent = message ?? '';
    const input = this.inputs.get(name);
    if (input && name !== 'form') {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
  }

  private async submit(spec: FieldSpec[]) {
    if (this.sending) return;
    for (const name of [...Object.keys(this.errors)] as Array<FieldName | 'consent' | 'form'>) this.setError(name, undefined);
    const errors = checkForm(spec, this.values, this.consentChecked);
    const names = Object.keys(errors) as Array<FieldName | 'consent'>;
    if (names.length) {
      for (const name of names) this.setError(name, errors[name]);
      this.inputs.get(names[0]!)?.focus();
      return;
    }
    const config = this.widget.config!;
    const body = submissionBody({
      kind: this.kind,
      spec,
      values: this.values,
      consentText: config.consentText,
      consentChecked: this.consentChecked,
      honeypot: this.inputs.get('website')?.value ?? '',
      fillMs: Date.now() - this.shownAt,
      tracking: trackingPayload(this.widget.visit, location.href),
    });
    this.sending = true;
    this.showSending();
    let response: Response;
    try {
      response = await fetch(this.widget.url('submit'), { method: 'POST', mode: 'cors', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    } catch {
      this.finishSending();
      this.setError('form', 'Could not reach us. Check your connection and try again.');
      return;
    }
    const answer = (await response.json().catch(() => ({}))) as SubmitAnswer & ErrorAnswer;
    this.finishSending();
    if (response.ok && answer.ok) {
      this.done = answer;
      write('session', DONE_KEY, '1');
      if (answer.visitorToken) this.widget.beginChat({ token: answer.visitorToken, notice: answer.message });
      // In the chat panel the conversation takes the form's place (beginChat redrew the panel).
      if (this.kind !== 'chat' || !answer.visitorToken) this.render();
      return;
    }
    const code = answer.error?.code;
    const message = answer.error?.message ?? 'Something went wrong. Please try again.';
    if (code === 'settings_changed') {
      // The consent text changed: draw the new one, unticked, with everything else kept.
      this.consentChecked = false;
      await this.widget.refreshConfig();
      this.render();
      this.setError('consent', message);
      return;
    }
    const field = answer.error?.field;
    if (field && field !== 'form' && this.inputs.has(field)) {
      this.setError(field as FieldName, message);
      this.inputs.get(field)?.focus();
    } else this.setError('form', message);
  }

  private finishSending() {
    this.sending = false;
    this.showSending();
  }

  /** The button of the form as drawn now (a redraw while sending draws a new one). */
  private showSending() {
    const button = this.sendButton;
    if (!button) return;
    button.disabled = this.sending;
    button.textContent = this.sending ? 'Sending…' : 'Send';
    if (this.sending) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
  }
}

/**
 * The chat panel after a submission: the conversation staff see, from the submission on (the first text, staff
 * replies, what the visitor types here), read every few seconds while the panel is open and the page visible.
 */
class ChatView {
  readonly box: HTMLElement;
  private lines: ChatLine[] = [];
  private optedOut = false;
  private timer = 0;
  private reading = false;
  private error: HTMLElement | null = null;
  private draft = '';

  constructor(
    private readonly widget: Widget,
    private readonly session: ChatSession,
  ) {
    this.box = el('div', { class: 'chat' });
    this.render();
  }

  start() {
    this.stop();
    void this.read();
    this.timer = window.setInterval(guard(() => !document.hidden && this.read()), CHAT_POLL_MS);
  }

  stop() {
    window.clearInterval(this.timer);
  }

  private headers(json = false): Record<string, string> {
    return { authorization: `Bearer ${this.session.token}`, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  private async read() {
    if (this.reading) return;
    this.reading = true;
    try {
      const response = await fetch(`${this.widget.url('thread')}&after=${lastSeq(this.lines)}`, { mode: 'cors', credentials: 'omit', headers: this.headers() });
      if (response.status === 401) return this.widget.endChat();
      if (!response.ok) return;
      const answer = (await response.json()) as { messages: ChatLine[]; optedOut: boolean };
      const before = this.lines.length;
      this.lines = mergeLines(this.lines, answer.messages);
      if (this.lines.length !== before || answer.optedOut !== this.optedOut) {
        this.optedOut = answer.optedOut;
        this.render();
      }
    } catch {
      /* offline for a moment: the next read catches up */
    } finally {
      this.reading = false;
    }
  }

  private async send(input: HTMLTextAreaElement) {
    const body = input.value.trim();
    if (!body) return;
    if (body.length > 1000) return this.showError('At most 1,000 characters.');
    const id = clientId();
    this.lines = mergeLines(this.lines, [{ id, seq: 0, from: 'visitor', body, at: Date.now(), pending: true }]);
    this.draft = '';
    this.render(true);
    const payload = JSON.stringify({ body, clientId: id });
    let response: Response;
    try {
      response = await fetch(this.widget.url('message'), { method: 'POST', mode: 'cors', credentials: 'omit', headers: this.headers(true), body: payload });
    } catch {
      return this.failed(id, body, 'Could not reach us. Check your connection and try again.');
    }
    if (response.status === 401) return this.widget.endChat();
    const answer = (await response.json().catch(() => ({}))) as { message?: ChatLine } & ErrorAnswer;
    if (!response.ok || !answer.message) return this.failed(id, body, answer.error?.message ?? 'Your message could not be sent. Please try again.');
    this.lines = mergeLines(this.lines, [answer.message], id);
    this.render(true);
  }

  /** A message that did not go: taken out of the list and put back in the box, with why. */
  private failed(id: string, body: string, message: string) {
    this.lines = this.lines.filter((l) => l.id !== id);
    this.draft = body;
    this.render(true);
    this.showError(message);
  }

  private showError(message: string) {
    if (this.error) this.error.textContent = message;
  }

  render(focus = false) {
    const config = this.widget.config;
    if (!config) return;
    const list = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': `Conversation with ${config.businessName}` });
    for (const line of this.lines) {
      const time = new Date(line.at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
      list.append(
        el('div', { class: `msg ${line.from === 'visitor' ? 'me' : 'them'}` }, el('p', {}, line.body), el('span', { class: 'muted t' }, line.pending ? 'Sending…' : `${line.from === 'visitor' ? 'You' : config.businessName} · ${time}`)),
      );
    }
    const parts: HTMLElement[] = [el('p', { class: 'muted note', role: 'status' }, this.session.notice), list];
    if (this.optedOut) {
      parts.push(el('p', { class: 'muted note' }, `You opted out of texts from ${config.businessName}. Text START to their number to hear from them again.`));
    } else {
      const input = el('textarea', { class: 'i', name: 'message', rows: '2', maxlength: '1000', 'aria-label': 'Your message', placeholder: 'Type a message…' });
      input.value = this.draft;
      input.addEventListener('input', guard(() => { this.draft = input.value; this.showError(''); }));
      input.addEventListener('keydown', guard((event: KeyboardEvent) => {
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          return this.send(input);
        }
      }));
      const form = el('form', { class: 'compose', novalidate: true, 'aria-label': 'Send a message' }, input, el('button', { type: 'submit', class: 'send' }, 'Send'));
      form.addEventListener('submit', guard((event: Event) => { event.preventDefault(); return this.send(input); }));
      this.error = el('p', { class: 'err', role: 'alert' });
      parts.push(form, this.error);
      if (focus) queueMicrotask(() => input.focus());
    }
    this.box.replaceChildren(...parts);
    list.scrollTop = list.scrollHeight;
  }
}

/** The widget on one page: config, visit tracking, and the pieces it draws. */
export class Widget {
  config: WidgetPublicConfig | null = null;
  visit: VisitMemory;
  private launcherRoot: { host: HTMLElement; root: ShadowRoot } | null = null;
  private chat: { panel: HTMLElement; form: LeadForm; view: ChatView | null } | null = null;
  private chatSession: ChatSession | null = parseChatSession(read('session', CHAT_SESSION_KEY));
  private chatButton: HTMLButtonElement | null = null;
  private popup: { backdrop: HTMLElement; form: LeadForm } | null = null;
  private inlineForms: Array<{ host: HTMLElement; root: ShadowRoot; form: LeadForm }> = [];
  private popupFired = false;

  constructor(private readonly options: WidgetOptions) {
    const stored = parseVisit(read('session', VISIT_STORAGE_KEY));
    this.visit = rememberVisit(stored, location.href, document.referrer);
    write('session', VISIT_STORAGE_KEY, JSON.stringify(this.visit));
  }

  url(path: 'config' | 'submit' | 'thread' | 'message') {
    return `${this.options.origin}/public/widget/${path}?key=${encodeURIComponent(this.options.key)}`;
  }

  /** Loads the config; false when the widget is off, unknown or unreachable (then nothing is drawn). */
  async refreshConfig(): Promise<boolean> {
    let response: Response;
    try {
      response = await fetch(this.url('config'), { mode: 'cors', credentials: 'omit' });
    } catch {
      return false;
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as ErrorAnswer;
      if (answer.error?.code !== 'widget_disabled') note(answer.error?.message ?? `config answered ${response.status}`);
      return false;
    }
    this.config = (await response.json()) as WidgetPublicConfig;
    return true;
  }

  async start() {
    if (!(await this.refreshConfig())) return;
    this.draw();
    this.armPopup();
    window.setInterval(guard(() => this.poll()), POLL_MS);
  }

  private async poll() {
    if (document.hidden) return;
    const version = this.config?.version;
    const previous = this.config;
    if (!(await this.refreshConfig())) {
      // Turned off (or unreachable): keep what is on screen — a visitor may be typing into it.
      this.config = previous;
      return;
    }
    if (this.config?.version !== version) this.draw();
  }

  /** Draws (or redraws after a settings change) the launcher, the inline forms and an open popup. */
  private draw() {
    const config = this.config!;
    if (this.options.launcher) this.drawLauncher(config);
    for (const container of Array.from(document.querySelectorAll<HTMLElement>('[data-leadloop-form]'))) {
      if (this.inlineForms.some((f) => f.host.parentNode === container)) continue;
      const { host, root } = shadowHost('leadloop-form');
      host.style.setProperty('display', 'block', 'important');
      this.colour(host, config);
      const form = new LeadForm(this, 'form');
      root.append(el('div', { class: 'inline' }, form.box));
      container.append(host);
      this.inlineForms.push({ host, root, form });
    }
    for (const inline of this.inlineForms) {
      this.colour(inline.host, config);
      inline.form.render();
    }
    if (this.launcherRoot) this.colour(this.launcherRoot.host, config);
    this.popup?.form.render();
  }

  private colour(host: HTMLElement, config: WidgetPublicConfig) {
    host.style.setProperty('--ll-primary', config.appearance.primaryColor);
    host.style.setProperty('--ll-on-primary', config.appearance.textColor);
  }

  private root(): ShadowRoot {
    if (!this.launcherRoot) {
      this.launcherRoot = shadowHost('leadloop-widget');
      // Out of the page's flow whatever the page's own CSS says about unknown elements.
      this.launcherRoot.host.style.setProperty('position', 'fixed', 'important');
      this.launcherRoot.host.style.setProperty('width', '0', 'important');
      this.launcherRoot.host.style.setProperty('height', '0', 'important');
      if (this.config) this.colour(this.launcherRoot.host, this.config);
      document.body.append(this.launcherRoot.host);
    }
    return this.launcherRoot.root;
  }

  private drawLauncher(config: WidgetPublicConfig) {
    const root = this.root();
    this.colour(this.launcherRoot!.host, config);
    const side = config.appearance.position === 'bottom_left' ? 'left' : 'right';
    const label = config.appearance.launcherText.trim();
    const button = el('button', { type: 'button', class: `launcher ${side}`, 'aria-expanded': this.chat ? 'true' : 'false', 'aria-label': label ? undefined : `Text ${config.businessName}` }, icon(config.appearance.launcherIcon), label || null);
    if (!label && config.appearance.launcherIcon === 'none') button.append('Text us');
    button.addEventListener('click', guard(() => (this.chat ? this.closeChat() : this.openChat())));
    if (this.chatButton) this.chatButton.replaceWith(button);
    else root.append(button);
    this.chatButton = button;
    if (this.chat) {
      this.chat.panel.className = `panel ${side}`;
      this.fillPanel(config);
    }
  }

  /** The open panel's content: the conversation after a submission, else the greeting and the form. */
  private fillPanel(config: WidgetPublicConfig) {
    const chat = this.chat;
    if (!chat) return;
    const close = el('button', { type: 'button', class: 'x', 'aria-label': 'Close' }, '×');
    close.addEventListener('click', guard(() => this.closeChat()));
    const head = this.head(config, close);
    // The conversation has a fixed height (messages scroll inside it): a new message never moves the panel.
    chat.panel.classList.toggle('chatting', Boolean(this.chatSession));
    if (this.chatSession) {
      if (!chat.view) {
        chat.view = new ChatView(this, this.chatSession);
        chat.view.start();
      } else chat.view.render();
      chat.panel.replaceChildren(head, el('div', { class: 'body' }, chat.view.box));
      return;
    }
    chat.form.render();
    chat.panel.replaceChildren(head, el('div', { class: 'body' }, el('p', { class: 'greet' }, config.greeting), chat.form.box));
  }

  /** The panel's and popup's header: the avatar (or the business's initials), the business's name, Close. */
  private head(config: WidgetPublicConfig, close: HTMLElement): HTMLElement {
    const initials = el('span', { class: 'av', 'aria-hidden': 'true' }, initialsOf(config.businessName));
    let avatar: HTMLElement = initials;
    if (config.avatarHash) {
      const img = el('img', { class: 'av', alt: '', width: '32', height: '32', src: `${this.options.origin}${avatarPath(this.options.key, config.avatarHash)}` });
      // A page whose CSP refuses our pictures (img-src) still gets a header: the initials.
      img.addEventListener('error', guard(() => img.replaceWith(initials)), { once: true });
      avatar = img;
    }
    return el('div', { class: 'head' }, el('span', { class: 'who' }, avatar, el('strong', {}, config.businessName)), close);
  }

  /** After a submission (any form on the page): the chat panel continues that conversation for this visit. */
  beginChat(session: ChatSession) {
    this.chatSession = session;
    write('session', CHAT_SESSION_KEY, JSON.stringify(session));
    if (this.chat && this.config) this.fillPanel(this.config);
  }

  /** The token expired or the conversation ended: forget it; the panel shows the form again. */
  endChat() {
    this.chatSession = null;
    try {
      storage('session')?.removeItem(CHAT_SESSION_KEY);
    } catch {
      /* storage refused: nothing to forget */
    }
    if (this.chat) {
      this.chat.view?.stop();
      this.chat.view = null;
      this.chat.form = new LeadForm(this, 'chat');
      if (this.config) this.fillPanel(this.config);
    }
  }

  /** Opens the chat panel (also `LeadLoop.open()` from the page). */
  openChat() {
    const config = this.config;
    if (!config || this.chat || !this.options.launcher) return;
    const side = config.appearance.position === 'bottom_left' ? 'left' : 'right';
    const panel = el('div', { class: `panel ${side}`, role: 'dialog', 'aria-label': `Text ${config.businessName}` });
    const form = new LeadForm(this, 'chat');
    this.chat = { panel, form, view: null };
    this.fillPanel(config);
    panel.addEventListener('keydown', guard((event: KeyboardEvent) => event.key === 'Escape' && this.closeChat()));
    this.root().append(panel);
    this.chatButton?.setAttribute('aria-expanded', 'true');
    panel.querySelector<HTMLElement>('input.i')?.focus();
  }

  closeChat() {
    if (!this.chat) return;
    this.chat.view?.stop();
    this.chat.panel.remove();
    this.chat = null;
    this.chatButton?.setAttribute('aria-expanded', 'false');
    this.chatButton?.focus();
  }

  /** The popup's trigger, when the settings have one for this page and the visitor has not seen it too recently. */
  private armPopup() {
    const popup = this.config?.popup;
    if (!popup?.enabled || !popupAllowedOnPath(popup, location.pathname)) return;
    const last = Number(read('local', POPUP_SEEN_KEY));
    if (!popupCapAllows(popup.frequencyDays, read('local', POPUP_SEEN_KEY) ? last : null, Date.now(), read('session', POPUP_VISIT_KEY) === '1')) return;
    const cleanups: Array<() => void> = [];
    const fire = guard(() => {
      cleanups.forEach((c) => c());
      this.showPopup();
    });
    if (popup.trigger === 'time') {
      const timer = window.setTimeout(fire, popup.delaySeconds * 1000);
      cleanups.push(() => window.clearTimeout(timer));
    } else if (popup.trigger === 'scroll') {
      const onScroll = guard(() => {
        const doc = document.documentElement;
        if (scrolledPercent(window.scrollY, window.innerHeight, doc.scrollHeight) >= popup.scrollPercent) fire();
      });
      window.addEventListener('scroll', onScroll, { passive: true });
      cleanups.push(() => window.removeEventListener('scroll', onScroll));
    } else {
      const onOut = guard((event: MouseEvent) => isExitIntent(event) && fire());
      document.addEventListener('mouseout', onOut);
      cleanups.push(() => document.removeEventListener('mouseout', onOut));
    }
  }

  private showPopup() {
    const config = this.config;
    // Not over an open chat, not after this visit already sent its number, and only once per page.
    if (!config?.popup.enabled || this.popupFired || this.chat || read('session', DONE_KEY) === '1') return;
    this.popupFired = true;
    write('local', POPUP_SEEN_KEY, String(Date.now()));
    write('session', POPUP_VISIT_KEY, '1');
    const form = new LeadForm(this, 'popup');
    const close = el('button', { type: 'button', class: 'x', 'aria-label': 'Close' }, '×');
    const dialog = el(
      'div',
      { class: 'popup', role: 'dialog', 'aria-modal': 'true', 'aria-label': config.businessName },
      this.head(config, close),
      el('div', { class: 'body' }, el('p', { class: 'title' }, config.greeting), form.box),
    );
    const backdrop = el('div', { class: 'backdrop' }, dialog);
    const hide = guard(() => {
      backdrop.remove();
      this.popup = null;
    });
    close.addEventListener('click', hide);
    backdrop.addEventListener('click', guard((event: Event) => event.target === backdrop && hide()));
    backdrop.addEventListener('keydown', guard((event: KeyboardEvent) => event.key === 'Escape' && hide()));
    this.popup = { backdrop, form };
    this.root().append(backdrop);
    dialog.querySelector<HTMLElement>('input.i')?.focus();
  }
}
