import { Input } from '@mantine/core';
import CA from 'country-flag-icons/react/3x2/CA';
import US from 'country-flag-icons/react/3x2/US';
import { forwardRef, type InputHTMLAttributes, useId, useState } from 'react';
import PhoneNumberInput from 'react-phone-number-input/input-core';
import { phoneMetadata, SIGNUP_PHONE_COUNTRIES } from '@/shared/lib/phone';
import classes from './phone-input.module.css';

type PhoneCountry = (typeof SIGNUP_PHONE_COUNTRIES)[number];

/** Flags bundled with the app (the library's default loads them from a CDN, which our CSP forbids). */
const COUNTRIES: Record<PhoneCountry, { label: string; Flag: typeof US }> = {
  US: { label: 'United States', Flag: US },
  CA: { label: 'Canada', Flag: CA },
};

const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextField(props, ref) {
  return <Input ref={ref} {...(props as Record<string, unknown>)} classNames={{ wrapper: classes.field }} />;
});

export interface PhoneInputProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  name?: string;
  /** Marks the field as required (asterisk and `required`), like Mantine's own inputs. */
  required?: boolean;
  /**
   * Keeps one line free under the field for the error, so an error appearing on blur moves nothing below it (a
   * click on the next control, already under way, is not lost).
   */
  reserveErrorSpace?: boolean;
}

/**
 * A US/Canadian phone field (spec section 5): only US and CA selectable, US by default, no international option.
 * Its value is E.164 ("+14155550123"), or "" while empty. Built on react-phone-number-input's input-only core with
 * our own two-country select: the library's full country select costs 9 kB gzip on the sign-in page.
 */
export function PhoneInput({ label, description, value, onChange, onBlur, error, name, required = false, reserveErrorSpace = false }: PhoneInputProps) {
  const id = useId();
  const [country, setCountry] = useState<PhoneCountry>('US');
  const { Flag } = COUNTRIES[country];
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  return (
    <Input.Wrapper
      label={label}
      required={required}
      description={description}
      error={reserveErrorSpace ? undefined : error || undefined}
      id={id}
      errorProps={{ id: errorId }}
      descriptionProps={{ id: descriptionId }}
    >
      <div className={classes.root}>
        <div className={classes.country}>
          <Flag title={COUNTRIES[country].label} className={classes.flag} aria-hidden />
          <span className={classes.arrow} aria-hidden />
          <select
            className={classes.select}
            aria-label="Country"
            value={country}
            onChange={(event) => setCountry(event.currentTarget.value as PhoneCountry)}
          >
            {SIGNUP_PHONE_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {COUNTRIES[code].label} (+1)
              </option>
            ))}
          </select>
        </div>
        <PhoneNumberInput
          id={id}
          name={name}
          value={value || undefined}
          onChange={(next) => onChange(next ?? '')}
          onBlur={onBlur}
          country={country}
          international={false}
          metadata={phoneMetadata}
          inputComponent={TextField}
          autoComplete="tel-national"
          type="tel"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined}
        />
      </div>
      {reserveErrorSpace ? (
        <Input.Error id={errorId} className={classes.reservedError}>
          {error || null}
        </Input.Error>
      ) : null}
    </Input.Wrapper>
  );
}
