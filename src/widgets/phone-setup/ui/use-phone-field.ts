import { useState } from 'react';
import { INVALID_US_CA_PHONE_MESSAGE, parseSignupPhone } from '@/shared/lib/phone';

/**
 * A US/Canadian phone field checked on submit: its error shows only once someone tried to send a number that is
 * not one. An optional field may also be sent empty.
 */
export function usePhoneField(initial = '', { optional = false } = {}) {
  const [value, setValue] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const parsed = parseSignupPhone(value);
  const invalid = optional ? value !== '' && !parsed : !parsed;
  return {
    value,
    setValue,
    /** The number in E.164; null while the field is empty or invalid. */
    e164: parsed?.e164 ?? null,
    invalid,
    error: submitted && invalid ? INVALID_US_CA_PHONE_MESSAGE : undefined,
    markSubmitted: () => setSubmitted(true),
    clear: () => {
      setValue('');
      setSubmitted(false);
    },
  };
}
