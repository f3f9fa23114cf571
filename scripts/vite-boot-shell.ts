import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { BOOT_SHELL_CSS, BootShell, bootHintScript } from '../src/app/boot-shell.ts';
import { AUTH_TOKEN_KEY } from '../src/entities/session/model/auth-token.ts';

/** Marks around the boot picture inside #root, so the sign-in snapshot (scripts/prerender-sign-in.ts) can replace it. */
export const BOOT_SHELL_START = '<!--boot-shell-->';
export const BOOT_SHELL_END = '<!--/boot-shell-->';

/**
 * index.html paints the app shell before any script has run (src/app/boot-shell.ts): the boot picture rendered
 * from the same component the app shows while it loads, its CSS inline in <head>, and the blocking hint script
 * before them. The hint is a hashed file under /assets (cached for a year like the chunks), so it costs no
 * request after the first visit.
 */
export function bootShell(): Plugin {
  const hint = bootHintScript(AUTH_TOKEN_KEY);
  const hintFile = `assets/boot-hint-${createHash('sha256').update(hint).digest('hex').slice(0, 10)}.js`;
  return {
    name: 'leadloop-boot-shell',
    configureServer(server) {
      server.middlewares.use(`/${hintFile}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        response.end(hint);
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('<div id="root"></div>')) throw new Error('boot shell: no empty <div id="root"></div> in index.html');
        const markup = renderToStaticMarkup(createElement(BootShell));
        return html
          .replace('</title>', `</title>\n    <script src="/${hintFile}"></script>\n    <style>${BOOT_SHELL_CSS}</style>`)
          .replace('<div id="root"></div>', `<div id="root">${BOOT_SHELL_START}${markup}${BOOT_SHELL_END}</div>`);
      },
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: hintFile, source: hint });
    },
  };
}
