import { createElement as h, type ReactElement } from 'react';
import { SCREEN_SKELETON_CSS, ScreenSkeleton } from '../shared/ui/screen-skeleton';

/**
 * The app shell's first paint (issue 21): a signed-in screen opened cold showed a white page for about a second
 * (2.5 s just after signing in) while the scripts, the router and the screen's chunk loaded one after another.
 *
 * The build renders `BootShell` into index.html's #root, with its CSS in <head> (scripts/vite-boot-shell.ts), so
 * the header, the navigation's place and the screen's skeleton paint as soon as the HTML and CSS arrive. The app
 * renders the same component while its own chunks load (the protected and shell routes' pending component), so
 * React's first commit swaps the picture for an identical one; the real shell then replaces it, and the screen's
 * skeleton (ScreenSkeleton) stays until the screen's chunk is there.
 *
 * A tiny blocking script (`bootHintScript`, before the first paint) hides it from someone signed out — they are
 * going to the sign-in screen — and drops the navigation on the screens outside the shell (onboarding, the OAuth
 * returns). Plain elements, no imports beyond React and the skeleton: the build imports this file as it is.
 */

/** Screens outside the application shell: the boot picture is the header and the skeleton only. */
export const BARE_BOOT_PATHS = /^\/(onboarding|invite|[a-z-]+-oauth(-cal)?)(\/|$)/;

export const BOOT_SHELL_CSS = [
  'html[data-signed-out] .ll-boot{display:none}',
  '.ll-boot-header{position:fixed;top:0;left:0;right:0;z-index:100;box-sizing:border-box;height:60px;display:flex;align-items:center;gap:12px;padding:0 16px;background:#fff;border-bottom:1px solid #dee2e6}',
  '.ll-boot-burger{box-sizing:border-box;width:18px;height:14px;border-top:2px solid #212529;border-bottom:2px solid #212529;background:linear-gradient(#212529,#212529) center/100% 2px no-repeat}',
  '.ll-boot-brand{font:800 1.125rem/1 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#099268}',
  '.ll-boot-bell{margin-left:auto;width:22px;height:22px;border-radius:50%;background:#f1f3f5}',
  '.ll-boot-avatar{width:34px;height:34px;border-radius:50%;background:#e9ecef}',
  '.ll-boot-nav{display:none}',
  '.ll-boot-main{box-sizing:border-box;min-height:100dvh;padding:72px 12px 12px}',
  '@media (min-width:48em){',
  '.ll-boot-burger{display:none}',
  '.ll-boot-nav{display:flex;flex-direction:column;gap:14px;position:fixed;top:60px;bottom:0;left:0;box-sizing:border-box;width:248px;padding:22px 20px;border-right:1px solid #dee2e6;background:#fff}',
  '.ll-boot-nav>div{height:14px;border-radius:6px;background:#f1f3f5}',
  '.ll-boot-nav>div:nth-child(5n+1){width:45%;height:10px;margin-top:10px;background:#e9ecef}',
  '.ll-boot-main{padding:80px 20px 20px 268px}',
  'html[data-boot-bare] .ll-boot-nav{display:none}',
  'html[data-boot-bare] .ll-boot-main,.ll-boot[data-bare] .ll-boot-main{padding-left:20px}',
  '}',
  'html[data-boot-bare] .ll-boot-burger{display:none}',
  SCREEN_SKELETON_CSS,
].join('');

/** The header, the navigation's place (from 48em, as the shell) and the screen's skeleton. */
export function BootShell({ bare = false }: { bare?: boolean }): ReactElement {
  return h(
    'div',
    { className: 'll-boot', 'data-bare': bare || undefined },
    h(
      'header',
      { className: 'll-boot-header' },
      bare ? null : h('div', { className: 'll-boot-burger', 'aria-hidden': true }),
      h('span', { className: 'll-boot-brand' }, 'LeadLoop'),
      h('div', { className: 'll-boot-bell', 'aria-hidden': true }),
      h('div', { className: 'll-boot-avatar', 'aria-hidden': true }),
    ),
    bare ? null : h('div', { className: 'll-boot-nav', 'aria-hidden': true }, ...Array.from({ length: 14 }, (_, index) => h('div', { key: index }))),
    h('div', { className: 'll-boot-main' }, h(ScreenSkeleton, null)),
  );
}

/** The blocking script in index.html's <head>: marks the page before its first paint (see above). */
export function bootHintScript(authTokenKey: string): string {
  return `(function(){var h=document.documentElement;try{var t=localStorage.getItem(${JSON.stringify(authTokenKey)});if(!(t&&t.trim()))h.setAttribute('data-signed-out','')}catch(e){h.setAttribute('data-signed-out','')}if(${BARE_BOOT_PATHS.toString()}.test(location.pathname))h.setAttribute('data-boot-bare','')})();\n`;
}
