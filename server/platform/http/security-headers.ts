import type { FastifyInstance } from 'fastify';

/** Hosts the third-party scripts need, added to the policy only when their keys are configured. */
export interface CspOptions {
  posthogHost?: string | undefined;
  intercomAppId?: string | undefined;
  testimonialsEmbedUrl?: string | undefined;
  https: boolean;
}

const INTERCOM = {
  script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connect: [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-ping.intercom.io',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  img: ['https://static.intercomassets.com', 'https://js.intercomcdn.com', 'https://downloads.intercomcdn.com', 'https://uploads.intercomusercontent.com', 'https://gifs.intercomcdn.com'],
  font: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  frame: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com', 'https://www.youtube.com', 'https://player.vimeo.com', 'https://fast.wistia.net'],
  media: ['https://js.intercomcdn.com'],
};

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** PostHog serves its ingestion from `<region>.i.posthog.com` and static files from `<region>-assets.i.posthog.com`. */
function posthogOrigins(host: string): string[] {
  const base = origin(host);
  if (!base) return [];
  const assets = base.replace(/^https:\/\/(\w+)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
  return assets === base ? [base] : [base, assets];
}

export function buildContentSecurityPolicy(options: CspOptions): string {
  const script = ["'self'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const font = ["'self'", 'data:'];
  // 'self': the widget's sample page (/public/widget/sample-page) in the Chat widget preview and /widget-demo.
  const frame: string[] = ["'self'"];
  // blob: the app plays voicemails and greetings it fetched with the session header (an <audio src> cannot send one).
  const media = ["'self'", 'blob:'];

  if (options.posthogHost) {
    const hosts = posthogOrigins(options.posthogHost);
    script.push(...hosts);
    connect.push(...hosts);
    img.push(...hosts);
  }
  if (options.intercomAppId) {
    script.push(...INTERCOM.script);
    connect.push(...INTERCOM.connect);
    img.push(...INTERCOM.img);
    font.push(...INTERCOM.font);
    frame.push(...INTERCOM.frame);
    media.push(...INTERCOM.media);
  }
  const testimonials = origin(options.testimonialsEmbedUrl);
  if (testimonials) frame.push(testimonials);

  const directives = [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // Mantine writes its CSS variables into a <style> element at run time; scripts stay strictly external.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    `font-src ${font.join(' ')}`,
    `connect-src ${connect.join(' ')}`,
    `media-src ${media.join(' ')}`,
    `frame-src ${frame.join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Headers on every response of the app: no framing, no sniffing, no referrer (the URL may carry `adminAuth`). */
export function registerSecurityHeaders(app: FastifyInstance, options: CspOptions): void {
  const csp = buildContentSecurityPolicy(options);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', csp);
    // A route may keep its own (the widget's sample page keeps the Referer for the config check, and may be framed by the app).
    if (!reply.hasHeader('referrer-policy')) reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('x-frame-options')) reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    // Same-origin unless a route says otherwise (/widget.js is loaded by other sites' pages).
    if (!reply.hasHeader('cross-origin-resource-policy')) reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(self), geolocation=(), payment=()');
    if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
