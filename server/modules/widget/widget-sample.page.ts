import type { FastifyInstance } from 'fastify';
import type { AppServices } from '@server/platform/services';
import { widgetForKey } from './widget-config.cache';
import { publicKey } from './widget.schema';

/** Text for HTML: the sample page never carries a company's words as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The sample business page: the company's name, a form container when asked, and the one script tag. */
export function samplePageHtml({ publicKey: key, businessName, withForm }: { publicKey: string; businessName: string; withForm: boolean }): string {
  const name = escapeHtml(businessName);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} — sample page</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#212529;background:#f8f9fa}header{background:#fff;border-bottom:1px solid #dee2e6;padding:16px 24px;font-weight:700}main{padding:24px;max-width:640px}p{line-height:1.5;color:#495057}.note{font-size:13px;color:#868e96}[data-leadloop-form]{min-height:520px}</style></head>
<body><header>${name}</header><main><h1>Fast, friendly service near you</h1>
<p>This is a sample page made by LeadLoop to show your widget. It is not your website, and nothing here is published.</p>
${withForm ? '<h2>Contact us</h2><div data-leadloop-form></div>' : ''}
<p class="note">What you send here is real: it creates a lead in LeadLoop and texts the number you enter.</p></main>
<script src="/widget.js" data-key="${escapeHtml(key)}" async></script></body></html>`;
}

/** Framed by the app's own screens only; scripts and requests to this server only; the Referer kept for the config check. */
const SAMPLE_PAGE_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * GET /public/widget/sample-page?key=…[&form=1]: a sample business page on the app's own origin (always allowed by
 * the public endpoints, decision 0029) carrying the real embed tag, for the live preview on Chat widget → Styles and
 * /widget-demo, which frame it. A real http(s) page, so what is sent from it is a real submission with a page URL.
 */
export function registerWidgetSamplePage(app: FastifyInstance, options: { services: Pick<AppServices, 'db' | 'clock'> }) {
  app.get('/public/widget/sample-page', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const key = publicKey.safeParse(query.key);
    const widget = key.success ? await widgetForKey(options.services.db, key.data, options.services.clock.now().getTime()) : null;
    if (!key.success || !widget) return reply.code(404).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send('Unknown widget key');
    return reply
      .header('Content-Security-Policy', SAMPLE_PAGE_CSP)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(samplePageHtml({ publicKey: key.data, businessName: widget.companyName, withForm: query.form === '1' }));
  });
}
