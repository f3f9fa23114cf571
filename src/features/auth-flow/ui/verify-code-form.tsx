import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';

export const VERIFY_TITLE = 'Enter Verification Code';

export function resendLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `Resend (${secondsLeft}s)` : 'Resend';
}

export interface VerifyCodeFormProps {
  email: string;
  verifying: boolean;
  resending: boolean;
  secondsLeft: number;
  onSubmit: (code: string) => void;
  onResend: () => void;
}

export function VerifyCodeForm({ email, verifying, resending, secondsLeft, onSubmit, onResend }: VerifyCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setError('Enter the code from your email');
    setError(null);
    if (!verifying) onSubmit(value);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="verify-title">
      <Stack gap="sm">
        <Title order={2} id="verify-title">
          {VERIFY_TITLE}
        </Title>
        <Text size="sm">
          We sent a 6-digit code to <strong>{email}</strong>. It expires in 10 minutes.
        </Text>
        <TextInput
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={12}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          data-autofocus
          styles={{ input: { letterSpacing: '0.3em', fontSize: 'var(--mantine-font-size-lg)' } }}
        />
        <Group grow>
          <Button type="submit" size="md" loading={verifying} disabled={resending}>
            Verify
          </Button>
          <Button
            type="button"
            size="md"
            variant="default"
            onClick={onResend}
            disabled={secondsLeft > 0 || verifying}
            loading={resending}
          >
            {resendLabel(secondsLeft)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
