import { createElement as h, type ReactElement } from 'react';

/**
 * The skeleton of a screen while its code and data load: where the title, its line and the content will be, and
 * the spec's spinner (md, 32 px) saying it is loading. Plain elements and classes, no Mantine and no imports
 * beyond React: the build renders the same markup into index.html (scripts/vite-boot-shell.ts), so the first
 * paint of a signed-in screen and the app's own placeholder are one picture. The CSS is in <head> from that first
 * paint on (SCREEN_SKELETON_CSS, injected by the build), so it is there whenever the app renders this.
 */
export const SCREEN_SKELETON_CSS = [
  '.ll-sk{display:flex;flex-direction:column;gap:12px;padding-top:4px}',
  '.ll-sk-bar{background:#e9ecef;border-radius:6px;animation:ll-sk-pulse 1.6s ease-in-out infinite}',
  '.ll-sk-title{height:32px;width:min(260px,60%)}',
  '.ll-sk-line{height:14px;width:min(440px,85%);margin-bottom:12px}',
  '.ll-sk-block{height:96px;border-radius:10px}',
  '.ll-sk-block:last-child{height:160px}',
  // The spec's spinner, md (8 units of 4 px), in the theme's primary colour (teal 7).
  '.ll-sk-spinner{align-self:center;box-sizing:border-box;width:32px;height:32px;margin:8px 0;border:3px solid #c3fae8;border-top-color:#0ca678;border-radius:50%;animation:ll-sk-spin .8s linear infinite}',
  '@keyframes ll-sk-spin{to{transform:rotate(360deg)}}',
  '@keyframes ll-sk-pulse{50%{opacity:.55}}',
  '@media (prefers-reduced-motion:reduce){.ll-sk-bar{animation:none}.ll-sk-spinner{animation-duration:2.4s}}',
].join('');

const bar = (kind: string) => h('div', { className: `ll-sk-bar ${kind}`, 'aria-hidden': true });

export function ScreenSkeleton({ label = 'Loading…' }: { label?: string }): ReactElement {
  return h(
    'div',
    { className: 'll-sk', 'aria-busy': true, 'data-testid': 'screen-skeleton' },
    bar('ll-sk-title'),
    bar('ll-sk-line'),
    h('div', { className: 'll-sk-spinner', role: 'status', 'aria-label': label, 'data-size': 'md' }),
    bar('ll-sk-block'),
    bar('ll-sk-block'),
  );
}
