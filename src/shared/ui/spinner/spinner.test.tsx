import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner, spinnerPixels } from './spinner';

describe('Spinner', () => {
  it('has the spec sizes in 4 px units: xs 4, sm 6, md 8 (default), lg 12, xl 16', () => {
    expect([spinnerPixels('xs'), spinnerPixels('sm'), spinnerPixels(), spinnerPixels('lg'), spinnerPixels('xl')]).toEqual([16, 24, 32, 48, 64]);
  });

  it('renders an announced loader, md by default', () => {
    render(
      <MantineProvider env="test">
        <Spinner />
      </MantineProvider>,
    );
    const spinner = screen.getByRole('status', { name: 'Loading…' });
    expect(spinner).toHaveAttribute('data-size', 'md');
    expect(spinner.getAttribute('style')).toContain('2rem'); // 32 px
  });
});
