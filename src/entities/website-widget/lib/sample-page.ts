/** Text for HTML: the sample page never carries a company's words as markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * A small page in an iframe (srcdoc: same origin as the app, which the widget's public endpoints always allow) with
 * the real embed tag on it, so what shows is the real widget against the saved settings, confined to the frame.
 */
export function samplePageHtml({ scriptUrl, publicKey, businessName, withForm }: { scriptUrl: string; publicKey: string; businessName: string; withForm: boolean }): string {
  const name = escapeHtml(businessName);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} — sample page</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#212529;background:#f8f9fa}header{background:#fff;border-bottom:1px solid #dee2e6;padding:16px 24px;font-weight:700}main{padding:24px;max-width:640px}p{line-height:1.5;color:#495057}.note{font-size:13px;color:#868e96}</style></head>
<body><header>${name}</header><main><h1>Fast, friendly service near you</h1>
<p>This is a sample page made by LeadLoop to show your widget. It is not your website, and nothing here is published.</p>
${withForm ? '<h2>Contact us</h2><div data-leadloop-form></div>' : ''}
<p class="note">What you send here is real: it creates a lead in LeadLoop and texts the number you enter.</p></main>
<script src="${escapeHtml(scriptUrl)}" data-key="${escapeHtml(publicKey)}" async></script></body></html>`;
}
