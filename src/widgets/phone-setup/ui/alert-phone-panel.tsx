import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { apiFieldErrors } from '@/shared/api-errors';
import { useTRPC } from '@/shared/api-react';
import { PhoneInput } from '@/shared/ui/phone-input';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ApiErrorAlert } from './api-error-alert';
import { usePhoneSaved } from './phone-settings';
import { usePhoneField } from './use-phone-field';
import { formatPhone } from '@/shared/lib/format';

/**
 * Keyed by the saved number by its caller, so the field shows what the server kept after a save. With no alert
 * number yet, the number given at sign-up is offered (nothing typed twice).
 */
export function AlertPhonePanel({ alertPhone, signupPhone = null }: { alertPhone: string | null; signupPhone?: string | null }) {
  const trpc = useTRPC();
  const phoneSaved = usePhoneSaved();
  const phone = usePhoneField(alertPhone ?? '');
  const save = useMutation(
    trpc.phone.setAlertPhone.mutationOptions({
      onSuccess: (saved) => phoneSaved(saved.alertPhone ? 'Alert number saved' : 'Alert number removed'),
    }),
  );

  const serverError = apiFieldErrors(save.error).phone;
  const dirty = phone.value !== (alertPhone ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    phone.markSubmitted();
    if (phone.e164) save.mutate({ phone: phone.e164 });
  };

  return (
    <SectionPanel
      id="alert-phone-title"
      title="Owner alert number"
      description={
        <>
          A mobile number that gets a text when a new lead comes in, and for the other alerts each person on your team
          chose to get by text in their{' '}
          <Anchor component={Link} to="/notifications" inherit>
            notification settings
          </Anchor>
          .
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ApiErrorAlert error={save.error} shownFields={['phone']} />
          <PhoneInput label="Alert number" value={phone.value} onChange={phone.setValue} error={phone.error ?? serverError} />
          {!alertPhone && !phone.value && signupPhone ? (
            <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => phone.setValue(signupPhone)}>
              Use your sign-up number, {formatPhone(signupPhone)}
            </Button>
          ) : null}
          <Group gap="sm">
            <Button type="submit" disabled={!dirty || !phone.value} loading={save.isPending && save.variables?.phone !== null}>
              Save
            </Button>
            {alertPhone ? (
              <Button
                variant="default"
                onClick={() => save.mutate({ phone: null })}
                loading={save.isPending && save.variables?.phone === null}
              >
                Remove
              </Button>
            ) : null}
          </Group>
          {!alertPhone ? (
            <Text size="xs" c="dimmed">
              No alert number yet: text alerts can&apos;t be sent until you add one.
            </Text>
          ) : null}
        </Stack>
      </form>
    </SectionPanel>
  );
}
