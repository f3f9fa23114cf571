import { Anchor, Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isEmail } from '@/shared/lib/email';
import { INVALID_US_CA_PHONE_MESSAGE, parseSignupPhone } from '@/shared/lib/phone';
import { PhoneInput } from '@/shared/ui/phone-input';
import type { RegistrationPayload } from '../model/auth-flow.types';

export const REGISTER_TITLE = 'Start Your Free 14-Day Trial';
export const TERMS_REQUIRED_MESSAGE = 'You must agree to the Terms of Service and Privacy Policy';

export interface RegisterFormProps {
  initialEmail: string;
  referralCode: string | null;
  /** `document.referrer` of the landing. */
  referrer: string;
  /** Every query-string parameter of the landing page; undefined when there are none. */
  params: Record<string, string> | undefined;
  busy: boolean;
  termsUrl: string;
  privacyUrl: string;
  onSubmit: (payload: RegistrationPayload) => void;
}

interface Fields {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
}

type Errors = Partial<Record<keyof Fields, string>>;

function validate(fields: Fields, phoneTouched: boolean): Errors {
  const errors: Errors = {};
  if (!fields.email.trim()) errors.email = 'Email is required';
  else if (!isEmail(fields.email.trim())) errors.email = 'Enter a valid email address';
  if (!fields.firstName.trim()) errors.firstName = 'First name is required';
  if (!fields.lastName.trim()) errors.lastName = 'Last name is required';
  if (!fields.companyName.trim()) errors.companyName = 'Company name is required';
  if (phoneTouched && fields.phone && !parseSignupPhone(fields.phone)) errors.phone = INVALID_US_CA_PHONE_MESSAGE;
  return errors;
}

export function RegisterForm({ initialEmail, referralCode, referrer, params, busy, termsUrl, privacyUrl, onSubmit }: RegisterFormProps) {
  const [fields, setFields] = useState<Fields>({ email: initialEmail, firstName: '', lastName: '', companyName: '', phone: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof Fields | 'terms', boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);

  const errors = validate(fields, true);
  const visible = (field: keyof Fields) => (submitted || touched[field] ? errors[field] : undefined);
  const requiredFilled = !errors.email && !errors.firstName && !errors.lastName && !errors.companyName;
  // Tell people why the button is disabled once that is the only thing missing, or once they untick the box.
  const termsError = !termsAccepted && (touched.terms || requiredFilled) ? TERMS_REQUIRED_MESSAGE : undefined;

  const set = (field: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [field]: value }));
  const touch = (field: keyof Fields | 'terms') => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!termsAccepted || busy || Object.keys(errors).length > 0) return;
    const phone = fields.phone ? parseSignupPhone(fields.phone) : null;
    onSubmit({
      email: fields.email.trim(),
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      companyName: fields.companyName.trim(),
      ...(referralCode ? { referralCode } : {}),
      signupPhone: phone ? phone.e164 : null,
      referrer,
      ...(params ? { params } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="register-title">
      <Stack gap="sm">
        <Title order={2} id="register-title">
          {REGISTER_TITLE}
        </Title>
        <Text c="dimmed" size="sm">
          No credit card required. Your first text-back goes out in minutes.
        </Text>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          onBlur={touch('email')}
          error={visible('email')}
          data-autofocus
        />
        <TextInput
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={fields.firstName}
          onChange={(e) => set('firstName')(e.currentTarget.value)}
          onBlur={touch('firstName')}
          error={visible('firstName')}
        />
        <TextInput
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={fields.lastName}
          onChange={(e) => set('lastName')(e.currentTarget.value)}
          onBlur={touch('lastName')}
          error={visible('lastName')}
        />
        <TextInput
          label="Company name"
          name="companyName"
          autoComplete="organization"
          required
          value={fields.companyName}
          onChange={(e) => set('companyName')(e.currentTarget.value)}
          onBlur={touch('companyName')}
          error={visible('companyName')}
        />
        <PhoneInput
          label="Phone (optional)"
          description="US or Canadian mobile number"
          name="signupPhone"
          value={fields.phone}
          onChange={set('phone')}
          onBlur={touch('phone')}
          error={visible('phone')}
          reserveErrorSpace
        />
        {referralCode ? <TextInput label="Referral code" name="referralCode" value={referralCode} readOnly /> : null}
        <Checkbox
          name="terms"
          checked={termsAccepted}
          onChange={(e) => {
            setTermsAccepted(e.currentTarget.checked);
            touch('terms')();
          }}
          error={termsError}
          label={
            <>
              I agree to the{' '}
              <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" inherit>
                Terms of Service
              </Anchor>{' '}
              and{' '}
              <Anchor href={privacyUrl} target="_blank" rel="noopener noreferrer" inherit>
                Privacy Policy
              </Anchor>
              , and to receive SMS messages from LeadLoop about my trial and product updates. Message frequency varies;
              message and data rates may apply. Reply STOP to cancel.
            </>
          }
        />
        <Button type="submit" size="md" fullWidth disabled={!termsAccepted} loading={busy}>
          Start Free Trial
        </Button>
      </Stack>
    </form>
  );
}
