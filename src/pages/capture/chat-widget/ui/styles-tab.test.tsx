import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { ChatWidgetLayout } from './chat-widget-layout';
import { StylesTab } from './styles-tab';
import { NO_NUMBER, stubEmbedScript, WIDGET, widgetApi } from './test-fixtures';

const renderStyles = async (api = widgetApi()) => {
  await renderScreen(ChatWidgetLayout, { path: '/chat-widget/styles', children: { 'chat-widget/styles': StylesTab }, api });
  return api;
};
const styleForm = () => screen.findByRole('form', { name: 'On your website' });

afterEach(() => vi.unstubAllGlobals());

describe('Chat widget → Styles', () => {
  it('loads the saved settings, with the code to paste holding the public key and the script address', async () => {
    stubEmbedScript(false);
    await renderStyles(widgetApi({}, { allowedDomains: ['acme.test', '*.acme.test'], greeting: 'Hello from Acme' }));
    const form = await styleForm();
    expect(within(form).getByRole('textbox', { name: 'Websites allowed to show the widget' })).toHaveValue('acme.test\n*.acme.test');
    expect(within(form).getByRole('textbox', { name: 'Greeting' })).toHaveValue('Hello from Acme');
    expect(within(form).getByRole('switch', { name: /Show the chat widget on my website/ })).not.toBeChecked();
    expect(screen.getByLabelText('Widget code')).toHaveTextContent(`<script src="${WIDGET.scriptUrl}" data-key="${WIDGET.publicKey}" async></script>`);
    expect(screen.getByRole('button', { name: 'Copy widget code' })).toBeEnabled();
  });

  it('saves what the tab shows with the version it read', async () => {
    stubEmbedScript(false);
    const api = await renderStyles();
    const form = await styleForm();
    await userEvent.click(within(form).getByRole('switch', { name: /Show the chat widget on my website/ }));
    await userEvent.click(within(form).getByRole('textbox', { name: 'Websites allowed to show the widget' }));
    await userEvent.paste('acme.test\n*.acme.test');
    const text = within(form).getByRole('textbox', { name: 'Button text' });
    await userEvent.clear(text);
    await userEvent.paste('Chat with us');
    await userEvent.click(within(form).getByRole('radio', { name: 'Bottom left' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/✓ Saved at/));
    expect(api.callsTo('widget.settings.update')).toEqual([
      {
        expectedVersion: 3,
        enabled: true,
        allowedDomains: ['acme.test', '*.acme.test'],
        greeting: WIDGET.greeting,
        appearance: { ...WIDGET.appearance, position: 'bottom_left', launcherText: 'Chat with us' },
      },
    ]);
  });

  it('sends a chosen picture with Save (base64), refuses one that is too big or not a picture, and removes a saved one', async () => {
    stubEmbedScript(false);
    const api = await renderStyles();
    const form = await styleForm();
    const group = within(form).getByRole('group', { name: 'Picture in the widget’s header' });
    expect(within(group).getByText('AP')).toBeInTheDocument();
    const input = group.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File(['x'.repeat(300 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent('at most 256 kB');
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }));
    expect(await within(group).findByText('logo.png: shown after you save.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));
    await waitFor(() => expect(api.callsTo('widget.settings.update')).toHaveLength(1));
    expect(api.callsTo('widget.settings.update')[0]).toMatchObject({ avatar: { contentType: 'image/png', data: btoa('\x89PNG') } });
  });

  it('offers to remove a saved picture, sending null', async () => {
    stubEmbedScript(false);
    const api = await renderStyles(widgetApi({}, { avatarHash: '0123456789abcdef', avatarUrl: 'https://app.leadloop.test/public/widget/avatar?key=k&h=0123456789abcdef' }));
    const form = await styleForm();
    const group = within(form).getByRole('group', { name: 'Picture in the widget’s header' });
    expect(within(group).getByRole('img', { name: 'Widget picture' })).toHaveAttribute('src', 'https://app.leadloop.test/public/widget/avatar?key=k&h=0123456789abcdef');
    await userEvent.click(within(group).getByRole('button', { name: 'Remove picture' }));
    expect(within(group).getByText(/Removed after you save/)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));
    await waitFor(() => expect(api.callsTo('widget.settings.update')).toHaveLength(1));
    expect(api.callsTo('widget.settings.update')[0]).toMatchObject({ avatar: null });
  });

  it('checks the domains before sending: a bad one, or none while turning it on', async () => {
    stubEmbedScript(false);
    const api = await renderStyles();
    const form = await styleForm();
    await userEvent.click(within(form).getByRole('switch', { name: /Show the chat widget on my website/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));
    const domains = within(form).getByRole('textbox', { name: 'Websites allowed to show the widget' });
    expect(domains).toHaveAccessibleDescription(expect.stringContaining('before turning it on'));
    await userEvent.click(domains);
    await userEvent.paste('not a site');
    expect(domains).toHaveAccessibleDescription(expect.stringContaining('“not a site” is not a website address'));
    expect(api.callsTo('widget.settings.update')).toEqual([]);
  });

  it('shows the server’s field error under its field', async () => {
    stubEmbedScript(false);
    await renderStyles(
      widgetApi({
        'widget.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { 'allowedDomains.0': ['“acme” is not a website address: use example.com or *.example.com'] });
        },
      }),
    );
    const form = await styleForm();
    const domains = within(form).getByRole('textbox', { name: 'Websites allowed to show the widget' });
    await userEvent.type(domains, 'acme.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));
    await waitFor(() => expect(domains).toHaveAccessibleDescription(expect.stringContaining('“acme” is not a website address')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a save over someone else’s newer one says so plainly, and Reload starts from the current settings', async () => {
    stubEmbedScript(false);
    let version = 3;
    const api = await renderStyles(
      widgetApi({
        'widget.settings.get': () => ({ ...WIDGET, version, greeting: version === 3 ? WIDGET.greeting : 'Their greeting' }),
        'widget.settings.update': () => {
          version = 4;
          throw apiError('CONFLICT', 'Someone else saved the widget settings after you opened them. Reload to see their changes.');
        },
      }),
    );
    const form = await styleForm();
    const greeting = within(form).getByRole('textbox', { name: 'Greeting' });
    await userEvent.clear(greeting);
    await userEvent.paste('My greeting');
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Changed elsewhere — reload');
    expect(alert).toHaveTextContent('Your changes were not saved');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload settings' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'On your website' })).getByRole('textbox', { name: 'Greeting' })).toHaveValue('Their greeting'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('widget.settings.update')[0]).toMatchObject({ expectedVersion: 3, greeting: 'My greeting' });
  });

  it('staff see the settings read-only, with the reason, and no Save; the code can still be copied', async () => {
    stubEmbedScript(false);
    await renderStyles(widgetApi({}, { canEdit: false }));
    const form = await styleForm();
    expect(within(form).getByText(/Only the owner or an admin can change the website widget/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Greeting' })).toBeDisabled();
    expect(within(form).getByRole('switch', { name: /Show the chat widget on my website/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save chat widget' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy widget code' })).toBeEnabled();
  });

  it('a refusal without a field (staff whose role changed meanwhile) shows above Save', async () => {
    stubEmbedScript(false);
    await renderStyles(
      widgetApi({
        'widget.settings.update': () => {
          throw apiError('FORBIDDEN', 'Only the owner or an admin can change the website widget.');
        },
      }),
    );
    const form = await styleForm();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Greeting' }), '!');
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner or an admin can change the website widget.');
  });

  it('preview: says plainly when the embed script is not on this server', async () => {
    const fetchMock = stubEmbedScript(false);
    await renderStyles(widgetApi({}, { enabled: true, allowedDomains: ['acme.test'] }));
    expect(await screen.findByText('The widget appears here once the embed is built')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/widget.js', expect.objectContaining({ method: 'HEAD' }));
    expect(screen.queryByTitle('Live preview of your chat widget')).not.toBeInTheDocument();
  });

  it('preview: a widget that is off is said to be off, not drawn', async () => {
    stubEmbedScript(true);
    await renderStyles();
    expect(await screen.findByText('The widget is off')).toBeInTheDocument();
    expect(screen.queryByTitle('Live preview of your chat widget')).not.toBeInTheDocument();
  });

  it('preview: the server’s sample page with the company’s key, reloaded by version after a save', async () => {
    stubEmbedScript(true);
    await renderStyles(widgetApi({}, { enabled: true, allowedDomains: ['acme.test'] }));
    const frame = await screen.findByTitle('Live preview of your chat widget');
    expect(frame).toHaveAttribute('src', `/public/widget/sample-page?key=${WIDGET.publicKey}&v=3`);
    const form = await styleForm();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Greeting' }), '!');
    await userEvent.click(within(form).getByRole('button', { name: 'Save chat widget' }));
    await waitFor(() => expect(screen.getByTitle('Live preview of your chat widget')).toHaveAttribute('src', `/public/widget/sample-page?key=${WIDGET.publicKey}&v=4`));
  });

  it('without a business number it says the widget needs one, above the settings', async () => {
    stubEmbedScript(false);
    await renderStyles(widgetApi({}, {}, NO_NUMBER));
    expect(await screen.findByRole('heading', { level: 2, name: 'The chat widget needs a business number' })).toBeInTheDocument();
    expect(await styleForm()).toBeInTheDocument();
  });
});
