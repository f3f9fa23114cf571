import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { ChatWidgetLayout } from './chat-widget-layout';
import { FormEmbedTab } from './form-embed-tab';
import { WIDGET, widgetApi } from './test-fixtures';

const renderFormEmbed = async (api = widgetApi()) => {
  await renderScreen(ChatWidgetLayout, { path: '/chat-widget/form-embed', children: { 'chat-widget/form-embed': FormEmbedTab }, api });
  return api;
};
const theForm = () => screen.findByRole('form', { name: 'Form fields' });

describe('Chat widget → Form embed', () => {
  it('loads the fields, the consent text, the first text with its filled preview and count, and the form code', async () => {
    await renderFormEmbed();
    const form = await theForm();
    expect(within(form).getByRole('switch', { name: 'Show Message' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Show Service needed' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Message is required' })).not.toBeChecked();
    expect(within(form).queryByRole('checkbox', { name: 'Service needed is required' })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Consent text' })).toHaveValue(WIDGET.consentText);
    await waitFor(() => expect(screen.getByTestId('template-preview')).toHaveTextContent('Hi Sam, thanks for reaching Acme Plumbing!'));
    const preview = screen.getByTestId('template-preview').textContent ?? '';
    expect(screen.getByTestId('template-count')).toHaveTextContent(`${preview.length} characters · 1 text segment`);
    expect(screen.getByLabelText('Form code')).toHaveTextContent(`<div data-leadloop-form></div> <script src="${WIDGET.scriptUrl}" data-key="${WIDGET.publicKey}" async></script>`);
  });

  it('the count follows the edit; a merge tag is inserted; Save sends the fields, the texts and the version', async () => {
    const api = await renderFormEmbed();
    const form = await theForm();
    await userEvent.click(within(form).getByRole('switch', { name: 'Show Service needed' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Service needed is required' }));
    const first = within(form).getByRole('textbox', { name: /First text to the visitor/ });
    await userEvent.clear(first);
    await userEvent.paste('Thanks ');
    await userEvent.click(within(form).getByRole('button', { name: '{first_name}' }));
    await waitFor(() => expect(first).toHaveValue('Thanks {first_name}'));
    expect(screen.getByTestId('template-preview')).toHaveTextContent('Thanks Sam');
    expect(screen.getByTestId('template-count')).toHaveTextContent('10 characters · 1 text segment');
    await userEvent.click(within(form).getByRole('button', { name: 'Save form settings' }));

    await waitFor(() => expect(api.callsTo('widget.settings.update')).toHaveLength(1));
    expect(api.callsTo('widget.settings.update')[0]).toEqual({
      expectedVersion: 3,
      formFields: { ...WIDGET.formFields, service: { shown: true, required: true } },
      consentText: WIDGET.consentText,
      firstTextTemplate: 'Thanks {first_name}',
    });
  });

  it('an unknown merge tag is caught before sending; the server’s error shows under the consent text', async () => {
    const api = await renderFormEmbed(
      widgetApi({
        'widget.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { consentText: ['The consent text must be at least 20 characters'] });
        },
      }),
    );
    const form = await theForm();
    const first = within(form).getByRole('textbox', { name: /First text to the visitor/ });
    await userEvent.click(first);
    await userEvent.paste(' {nickname}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save form settings' }));
    expect(first).toHaveAccessibleDescription(expect.stringContaining('Unknown merge tag: {nickname}'));
    expect(api.callsTo('widget.settings.update')).toEqual([]);

    await userEvent.clear(first);
    await userEvent.paste('Hi {first_name}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save form settings' }));
    const consent = within(form).getByRole('textbox', { name: 'Consent text' });
    await waitFor(() => expect(consent).toHaveAccessibleDescription(expect.stringContaining('at least 20 characters')));
  });

  it('a version conflict: “Changed elsewhere — reload”', async () => {
    await renderFormEmbed(
      widgetApi({
        'widget.settings.update': () => {
          throw apiError('CONFLICT', 'Someone else saved the widget settings after you opened them. Reload to see their changes.');
        },
      }),
    );
    const form = await theForm();
    await userEvent.click(within(form).getByRole('switch', { name: 'Show Service needed' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save form settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Changed elsewhere — reload');
    expect(within(alert).getByRole('button', { name: 'Reload settings' })).toBeInTheDocument();
  });

  it('staff: read-only, no merge-tag buttons, no Save', async () => {
    await renderFormEmbed(widgetApi({}, { canEdit: false }));
    const form = await theForm();
    expect(within(form).getByText(/Only the owner or an admin can change the website widget/)).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'Show Message' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Consent text' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: '{first_name}' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Save form settings' })).not.toBeInTheDocument();
  });
});
