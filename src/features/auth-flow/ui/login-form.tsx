import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isEmail } from '@/shared/lib/email';

export const LOGIN_BUTTON = 'Send Login Code';

export function LoginForm({ initialEmail, busy, onSubmit }: { initialEmail: string; busy: boolean; onSubmit: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError('Email is required');
    if (!isEmail(value)) return setError('Enter a valid email address');
    setError(null);
    if (!busy) onSubmit(value);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="sm">
        <Title order={2} id="login-title">
          Log in to LeadLoop
        </Title>
        <Text c="dimmed" size="sm">
          We&apos;ll email you a 6-digit code. No password needed.
        </Text>
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Button type="submit" size="md" fullWidth loading={busy}>
          {LOGIN_BUTTON}
        </Button>
      </Stack>
    </form>
  );
}
