import { render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { bootShell, BOOT_SHELL_END, BOOT_SHELL_START } from '@scripts/vite-boot-shell';
import { AUTH_TOKEN_KEY } from '@/entities/session';
import { BARE_BOOT_PATHS, BootShell, bootHintScript } from './boot-shell';

/** Runs the hint as the browser would before the first paint, at `path` with `token` stored (or nothing). */
function runHint(path: string, token: string | null) {
  const html = document.documentElement;
  html.removeAttribute('data-signed-out');
  html.removeAttribute('data-boot-bare');
  window.history.replaceState(null, '', path);
  if (token === null) localStorage.removeItem(AUTH_TOKEN_KEY);
  else localStorage.setItem(AUTH_TOKEN_KEY, token);
  new Function(bootHintScript(AUTH_TOKEN_KEY))();
  return { signedOut: html.hasAttribute('data-signed-out'), bare: html.hasAttribute('data-boot-bare') };
}

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the boot hint (before the first paint)', () => {
  it('shows the shell to someone signed in and hides it from someone signed out', () => {
    expect(runHint('/leads', 'a-token')).toEqual({ signedOut: false, bare: false });
    expect(runHint('/leads', null)).toEqual({ signedOut: true, bare: false });
    expect(runHint('/leads', '   ')).toEqual({ signedOut: true, bare: false });
  });

  it('leaves the navigation out on the screens outside the shell', () => {
    expect(runHint('/onboarding', 'a-token').bare).toBe(true);
    expect(runHint('/jobber-oauth', 'a-token').bare).toBe(true);
    expect(runHint('/google-oauth-cal', 'a-token').bare).toBe(true);
    expect(runHint('/settings/company', 'a-token').bare).toBe(false);
    expect(runHint('/onboarding-notes', 'a-token').bare).toBe(false);
  });

  it('reads the key the session is stored under', () => {
    expect(bootHintScript(AUTH_TOKEN_KEY)).toContain(JSON.stringify(AUTH_TOKEN_KEY));
    expect(BARE_BOOT_PATHS.test('/onboarding/')).toBe(true);
  });
});

describe('BootShell', () => {
  it('is the header, the navigation’s place and the screen’s skeleton with the spec’s spinner (md)', () => {
    const { container } = render(createElement(BootShell));
    expect(within(container.querySelector('header')!).getByText('LeadLoop')).toBeInTheDocument();
    expect(container.querySelector('.ll-boot-nav')).not.toBeNull();
    const spinner = screen.getByRole('status', { name: 'Loading…' });
    expect(spinner).toHaveAttribute('data-size', 'md');
    expect(screen.getByTestId('screen-skeleton')).toHaveAttribute('aria-busy', 'true');
  });

  it('has no navigation outside the shell', () => {
    const { container } = render(createElement(BootShell, { bare: true }));
    expect(container.querySelector('.ll-boot-nav')).toBeNull();
    expect(container.querySelector('.ll-boot-burger')).toBeNull();
  });
});

describe('the build’s index.html', () => {
  const plugin = bootShell();
  const transform = (html: string) => {
    const hook = plugin.transformIndexHtml as { handler: (html: string) => string };
    return hook.handler(html);
  };
  const INDEX = '<html><head><title>LeadLoop</title></head><body><div id="root"></div></body></html>';

  it('paints the same picture the app renders while it loads, with its CSS and the hint before it', () => {
    const html = transform(INDEX);
    expect(html).toContain(`<div id="root">${BOOT_SHELL_START}${renderToStaticMarkup(createElement(BootShell))}${BOOT_SHELL_END}</div>`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<script src="\/assets\/boot-hint-[0-9a-f]{10}\.js"><\/script>\s*<style>[^<]*\.ll-boot/);
  });

  it('refuses an index.html whose #root is not empty (the picture would be lost)', () => {
    expect(() => transform(INDEX.replace('<div id="root"></div>', '<div id="root">x</div>'))).toThrow(/no empty <div id="root"><\/div>/);
  });
});
