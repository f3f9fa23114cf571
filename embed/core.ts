/**
 * The embed's pure parts (no DOM drawing): what a visit's tracking is, when the popup may show, how a typed number is
 * formatted and checked, and which fields the config asks for. Unit-tested in widget.test.ts.
 */
import type { WidgetFormFields, WidgetKind, WidgetOptionalField, WidgetPopup } from '@contracts/widget';

// ── Tracking: page, referrer, UTM, click ids; the visit's first and last page ───────────────────────────────────

export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/** What the visit remembers in sessionStorage (one tab's visit), so the page that converts keeps the ad's data. */
export interface VisitMemory {
  landingUrl: string;
  /** The referrer of the visit's first page (later pages' referrer is the site itself). */
  referrer: string;
  utm: Partial<Record<UtmKey, string>>;
  gclid?: string;
  fbclid?: string;
}

export const VISIT_STORAGE_KEY = 'leadloop:visit';
const MAX_TRACKING = 500;
const MAX_URL = 2000;

const clip = (v: string, max: number) => (v.length > max ? v.slice(0, max) : v);
const httpUrl = (v: string) => /^https?:\/\//i.test(v) && v.length <= MAX_URL;

/** The tracking values of one page address: UTM parameters and click ids (empty values dropped, bounded). */
export function trackingFromUrl(href: string): Pick<VisitMemory, 'utm' | 'gclid' | 'fbclid'> {
  const out: Pick<VisitMemory, 'utm' | 'gclid' | 'fbclid'> = { utm: {} };
  let params: URLSearchParams;
  try {
    params = new URL(href).searchParams;
  } catch {
    return out;
  }
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`)?.trim();
    if (value) out.utm[key] = clip(value, MAX_TRACKING);
  }
  const gclid = params.get('gclid')?.trim();
  const fbclid = params.get('fbclid')?.trim();
  if (gclid) out.gclid = clip(gclid, MAX_TRACKING);
  if (fbclid) out.fbclid = clip(fbclid, MAX_TRACKING);
  return out;
}

/**
 * This page's view of the visit: the stored memory, started on the visit's first page. A later page with its own
 * UTM or click ids (a second ad click in the same tab) replaces them, as the last touch.
 */
export function rememberVisit(stored: VisitMemory | null, href: string, referrer: string): VisitMemory {
  const here = trackingFromUrl(href);
  const hasOwn = Object.keys(here.utm).length > 0 || here.gclid !== undefined || here.fbclid !== undefined;
  if (!stored) return { landingUrl: clip(href, MAX_URL), referrer: httpUrl(referrer) ? referrer : '', ...here };
  return hasOwn ? { ...stored, ...here } : stored;
}

/** Reads the memory back, tolerating anything (another script may have written the key). */
export function parseVisit(raw: string | null): VisitMemory | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<VisitMemory>;
    if (typeof v.landingUrl !== 'string' || typeof v.referrer !== 'string' || typeof v.utm !== 'object' || v.utm === null) return null;
    return { landingUrl: v.landingUrl, referrer: v.referrer, utm: v.utm, ...(v.gclid ? { gclid: String(v.gclid) } : {}), ...(v.fbclid ? { fbclid: String(v.fbclid) } : {}) };
  } catch {
    return null;
  }
}

/** The `page`, `utm`, `gclid`, `fbclid` of a submission: the current page is the last page. */
export function trackingPayload(visit: VisitMemory, currentHref: string) {
  const utm = Object.fromEntries(Object.entries(visit.utm).filter(([, v]) => v));
  return {
    page: {
      url: clip(currentHref, MAX_URL),
      ...(visit.referrer && httpUrl(visit.referrer) ? { referrer: visit.referrer } : {}),
      ...(httpUrl(visit.landingUrl) ? { landingUrl: visit.landingUrl } : {}),
    },
    ...(Object.keys(utm).length ? { utm } : {}),
    ...(visit.gclid ? { gclid: visit.gclid } : {}),
    ...(visit.fbclid ? { fbclid: visit.fbclid } : {}),
  };
}

// ── Popup: page rules, frequency cap, triggers ──────────────────────────────────────────────────────────────────

/** `/services` matches /services and below; `*` matches any run of characters (`/blog/*`, `*\/contact`). */
export function pathMatches(rule: string, path: string): boolean {
  if (rule.includes('*')) {
    const pattern = rule
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${pattern}$`).test(path);
  }
  const base = rule.replace(/\/+$/, '');
  return base === '' || path === base || path.startsWith(`${base}/`);
}

/** Whether the popup belongs on this path: no exclude rule matches, and an include rule does (none = every page). */
export function popupAllowedOnPath(popup: Pick<WidgetPopup, 'includePaths' | 'excludePaths'>, path: string): boolean {
  if (popup.excludePaths.some((rule) => pathMatches(rule, path))) return false;
  return popup.includePaths.length === 0 || popup.includePaths.some((rule) => pathMatches(rule, path));
}

export const POPUP_SEEN_KEY = 'leadloop:popup-seen';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The frequency cap: shown at most once per `frequencyDays` days per visitor (localStorage keeps when it was last
 * shown). 0 = once per visit, kept in sessionStorage by the caller (`seenThisVisit`).
 */
export function popupCapAllows(frequencyDays: number, lastShownMs: number | null, nowMs: number, seenThisVisit: boolean): boolean {
  if (seenThisVisit) return false;
  if (frequencyDays === 0 || lastShownMs === null || !Number.isFinite(lastShownMs)) return true;
  return nowMs - lastShownMs >= frequencyDays * DAY_MS;
}

/** Scroll trigger: the share of the page scrolled so far (a page that does not scroll counts as fully seen). */
export function scrolledPercent(scrollY: number, viewportHeight: number, documentHeight: number): number {
  const scrollable = documentHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}

/** Exit intent: the pointer leaves the page through its top edge (towards the tabs and the address bar). */
export function isExitIntent(event: { clientY: number; relatedTarget: unknown }): boolean {
  return event.relatedTarget === null && event.clientY <= 0;
}

// ── Phone: shown as (415) 555-0123 while typed, checked before sending ──────────────────────────────────────────

/** The ten digits of a US/CA number typed any way ("+1 415…", "1-415-…", "(415) …"); extra digits kept for the check. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** As the visitor types: 4155550123 → (415) 555-0123, partial input formatted as far as it goes. */
export function formatPhone(value: string): string {
  const d = phoneDigits(value);
  if (d.length === 0) return '';
  if (d.length > 10) return value.trim();
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** A mobile number the server will take (US/CA, 10 digits, area code and exchange not starting with 0 or 1), or a reason. */
export function checkPhone(value: string): { e164: string } | { error: string } {
  const d = phoneDigits(value);
  if (d.length === 0) return { error: 'Enter your mobile number.' };
  if (d.length !== 10 || !/^[2-9]\d{2}[2-9]\d{6}$/.test(d)) return { error: 'Enter a US or Canadian mobile number, like (415) 555-0123.' };
  return { e164: `+1${d}` };
}

// ── Config → form ───────────────────────────────────────────────────────────────────────────────────────────────

export type FieldName = 'name' | 'phone' | WidgetOptionalField;

export interface FieldSpec {
  name: FieldName;
  label: string;
  required: boolean;
  type: 'text' | 'tel' | 'textarea';
  autocomplete: string;
  maxLength: number;
}

/** The fields the form shows, in order: name and mobile always (required), then what the settings show. */
export function formSpec(fields: WidgetFormFields): FieldSpec[] {
  const spec: FieldSpec[] = [
    { name: 'name', label: 'Name', required: true, type: 'text', autocomplete: 'name', maxLength: 80 },
    { name: 'phone', label: 'Mobile number', required: true, type: 'tel', autocomplete: 'tel-national', maxLength: 20 },
  ];
  const optional: Array<Omit<FieldSpec, 'required'>> = [
    { name: 'service', label: 'Service', type: 'text', autocomplete: 'off', maxLength: 100 },
    { name: 'postalCode', label: 'ZIP code', type: 'text', autocomplete: 'postal-code', maxLength: 10 },
    { name: 'message', label: 'Message', type: 'textarea', autocomplete: 'off', maxLength: 1000 },
  ];
  for (const field of optional) {
    const rule = fields[field.name as WidgetOptionalField];
    if (rule?.shown) spec.push({ ...field, required: rule.required });
  }
  return spec;
}

export type FormValues = Partial<Record<FieldName, string>>;

/** The visitor's input checked as the server will: the first problem per field (nothing sent when any). */
export function checkForm(spec: FieldSpec[], values: FormValues, consentChecked: boolean): Partial<Record<FieldName | 'consent', string>> {
  const errors: Partial<Record<FieldName | 'consent', string>> = {};
  for (const field of spec) {
    const value = (values[field.name] ?? '').trim();
    if (field.name === 'phone') {
      const phone = checkPhone(value);
      if ('error' in phone) errors.phone = phone.error;
    } else if (field.required && !value) {
      errors[field.name] = field.name === 'name' ? 'Enter your name.' : `Please fill in ${field.label.toLowerCase()}.`;
    } else if (value.length > field.maxLength) {
      errors[field.name] = `At most ${field.maxLength} characters.`;
    } else if (field.name === 'postalCode' && value && !/^(\d{5}(-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/.test(value)) {
      errors.postalCode = 'Enter a ZIP code (12345) or postal code (A1A 1A1).';
    }
  }
  if (!consentChecked) errors.consent = 'Please tick the box to agree to receive texts.';
  return errors;
}

/** The body of POST /public/widget/submit (fields the form does not show are not sent). */
export function submissionBody(input: {
  kind: WidgetKind;
  spec: FieldSpec[];
  values: FormValues;
  consentText: string;
  consentChecked: boolean;
  honeypot: string;
  fillMs: number;
  tracking: ReturnType<typeof trackingPayload>;
}) {
  const shown = new Set(input.spec.map((f) => f.name));
  const value = (name: FieldName) => (shown.has(name) ? (input.values[name] ?? '').trim() : '');
  const phone = checkPhone(value('phone'));
  return {
    kind: input.kind,
    name: value('name'),
    phone: 'e164' in phone ? phone.e164 : value('phone'),
    ...(value('message') ? { message: value('message') } : {}),
    ...(value('service') ? { service: value('service') } : {}),
    ...(value('postalCode') ? { postalCode: value('postalCode') } : {}),
    consent: { checked: input.consentChecked, text: input.consentText },
    ...input.tracking,
    website: input.honeypot,
    fillMs: Math.max(0, Math.min(86_400_000, Math.round(input.fillMs))),
  };
}

// ── Chat: the conversation after a submission ───────────────────────────────────────────────────────────────────

/** What the tab remembers after a submission, so the chat panel continues the conversation until the visit ends. */
export interface ChatSession {
  token: string;
  /** "We just texted you at (415) 555-…" (or the server's sentence when nothing was texted). */
  notice: string;
}

export const CHAT_SESSION_KEY = 'leadloop:chat';

export function parseChatSession(raw: string | null): ChatSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ChatSession>;
    return typeof v.token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v.token) && typeof v.notice === 'string' ? { token: v.token, notice: v.notice } : null;
  } catch {
    return null;
  }
}

/** One line of the panel's conversation; `pending` while the visitor's message is on its way (id = its clientId). */
export interface ChatLine {
  id: string;
  seq: number;
  from: 'visitor' | 'business';
  body: string;
  at: number;
  pending?: boolean;
}

/** The lines after a read or a send: one per id, the server's copy over a pending one, in the server's order. */
export function mergeLines(current: ChatLine[], incoming: ChatLine[], sentClientId?: string): ChatLine[] {
  const byId = new Map<string, ChatLine>();
  for (const line of current) if (line.id !== sentClientId) byId.set(line.id, line);
  for (const line of incoming) byId.set(line.id, line);
  const lines = [...byId.values()];
  // Pending lines (not yet stored) stay last, in the order they were typed.
  return [...lines.filter((l) => !l.pending).sort((a, b) => a.seq - b.seq), ...lines.filter((l) => l.pending)];
}

/** The `after` cursor of the next read: the highest stored seq seen. */
export const lastSeq = (lines: ChatLine[]) => lines.reduce((max, l) => (l.pending ? max : Math.max(max, l.seq)), 0);

/** A random UUID v4 for a message's clientId (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function clientId(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const b = random(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
