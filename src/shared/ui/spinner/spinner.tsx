import { Center, Loader } from '@mantine/core';

/** Spec sizes in units of 4 px: xs 4, sm 6, md 8 (default), lg 12, xl 16. */
export const SPINNER_UNITS = { xs: 4, sm: 6, md: 8, lg: 12, xl: 16 } as const;
export const SPINNER_UNIT_PX = 4;
export type SpinnerSize = keyof typeof SPINNER_UNITS;

export function spinnerPixels(size: SpinnerSize = 'md'): number {
  return SPINNER_UNITS[size] * SPINNER_UNIT_PX;
}

export function Spinner({ size = 'md', label = 'Loading…' }: { size?: SpinnerSize; label?: string }) {
  return (
    <Loader size={spinnerPixels(size)} role="status" aria-label={label} data-size={size} />
  );
}

/** A spinner centred in the space of a screen that is still loading. */
export function ScreenSpinner({ size = 'md' }: { size?: SpinnerSize }) {
  return (
    <Center mih={240} h="100%" w="100%">
      <Spinner size={size} />
    </Center>
  );
}
