import { createHash } from 'node:crypto';
import { formatPhone } from '@contracts/phone';
import { MICROSITE_LIMITS, type MicrositeAdvanced, type MicrositeBasic, type MicrositeContent, micrositeConsentText } from '@contracts/microsites';
import { truncate } from '@contracts/text';
import { escapeHtml } from '@server/platform/lib/html';
import type { ImageRef } from '@server/platform/services';
import type { CompanyFacts } from './microsites.service';

/**
 * The microsite's HTML (docs/decisions/0044-microsites.md): server-rendered pages that need no JavaScript, with
 * one small inline stylesheet (allowed by its hash in the page's own Content-Security-Policy), system fonts,
 * landmarks, labels and visible focus. Every word an owner or a visitor wrote goes through `escapeHtml`; every
 * URL on the page is built here from checked parts (ids, E.164 numbers, the site's own paths), never taken from
 * what was typed.
 */

/** A picture the uploads feature serves (AppServices.images finds it by file id; none: no pictures are shown). */
export type MicrositeImage = ImageRef;

export interface RenderSite {
  companyId: string;
  slug: string;
  basic: MicrositeBasic;
  content: MicrositeContent;
  advanced: MicrositeAdvanced;
  facts: CompanyFacts;
  updatedAt: Date;
  logo: MicrositeImage | null;
  ogImage: MicrositeImage | null;
}

export interface RenderTarget {
  /** The path prefix of the site's pages on this host: `/m/<slug>` on the app's host, '' on the site's own. */
  base: string;
  /** The site's canonical home address (its custom domain, free subdomain or `/m/<slug>`): canonical links, previews. */
  home: string;
  /** The app's origin (PUBLIC_URL): the chat widget's script and API. */
  appOrigin: string;
}

/** What a visitor typed in the opt-in form, and what was wrong with it (kept on every error). */
export interface OptInFormState {
  values: { name: string; phone: string; message: string; consent: boolean };
  errors: Partial<Record<'name' | 'phone' | 'message' | 'consent' | 'form', string>>;
}

export interface RenderedPage {
  html: string;
  /** The page's own Content-Security-Policy. */
  csp: string;
}

const EMPTY_FORM: OptInFormState = { values: { name: '', phone: '', message: '', consent: false }, errors: {} };

/** A short fingerprint of the consent text a form showed: a submission from an older text is asked to look again. */
export const consentVersion = (text: string) => createHash('sha256').update(text).digest('hex').substring(0, 16);

/** What each provider's own code loads and calls (Google's and Meta's published CSP guidance). */
const GOOGLE = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
const TRACKING_HOSTS = {
  ga4: GOOGLE,
  gtm: GOOGLE,
  metaPixel: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'] },
} as const;

const hasTracking = (advanced: MicrositeAdvanced) => Boolean(advanced.tracking.ga4 || advanced.tracking.gtm || advanced.tracking.metaPixel);
const widgetOn = (site: RenderSite) => site.basic.cta === 'widget' && site.facts.widget.enabled && Boolean(site.facts.widget.publicKey);

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The page's policy: nothing but its own hashed stylesheet, its own pictures and form; scripts only when the page
 * has them (the tags loader at `<base>/tags.js` and the providers it loads; the chat widget from the app).
 */
function pagePolicy(style: string, site: RenderSite | null, target: RenderTarget, withScripts: boolean): string {
  const script = new Set<string>();
  const connect = new Set<string>();
  const img = new Set<string>(["'self'", 'data:']);
  for (const picture of [site?.logo, site?.ogImage]) {
    const origin = picture ? originOf(picture.src) : null;
    if (origin) img.add(origin);
  }
  if (site && withScripts) {
    if (hasTracking(site.advanced)) {
      script.add("'self'");
      for (const provider of ['ga4', 'gtm', 'metaPixel'] as const) {
        if (!site.advanced.tracking[provider]) continue;
        const hosts = TRACKING_HOSTS[provider];
        hosts.script.forEach((h) => script.add(h));
        hosts.connect.forEach((h) => connect.add(h));
        hosts.img.forEach((h) => img.add(h));
      }
    }
    if (widgetOn(site)) {
      script.add(target.appOrigin);
      connect.add(target.appOrigin);
      img.add(target.appOrigin);
    }
  }
  const styleHash = createHash('sha256').update(style).digest('base64');
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `img-src ${[...img].join(' ')}`,
    `script-src ${script.size ? [...script].join(' ') : "'none'"}`,
    `connect-src ${connect.size ? [...connect].join(' ') : "'none'"}`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function stylesheet(basic: Pick<MicrositeBasic, 'primaryColor' | 'accentColor'> | null): string {
  // The colours passed the contrast check at save (contracts/microsites.ts) and are #rrggbb: safe in CSS.
  const primary = basic?.primaryColor ?? '#1864ab';
  const accent = basic?.accentColor ?? '#087f5b';
  return (
    `:root{--p:${primary};--a:${accent}}` +
    '*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}' +
    'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:1.0625rem;line-height:1.6;color:#1f2328;background:#fff}' +
    'a{color:var(--p);text-underline-offset:.15em}' +
    ':focus-visible{outline:3px solid #1f2328;outline-offset:2px;box-shadow:0 0 0 6px #fff}' +
    '.skip{position:absolute;left:-10000px;top:0}.skip:focus{left:1rem;top:1rem;z-index:2;background:#fff;color:#1f2328;padding:.5rem 1rem}' +
    '.wrap{max-width:46rem;margin:0 auto;padding:0 1rem}' +
    '.top .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;padding-top:.75rem;padding-bottom:.75rem}' +
    '.brand{display:flex;align-items:center;gap:.6rem;font-weight:700;font-size:1.15rem;color:#1f2328;text-decoration:none}.brand img{height:40px;width:auto}' +
    '.hero{background:var(--a);color:#fff;padding:2.5rem 0}.hero h1{margin:0 0 .5rem;font-size:clamp(1.7rem,6vw,2.5rem);line-height:1.2}.hero p{margin:.5rem 0}.tagline{font-size:1.2rem;font-weight:600}' +
    '.btn{display:inline-block;background:var(--p);color:#fff;padding:.7rem 1.2rem;border:2px solid #fff;border-radius:.4rem;text-decoration:none;font-weight:700}' +
    'section{padding:1.75rem 0}h2{font-size:1.45rem;line-height:1.3;margin:0 0 .75rem}' +
    '.cols{columns:2;column-gap:2rem;padding-left:1.25rem}@media (max-width:32rem){.cols{columns:1}}' +
    'figure{margin:0 0 1rem;padding:1rem 1.25rem;border-left:4px solid var(--p);background:#f6f8fa}blockquote{margin:0}blockquote p{margin:0 0 .5rem}figcaption{color:#424a53}.stars{color:#7a4d00;letter-spacing:.1em}' +
    'details{border-bottom:1px solid #d0d7de;padding:.6rem 0}summary{cursor:pointer;font-weight:600}details p{margin:.5rem 0 0}' +
    'form label,.label{display:block;font-weight:600;margin-top:1rem}' +
    'input,textarea{display:block;width:100%;font:inherit;padding:.6rem .7rem;margin-top:.3rem;border:1px solid #57606a;border-radius:.35rem;background:#fff;color:#1f2328}' +
    '[aria-invalid=true]{border:2px solid #b3261e}' +
    '.consent{display:flex;gap:.7rem;align-items:flex-start;margin-top:1.25rem}.consent input{flex:none;width:1.4rem;height:1.4rem;margin-top:.2rem}.consent label{margin:0;font-weight:400}' +
    '.err{color:#b3261e;font-weight:600;margin:.3rem 0 0}.summary{border:2px solid #b3261e;border-radius:.4rem;padding:.75rem 1rem;margin:1rem 0}.summary h3{margin:0 0 .25rem;font-size:1.1rem}' +
    '.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}' +
    'button{display:inline-block;font:inherit;font-weight:700;background:var(--p);color:#fff;border:0;border-radius:.4rem;padding:.75rem 1.5rem;margin-top:1.25rem;cursor:pointer}' +
    '.note{color:#424a53;font-size:.95rem}' +
    'footer{border-top:1px solid #d0d7de;margin-top:1rem;padding:1.5rem 0;color:#424a53;font-size:.95rem}footer a{color:#1f2328}footer p{margin:.25rem 0}' +
    '.doc h1{font-size:1.9rem;line-height:1.25;margin:1.5rem 0 .5rem}.doc h2{margin-top:1.5rem;font-size:1.3rem}' +
    '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}'
  );
}

const e = escapeHtml;
/** Search results show about this much of a title (and html-validate's long-title rule agrees). */
const TITLE_MAX = 70;

/** The title, escaped, cut (on a grapheme boundary) so that even its escaped form fits TITLE_MAX. */
function shortTitle(title: string): string {
  for (let max = TITLE_MAX; max > 1; max -= 1) {
    const escaped = e(truncate(title, max));
    if (escaped.length <= TITLE_MAX) return escaped;
  }
  return '';
}

/** A phone number as people read it, kept on one line (no break at its space or hyphen). */
const phoneText = (e164: string) => formatPhone(e164).replace(' ', '\u00a0').replace('-', '\u2011');

/** The main button: call or text the business number, else (no number yet, or the widget) the form on the page. */
function ctaLink(site: RenderSite): { href: string; label: string } {
  const phone = site.facts.businessPhone;
  if (site.basic.cta === 'call' && phone) return { href: `tel:${phone}`, label: `Call ${phoneText(phone)}` };
  if (site.basic.cta === 'text' && phone) return { href: `sms:${phone}`, label: `Text us at ${phoneText(phone)}` };
  return { href: '#contact', label: site.basic.cta === 'widget' ? 'Send us a message' : 'Get in touch' };
}

function head(parts: { title: string; description: string; canonical: string; style: string; noindex: boolean; extra?: string }): string {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${shortTitle(parts.title)}</title>` +
    (parts.description ? `<meta name="description" content="${e(parts.description)}">` : '') +
    `<link rel="canonical" href="${e(parts.canonical)}">` +
    (parts.noindex ? '<meta name="robots" content="noindex">' : '') +
    (parts.extra ?? '') +
    `<style>${parts.style}</style></head>`
  );
}

function pageHeader(site: RenderSite, target: RenderTarget, withCta: boolean): string {
  const logo = site.logo ? `<img src="${e(site.logo.src)}" width="${site.logo.width}" height="${site.logo.height}" alt="">` : '';
  const cta = ctaLink(site);
  return (
    '<a class="skip" href="#main">Skip to content</a>' +
    `<header class="top"><div class="wrap"><a class="brand" href="${e(target.base || '/')}">${logo}<span>${e(site.basic.name)}</span></a>` +
    (withCta && cta.href !== '#contact' ? `<a class="btn" href="${e(cta.href)}">${e(cta.label)}</a>` : '') +
    '</div></header>'
  );
}

function pageFooter(site: RenderSite, target: RenderTarget): string {
  const place = [site.facts.city, site.facts.region].filter(Boolean).join(', ');
  const phone = site.facts.businessPhone;
  return (
    '<footer><div class="wrap">' +
    `<p>© ${site.updatedAt.getUTCFullYear()} ${e(site.basic.name)}${place ? ` · ${e(place)}` : ''}${phone ? ` · <a href="tel:${e(phone)}">${e(phoneText(phone))}</a>` : ''}</p>` +
    `<nav aria-label="Policies"><p><a href="${e(target.base)}/privacy">Privacy Policy</a> · <a href="${e(target.base)}/sms-terms">SMS Terms</a></p></nav>` +
    '</div></footer>'
  );
}

/** The consent sentence with "Privacy Policy" and "SMS Terms" as links to the two pages. */
function consentHtml(text: string, base: string): string {
  return e(text)
    .replace('Privacy Policy', `<a href="${e(base)}/privacy">Privacy Policy</a>`)
    .replace('SMS Terms', `<a href="${e(base)}/sms-terms">SMS Terms</a>`);
}

function field(id: 'name' | 'phone' | 'message', error: string | undefined): string {
  return error ? ` aria-invalid="true" aria-describedby="e-${id}"` : '';
}
const fieldError = (id: string, error: string | undefined) => (error ? `<p class="err" id="e-${id}">${e(error)}</p>` : '');

function optInForm(site: RenderSite, target: RenderTarget, state: OptInFormState, preview: boolean): string {
  const { values, errors } = state;
  const consent = micrositeConsentText(site.basic.name);
  const listed = (['name', 'phone', 'message', 'consent'] as const).filter((k) => errors[k]);
  const summary =
    errors.form || listed.length
      ? `<div class="summary" id="form-errors"><h3>Your message was not sent</h3>${errors.form ? `<p>${e(errors.form)}</p>` : ''}` +
        (listed.length ? `<ul>${listed.map((k) => `<li><a href="#f-${k}">${e(errors[k] ?? '')}</a></li>`).join('')}</ul>` : '') +
        '</div>'
      : '';
  return (
    '<section id="contact" aria-labelledby="contact-title"><div class="wrap">' +
    '<h2 id="contact-title">Get in touch</h2>' +
    '<p>Leave your name and mobile number and we’ll text you back.</p>' +
    summary +
    `<form method="post" action="${e(target.base)}/opt-in#contact">` +
    `<label for="f-name">Your name</label><input id="f-name" name="name" type="text" autocomplete="name" required maxlength="${MICROSITE_LIMITS.visitorName}" value="${e(values.name)}"${field('name', errors.name)}>` +
    fieldError('name', errors.name) +
    `<label for="f-phone">Mobile number</label><input id="f-phone" name="phone" type="tel" autocomplete="tel" inputmode="tel" required maxlength="30" value="${e(values.phone)}"${field('phone', errors.phone)}>` +
    fieldError('phone', errors.phone) +
    `<label for="f-message">How can we help? (optional)</label><textarea id="f-message" name="message" rows="4" maxlength="${MICROSITE_LIMITS.visitorMessage}"${field('message', errors.message)}>${e(values.message)}</textarea>` +
    fieldError('message', errors.message) +
    '<div class="hp" aria-hidden="true"><label for="f-website">Leave this field empty</label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>' +
    `<input type="hidden" name="cv" value="${consentVersion(consent)}">` +
    `<div class="consent"><input type="checkbox" id="f-consent" name="consent" value="yes" required${values.consent ? ' checked' : ''}${errors.consent ? ' aria-invalid="true" aria-describedby="e-consent"' : ''}>` +
    `<label for="f-consent">${consentHtml(consent, target.base)}</label></div>` +
    fieldError('consent', errors.consent) +
    `<button type="submit"${preview ? ' disabled' : ''}>Send</button>` +
    (preview ? '<p class="note">This is a preview: the form is switched off here.</p>' : '') +
    '</form></div></section>'
  );
}

function shownServices(site: RenderSite): string[] {
  const hidden = new Set(site.content.hiddenServices.map((s) => s.toLowerCase()));
  return site.facts.services.filter((s) => s.trim() && !hidden.has(s.toLowerCase()));
}

function stars(count: number): string {
  return `<span class="stars" aria-hidden="true">${'★'.repeat(count)}${'☆'.repeat(5 - count)}</span><span class="sr">${count} out of 5 stars</span>`;
}

function trackingTag(site: RenderSite, target: RenderTarget): string {
  return hasTracking(site.advanced) ? `<script src="${e(target.base)}/tags.js" async></script>` : '';
}

/** The home page: hero, services, service area, reviews, FAQ, and the opt-in form. */
export function renderHome(site: RenderSite, target: RenderTarget, options: { form?: OptInFormState; preview?: boolean } = {}): RenderedPage {
  const { basic, content, advanced, facts } = site;
  const style = stylesheet(basic);
  const preview = options.preview === true;
  const canonical = target.home;
  const title = advanced.seoTitle || (basic.tagline ? `${basic.name} — ${basic.tagline}` : basic.name);
  const description = advanced.seoDescription || basic.tagline || content.heroText;
  const ogImage = site.ogImage ?? site.logo;
  const og =
    `<meta property="og:type" content="website"><meta property="og:title" content="${e(advanced.seoTitle || basic.name)}">` +
    `<meta property="og:url" content="${e(canonical)}">` +
    (advanced.ogText || description ? `<meta property="og:description" content="${e(advanced.ogText || description)}">` : '') +
    (ogImage ? `<meta property="og:image" content="${e(new URL(ogImage.src, target.home).href)}">` : '');
  const cta = ctaLink(site);
  const services = shownServices(site);
  const area = content.showServiceArea ? facts.serviceArea : [];
  const faq = content.showFaq ? facts.faq.filter((f) => f.question.trim() && f.answer.trim()) : [];
  const place = [facts.city, facts.region].filter(Boolean).join(', ');

  const sections = [
    services.length
      ? `<section aria-labelledby="services-title"><div class="wrap"><h2 id="services-title">What we do</h2><ul class="cols">${services.map((s) => `<li>${e(s)}</li>`).join('')}</ul></div></section>`
      : '',
    area.length || (content.showServiceArea && place)
      ? `<section aria-labelledby="area-title"><div class="wrap"><h2 id="area-title">Where we work</h2>` +
        (place ? `<p>Based in ${e(place)}.</p>` : '') +
        (area.length ? `<p>We serve these ZIP and postal codes: ${area.map((a) => e(a)).join(', ')}.</p>` : '') +
        '</div></section>'
      : '',
    content.reviews.length
      ? `<section aria-labelledby="reviews-title"><div class="wrap"><h2 id="reviews-title">What customers say</h2>` +
        content.reviews.map((r) => `<figure><blockquote><p>${e(r.quote)}</p></blockquote><figcaption>${stars(r.stars)} — ${e(r.name)}</figcaption></figure>`).join('') +
        '</div></section>'
      : '',
    faq.length
      ? `<section aria-labelledby="faq-title"><div class="wrap"><h2 id="faq-title">Questions</h2>` +
        faq.map((f) => `<details><summary>${e(f.question)}</summary><p>${e(f.answer)}</p></details>`).join('') +
        '</div></section>'
      : '',
  ].join('');

  const withScripts = !preview;
  const widget = withScripts && widgetOn(site) ? `<script src="${e(target.appOrigin)}/widget.js" data-key="${e(facts.widget.publicKey ?? '')}" async></script>` : '';
  const html =
    head({ title, description, canonical, style, noindex: advanced.noindex || preview, extra: og + (withScripts ? trackingTag(site, target) : '') }) +
    '<body>' +
    pageHeader(site, target, true) +
    '<main id="main">' +
    `<section class="hero" aria-labelledby="hero-title"><div class="wrap"><h1 id="hero-title">${e(content.heroHeadline || basic.name)}</h1>` +
    (basic.tagline ? `<p class="tagline">${e(basic.tagline)}</p>` : '') +
    (content.heroText ? `<p>${e(content.heroText)}</p>` : '') +
    `<p><a class="btn" href="${e(cta.href)}">${e(cta.label)}</a></p></div></section>` +
    sections +
    optInForm(site, target, options.form ?? EMPTY_FORM, preview) +
    '</main>' +
    pageFooter(site, target) +
    widget +
    '</body></html>';
  return { html, csp: pagePolicy(style, site, target, withScripts) };
}

function documentPage(site: RenderSite, target: RenderTarget, path: string, title: string, body: string, noindex = site.advanced.noindex): RenderedPage {
  const style = stylesheet(site.basic);
  const html =
    head({ title: `${title} — ${site.basic.name}`, description: `${title} of ${site.basic.name}.`, canonical: `${target.home.replace(/\/$/, '')}${path}`, style, noindex }) +
    '<body>' +
    pageHeader(site, target, false) +
    `<main id="main" class="doc"><div class="wrap">${body}</div></main>` +
    pageFooter(site, target) +
    '</body></html>';
  return { html, csp: pagePolicy(style, site, target, false) };
}

const updated = (site: RenderSite) => site.updatedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function contactLine(site: RenderSite, target: RenderTarget): string {
  const phone = site.facts.businessPhone;
  return phone
    ? `call or text us at <a href="tel:${e(phone)}">${e(phoneText(phone))}</a>, or use the form on <a href="${e(target.base || '/')}">our page</a>`
    : `use the form on <a href="${e(target.base || '/')}">our page</a>`;
}

/** The privacy policy: what is collected, why, the SMS part carriers check, and that mobile data is not shared for marketing. */
export function renderPrivacy(site: RenderSite, target: RenderTarget): RenderedPage {
  const name = e(site.basic.name);
  const tracking = hasTracking(site.advanced);
  const body =
    `<h1>Privacy Policy</h1><p>Last updated ${e(updated(site))}. This policy explains how ${name} (“we”, “us”) handles the information you give us through this website and by text message.</p>` +
    '<h2>What we collect</h2><p>When you send the form on our page we collect your name, your mobile number, your message, and the record of your consent to receive text messages: the words you agreed to, the page, the time, your IP address and your browser’s user agent. When you text or call us we keep those messages and call details.</p>' +
    `<h2>How we use it</h2><p>We use your information to answer your request, to text you about it (replies, quotes and appointment updates), to keep a record of your consent, and to run our business. ${name} uses LeadLoop, a messaging service, to receive and send these messages on our behalf.</p>` +
    `<h2>Text messages (SMS)</h2><p>If you agree to receive text messages from ${name}, we text you about your request. Message frequency varies. Msg &amp; data rates may apply. Reply HELP for help. Reply STOP to opt out at any time; we will confirm and send no further messages. See our <a href="${e(target.base)}/sms-terms">SMS Terms</a>.</p>` +
    '<h2>Sharing</h2><p><strong>We do not sell, rent or share your mobile phone number or your text-messaging opt-in data and consent with third parties or affiliates for their marketing or promotional purposes.</strong> We share information only with the service providers who help us deliver our services and messages (such as our messaging provider and phone carriers), who may use it only for that, or when the law requires it.</p>' +
    (tracking
      ? '<h2>Analytics and advertising tools</h2><p>This page uses analytics or advertising tags (such as Google Analytics, Google Tag Manager or the Meta Pixel) that may set cookies and record how the page is used. They never receive your mobile number or the messages you send through the form.</p>'
      : '') +
    '<h2>How long we keep it</h2><p>We keep your information for as long as we need it for the purposes above and as the law requires, including the record of your consent.</p>' +
    `<h2>Your choices</h2><p>You can ask us to see, correct or delete your information, and you can stop text messages at any time by replying STOP. To reach us, ${contactLine(site, target)}.</p>`;
  return documentPage(site, target, '/privacy', 'Privacy Policy', body);
}

/** The SMS terms carriers ask for: the program, who sends, how often, rates, HELP and STOP, and the privacy link. */
export function renderSmsTerms(site: RenderSite, target: RenderTarget): RenderedPage {
  const name = e(site.basic.name);
  const phone = site.facts.businessPhone;
  const body =
    `<h1>SMS Terms</h1><p>Last updated ${e(updated(site))}. These terms cover text messages from ${name}.</p>` +
    `<h2>What you get</h2><p>When you give us your mobile number and agree to receive text messages from ${name} (for example with the form on <a href="${e(target.base || '/')}">our page</a>), we text you about your request: replies to your questions, quotes, appointment confirmations and reminders, and follow-ups.</p>` +
    '<h2>How often</h2><p>Message frequency varies with your request. Msg &amp; data rates may apply: your mobile carrier’s message and data rates apply to the texts you receive and send.</p>' +
    `<h2>Help and opting out</h2><p>Reply <strong>HELP</strong> for help, or ${contactLine(site, target)}. Reply <strong>STOP</strong> to opt out at any time (also END, CANCEL, UNSUBSCRIBE or QUIT); we send one message confirming you are opted out and then no more. Reply START to receive messages again.</p>` +
    `<h2>Consent</h2><p>Agreeing to receive text messages is not a condition of any purchase.${phone ? ` Messages come from ${e(phoneText(phone))}.` : ''} Carriers are not liable for delayed or undelivered messages.</p>` +
    `<h2>Privacy</h2><p>We do not share or sell your mobile number or text-messaging consent with third parties or affiliates for their marketing or promotional purposes. See our <a href="${e(target.base)}/privacy">Privacy Policy</a>.</p>`;
  return documentPage(site, target, '/sms-terms', 'SMS Terms', body);
}

/** After a good submission: thanks, and whether a text is on its way (to the masked number only). */
export function renderThanks(site: RenderSite, target: RenderTarget, result: { firstName: string; texted: boolean; maskedPhone: string }): RenderedPage {
  const body =
    `<h1>Thanks, ${e(result.firstName)}!</h1>` +
    `<p>${e(site.basic.name)} got your request.${result.texted ? ` We just texted you at ${e(result.maskedPhone)}. Reply there any time.` : ' We’ll be in touch soon.'}</p>` +
    `<p><a href="${e(target.base || '/')}">Back to the page</a></p>`;
  return documentPage(site, target, '', 'Thank you', body, true);
}

/** Unknown or offline: says nothing about any business. */
export function renderNotFound(): RenderedPage {
  const style = stylesheet(null);
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Page not found</title>' +
    `<style>${style}</style></head><body><main id="main" class="doc"><div class="wrap"><h1>This page isn’t here</h1><p>The address may be mistyped, or the business has taken its page offline.</p></div></main></body></html>`;
  return { html, csp: pagePolicy(style, null, { base: '', home: '', appOrigin: '' }, false) };
}

/**
 * `<base>/tags.js`: the providers' own loaders for the ids the owner entered (checked against each provider's id
 * pattern at save, so they are safe inside a string), from the page's own origin — no inline script on the page.
 */
export function trackingScript(advanced: MicrositeAdvanced): string {
  const { ga4, gtm, metaPixel } = advanced.tracking;
  const parts: string[] = ['(function(w,d){function load(src){var s=d.createElement("script");s.async=true;s.src=src;d.head.appendChild(s);}'];
  if (ga4 || gtm) parts.push('w.dataLayer=w.dataLayer||[];');
  if (ga4) parts.push(`w.gtag=w.gtag||function(){w.dataLayer.push(arguments);};w.gtag("js",new Date());w.gtag("config",${JSON.stringify(ga4)});load("https://www.googletagmanager.com/gtag/js?id="+encodeURIComponent(${JSON.stringify(ga4)}));`);
  if (gtm) parts.push(`w.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});load("https://www.googletagmanager.com/gtm.js?id="+encodeURIComponent(${JSON.stringify(gtm)}));`);
  if (metaPixel)
    parts.push(
      `if(!w.fbq){var n=w.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments);};if(!w._fbq)w._fbq=n;n.push=n;n.loaded=true;n.version="2.0";n.queue=[];load("https://connect.facebook.net/en_US/fbevents.js");}w.fbq("init",${JSON.stringify(metaPixel)});w.fbq("track","PageView");`,
    );
  parts.push('})(window,document);');
  return parts.join('');
}
