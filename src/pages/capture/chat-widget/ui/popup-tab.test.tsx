import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, renderScreen } from '@/shared/lib/test';
import { ChatWidgetLayout } from './chat-widget-layout';
import { PopupTab } from './popup-tab';
import { WIDGET, widgetApi } from './test-fixtures';

const renderPopup = async (api = widgetApi()) => {
  await renderScreen(ChatWidgetLayout, { path: '/chat-widget/popup', children: { 'chat-widget/popup': PopupTab }, api });
  return api;
};
const theForm = () => screen.findByRole('form', { name: 'When it opens' });

describe('Chat widget → Popup', () => {
  it('loads the saved popup; says the widget is off', async () => {
    await renderPopup(widgetApi({}, { popup: { ...WIDGET.popup, enabled: true, trigger: 'scroll', scrollPercent: 40, excludePaths: ['/careers'] } }));
    const form = await theForm();
    expect(within(form).getByRole('switch', { name: /Show a popup/ })).toBeChecked();
    expect(within(form).getByRole('radio', { name: /After scrolling down/ })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: /Share of the page scrolled/ })).toHaveValue('40');
    expect(within(form).queryByRole('textbox', { name: /Seconds on the page/ })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Never on these pages/ })).toHaveValue('/careers');
    expect(within(form).getByText('The chat widget is off')).toBeInTheDocument();
  });

  it('saves the trigger, the page rules and the cap with the version', async () => {
    const api = await renderPopup();
    const form = await theForm();
    await userEvent.click(within(form).getByRole('switch', { name: /Show a popup/ }));
    await userEvent.click(within(form).getByRole('radio', { name: /When they’re about to leave/ }));
    await userEvent.click(within(form).getByRole('textbox', { name: /Only on these pages/ }));
    await userEvent.paste('/services\n/pricing');
    const days = within(form).getByRole('textbox', { name: /at most once every/ });
    await userEvent.clear(days);
    await userEvent.paste('3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save popup' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/✓ Saved at/));
    expect(api.callsTo('widget.settings.update')).toEqual([
      { expectedVersion: 3, popup: { enabled: true, trigger: 'exit_intent', delaySeconds: 15, scrollPercent: 50, includePaths: ['/services', '/pricing'], excludePaths: [], frequencyDays: 3 } },
    ]);
  });

  it('a page rule without / is caught before sending; the server’s error shows under its list', async () => {
    const api = await renderPopup(
      widgetApi({
        'widget.settings.update': () => {
          throw apiError('BAD_REQUEST', 'Invalid input', { 'popup.excludePaths.0': ['Page rules start with / (e.g. /services or /blog/*)'] });
        },
      }),
    );
    const form = await theForm();
    const include = within(form).getByRole('textbox', { name: /Only on these pages/ });
    await userEvent.click(include);
    await userEvent.paste('services');
    await userEvent.click(within(form).getByRole('button', { name: 'Save popup' }));
    expect(include).toHaveAccessibleDescription(expect.stringContaining('page rules start with /'));
    expect(api.callsTo('widget.settings.update')).toEqual([]);

    await userEvent.clear(include);
    const exclude = within(form).getByRole('textbox', { name: /Never on these pages/ });
    await userEvent.click(exclude);
    await userEvent.paste('/jobs');
    await userEvent.click(within(form).getByRole('button', { name: 'Save popup' }));
    await waitFor(() => expect(exclude).toHaveAccessibleDescription(expect.stringContaining('Page rules start with /')));
  });

  it('a version conflict: “Changed elsewhere — reload”', async () => {
    await renderPopup(
      widgetApi({
        'widget.settings.update': () => {
          throw apiError('CONFLICT', 'Someone else saved the widget settings after you opened them.');
        },
      }),
    );
    const form = await theForm();
    await userEvent.click(within(form).getByRole('switch', { name: /Show a popup/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save popup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Changed elsewhere — reload');
  });

  it('staff: read-only, no Save', async () => {
    await renderPopup(widgetApi({}, { canEdit: false }));
    const form = await theForm();
    expect(within(form).getByRole('switch', { name: /Show a popup/ })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save popup' })).not.toBeInTheDocument();
  });
});
