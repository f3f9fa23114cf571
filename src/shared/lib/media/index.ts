import { useMediaQuery } from '@mantine/hooks';

/** A phone-sized window (below Mantine's `sm`, 768 px): lists become cards and filters fold behind one button. */
export const PHONE_MEDIA = '(max-width: 48em)';

/** Whether the phone layout applies; read synchronously on the first render so nothing flashes from table to cards. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_MEDIA, false, { getInitialValueInEffect: false });
}
