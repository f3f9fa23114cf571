import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError } from '@/shared/lib/test';
import { JANE_ID, renderInbox, resetInbox, thread, threadPath } from './inbox-test-kit';

afterEach(resetInbox);

const templates = [
  { id: 't1', name: 'Running late', body: 'Hi {first_name}, running 15 minutes late. Sorry!' },
  { id: 't2', name: 'Our hours', body: 'We are open 8–6, Monday to Saturday.' },
];

const sent = (input: unknown) => ({ id: 'm-new', status: 'queued', problem: null, input });

async function messageBox() {
  return screen.findByRole('textbox', { name: 'Text to Jane Cooper' });
}

describe('sending', () => {
  it('sends with Enter and clears the box; replying takes over from the AI, and the box says so before and after', async () => {
    let mode: 'ai' | 'human' = 'ai';
    const { api, user } = await renderInbox(
      {
        'conversations.get': () => thread({ mode }),
        'conversations.send': (input) => {
          mode = 'human';
          return sent(input);
        },
      },
      threadPath(),
    );
    const box = await messageBox();
    expect(screen.getByText('Sending a reply takes over from the AI: it stays quiet here until you hand the conversation back.')).toBeInTheDocument();
    await user.type(box, 'On my way{Enter}');
    await waitFor(() => expect(api.callsTo('conversations.send')).toEqual([{ conversationId: JANE_ID, body: 'On my way' }]));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByText('You’re in control — the AI stays quiet in this thread.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Sending a reply takes over/)).not.toBeInTheDocument();
    // The header followed: the team has the thread, and may hand it back.
    expect(within(screen.getByTestId('who-replies')).getByText('You’re in control')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hand back to AI' })).toBeInTheDocument();
  });

  it('makes a new line with Shift+Enter and also sends with Ctrl+Enter or the button', async () => {
    const { api, user } = await renderInbox({ 'conversations.send': sent }, threadPath());
    const box = await messageBox();
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(api.callsTo('conversations.send')).toEqual([]);
    await user.type(box, '{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsTo('conversations.send')).toEqual([{ conversationId: JANE_ID, body: 'Line one\nLine two' }]));
    await waitFor(() => expect(box).toHaveValue(''));

    await user.type(box, 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo('conversations.send')).toHaveLength(2));
  });

  it('does not send an empty box', async () => {
    const { api, user } = await renderInbox({ 'conversations.send': sent }, threadPath());
    const box = await messageBox();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, '   {Enter}');
    expect(api.callsTo('conversations.send')).toEqual([]);
  });

  it('keeps the words and shows why when the text was not sent', async () => {
    const { user } = await renderInbox(
      { 'conversations.send': () => ({ id: 'm-new', status: 'blocked', problem: 'Jane Cooper opted out by texting STOP. LeadLoop won’t text them unless they reply START.' }) },
      threadPath(),
    );
    const box = await messageBox();
    await user.type(box, 'Are you still interested?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not sent');
    expect(alert).toHaveTextContent('Jane Cooper opted out by texting STOP.');
    expect(box).toHaveValue('Are you still interested?');
  });

  it('shows the server’s error and keeps the words', async () => {
    const { user } = await renderInbox(
      {
        'conversations.send': () => {
          throw apiError('PRECONDITION_FAILED', 'This thread’s business number is no longer active. Set up your number in Settings → Phone.');
        },
      },
      threadPath(),
    );
    const box = await messageBox();
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Couldn’t sendThis thread’s business number is no longer active.');
    expect(box).toHaveValue('Hello');
  });

  it('counts characters and segments, and refuses more than 1600', async () => {
    const { user } = await renderInbox({}, threadPath());
    const box = await messageBox();
    expect(screen.getByText('0/1600 · 0 segments')).toBeInTheDocument();
    await user.click(box);
    await user.paste('x'.repeat(161));
    expect(screen.getByText('161/1600 · 2 segments')).toBeInTheDocument();
    await user.paste('x'.repeat(1440));
    expect(screen.getByText('1601/1600 · 11 segments')).toBeInTheDocument();
    expect(screen.getByText('Texts are at most 1600 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('keeps an unsent reply when switching threads', async () => {
    const { user, router } = await renderInbox({}, threadPath());
    await user.type(await messageBox(), 'Half-written reply');
    await router.navigate({ to: '/conversations', search: {} });
    await screen.findByRole('heading', { name: 'No conversation open' });
    await router.navigate({ to: '/conversations', search: { c: JANE_ID } });
    expect(await messageBox()).toHaveValue('Half-written reply');
  });
});

describe('clients who can’t be texted', () => {
  it('turns the composer off with a banner when the client opted out', async () => {
    const optedOutAt = new Date(2026, 10, 2, 15, 0).getTime();
    const { api } = await renderInbox({ 'conversations.get': () => thread({ contact: { optedOut: true, optedOutAt } }) }, threadPath());
    const box = await messageBox();
    expect(screen.getByText('Jane Cooper opted out on Nov 2, 2026. LeadLoop won’t text them unless they reply START.')).toBeInTheDocument();
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Templates' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Merge tags' })).toBeDisabled();
    expect(api.callsTo('conversations.send')).toEqual([]);
  });

  it('explains a blocked client', async () => {
    await renderInbox({ 'conversations.get': () => thread({ contact: { blocked: true } }) }, threadPath());
    expect(await screen.findByText(/You blocked Jane Cooper, so LeadLoop doesn’t text them/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open client page' })).toHaveAttribute('href', '/clients/c-jane');
    expect(await messageBox()).toBeDisabled();
  });

  it('explains an inactive business number', async () => {
    await renderInbox({ 'conversations.get': () => thread({ businessNumberActive: false }) }, threadPath());
    expect(await screen.findByText(/business number is no longer active/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up your number in Settings → Phone' })).toHaveAttribute('href', '/settings/phone');
    expect(await messageBox()).toBeDisabled();
  });
});

describe('templates and merge tags', () => {
  it('inserts a template’s text at the caret', async () => {
    const { user } = await renderInbox({ 'conversations.templates.list': () => templates }, threadPath());
    const box = await messageBox();
    await user.type(box, 'Quick note: ');
    await user.click(screen.getByRole('button', { name: 'Templates' }));
    await user.click(await screen.findByRole('menuitem', { name: /Running late/ }));
    expect(box).toHaveValue('Quick note: Hi {first_name}, running 15 minutes late. Sorry!');
  });

  it('inserts a merge tag where the caret is', async () => {
    const { user } = await renderInbox({}, threadPath());
    const box = (await messageBox()) as HTMLTextAreaElement;
    await user.type(box, 'Hi , see you soon');
    box.setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Merge tags' }));
    await user.click(await screen.findByRole('menuitem', { name: /\{first_name\}/ }));
    expect(box).toHaveValue('Hi {first_name}, see you soon');
    expect(box.selectionStart).toBe('Hi {first_name}'.length);
  });

  it('flags an unknown merge tag before sending', async () => {
    const { api, user } = await renderInbox({ 'conversations.send': sent }, threadPath());
    await user.type(await messageBox(), 'Hi {{frist_name}!{Enter}');
    expect(screen.getByText(/^Unknown merge tag: \{frist_name\}\. Available: \{first_name\}, \{last_name\}/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(api.callsTo('conversations.send')).toEqual([]);
  });
});

describe('managing templates', () => {
  async function openManager(handlers: Parameters<typeof renderInbox>[0] = {}) {
    const rendered = await renderInbox(handlers, threadPath());
    await messageBox();
    await rendered.user.click(screen.getByRole('button', { name: 'Templates' }));
    await rendered.user.click(await screen.findByRole('menuitem', { name: 'Manage templates…' }));
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Message templates' }) };
  }

  it('checks merge tags and required fields before saving, then saves', async () => {
    const { api, user, dialog } = await openManager({ 'conversations.templates.save': (input) => ({ id: 't9', ...(input as object) }) });
    const body = within(dialog).getByRole('textbox', { name: 'Template text' });
    await user.type(body, 'Hi {{frist_name}');
    expect(within(dialog).getByText(/^Unknown merge tag: \{frist_name\}\. Available:/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(within(dialog).getByText('Name the template')).toBeInTheDocument();
    expect(api.callsTo('conversations.templates.save')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Greeting');
    await user.clear(body);
    await user.type(body, 'Hi {{first_name}, thanks for texting {{business_name}!');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(api.callsTo('conversations.templates.save')).toEqual([{ name: 'Greeting', body: 'Hi {first_name}, thanks for texting {business_name}!' }]),
    );
    expect(await screen.findByText('Template “Greeting” saved')).toBeInTheDocument();
  });

  it('shows the server’s error when it refuses', async () => {
    const { user, dialog } = await openManager({
      'conversations.templates.save': () => {
        throw apiError('BAD_REQUEST', 'Invalid input', { body: ['Texts are at most 1600 characters'] });
      },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Long one');
    await user.type(within(dialog).getByRole('textbox', { name: 'Template text' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('Texts are at most 1600 characters')).toBeInTheDocument();
  });

  it('edits and deletes a template', async () => {
    const { api, user, dialog } = await openManager({
      'conversations.templates.list': () => templates,
      'conversations.templates.save': (input) => input,
      'conversations.templates.remove': (input) => input,
    });
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Running late' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Running late');
    await user.clear(name);
    await user.type(name, 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('conversations.templates.save')).toEqual([{ id: 't1', name: 'Late', body: templates[0]!.body }]));

    await user.click(within(dialog).getByRole('button', { name: 'Delete Our hours' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('conversations.templates.remove')).toEqual([{ id: 't2' }]));
  });
});
