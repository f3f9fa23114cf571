import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ForwardingInstructions } from './forwarding-instructions';

const NUMBER = '+13125550100';

function renderInstructions(leadLoopNumber: string | null = NUMBER) {
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <ForwardingInstructions leadLoopNumber={leadLoopNumber} />
    </MantineProvider>,
  );
  return user;
}

async function choose(user: ReturnType<typeof userEvent.setup>, carrier: string) {
  await user.click(screen.getByRole('combobox', { name: 'Your business number is on' }));
  await user.click(screen.getByRole('option', { name: carrier }));
  return screen.getByRole('region', { name: `How to forward missed calls on ${carrier}` });
}

const rows = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.querySelector('code')?.textContent ?? cell.textContent));

describe('ForwardingInstructions', () => {
  it('lists every US and Canadian choice and shows no codes before one is picked', async () => {
    const user = renderInstructions();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Your business number is on' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'AT&T',
      'Verizon',
      'T-Mobile',
      'US Cellular',
      'Rogers',
      'Bell',
      'Telus',
      'Landline or VoIP',
      'Office phone system (PBX)',
    ]);
  });

  it('AT&T: the GSM codes with the LeadLoop number filled in, each with its cancel code, and honest about plans', async () => {
    const user = renderInstructions();
    const region = await choose(user, 'AT&T');
    expect(rows(region)).toEqual([
      [expect.stringContaining('recommended'), '**004*13125550100#', '##004#'],
      ['Only calls you don’t answer', '**61*13125550100#', '##61#'],
      ['Only when you’re on another call', '**67*13125550100#', '##67#'],
      ['Only when your phone is off or has no signal', '**62*13125550100#', '##62#'],
    ]);
    expect(region).toHaveTextContent('Codes vary by plan and phone. If a code doesn’t work, call AT&T and ask them to forward calls you don’t answer (and busy calls) to (312) 555-0100.');
  });

  it('Verizon: *71 and the ten digits, cancelled with *73', async () => {
    const user = renderInstructions();
    const region = await choose(user, 'Verizon');
    expect(rows(region)).toEqual([[expect.stringContaining('No Answer/Busy Transfer'), '*713125550100', '*73']]);
  });

  it('Telus (Canada) uses the GSM codes; a landline *92 / *90', async () => {
    const user = renderInstructions();
    expect(rows(await choose(user, 'Telus'))[1]).toEqual(['Only calls you don’t answer', '**61*13125550100#', '##61#']);
    expect(rows(await choose(user, 'Landline or VoIP'))).toEqual([
      [expect.stringContaining('don’t answer'), '*923125550100', '*93'],
      [expect.stringContaining('busy'), '*903125550100', '*91'],
    ]);
  });

  it('an office phone system: what to set, to which number, and no codes', async () => {
    const user = renderInstructions();
    const region = await choose(user, 'Office phone system (PBX)');
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
    expect(region).toHaveTextContent('Set “forward on no answer” to (312) 555-0100');
    expect(region).toHaveTextContent('“forward on busy” and “forward when unavailable”');
    expect(region).toHaveTextContent('voicemail doesn’t answer first');
  });

  it('copies a code to the clipboard and says so', async () => {
    const user = renderInstructions();
    await choose(user, 'T-Mobile');
    const copy = screen.getByRole('button', { name: 'Copy the code **61*13125550100#' });
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe('**61*13125550100#');
    expect(copy).toHaveTextContent('Copied');
    await user.click(screen.getByRole('button', { name: 'Copy the cancel code ##61#' }));
    expect(await navigator.clipboard.readText()).toBe('##61#');
  });

  it('without a LeadLoop number it says the codes need one instead of showing codes without it', () => {
    renderInstructions(null);
    expect(screen.getByText('Choose a business number first: the forwarding codes include it.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
