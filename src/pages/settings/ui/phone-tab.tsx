import { Stack } from '@mantine/core';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { AlertPhonePanel, BusinessNumberPanel, ProtectedNumbersPanel, TestPhonePanel } from '@/widgets/phone-setup';
import { LoadError } from '@/shared/ui/load-error';
import { useCompanySettings, usePhoneSettings } from '@/entities/company';
import { TextingRegistrationWarning } from '@/entities/texting-registration';

/**
 * Settings → Phone: the business number (a test number from the built-in simulator, or a Twilio number), the
 * owner's alert number, protected numbers, and — with a test number — the test phone to play a customer.
 */
export function PhoneTab() {
  const settings = usePhoneSettings();
  const company = useCompanySettings();
  if (settings.isPending) return <ScreenSpinner />;
  if (settings.isError) {
    return (
      <LoadError title="Phone settings could not be loaded" error={settings.error} onRetry={settings.refetch} />
    );
  }
  const { number, alertPhone, protectedNumbers } = settings.data;
  return (
    <Stack gap="lg">
      <TextingRegistrationWarning />
      <BusinessNumberPanel settings={settings.data} />
      {number?.provider === 'simulator' ? <TestPhonePanel businessNumber={number.e164} /> : null}
      <AlertPhonePanel key={alertPhone ?? 'none'} alertPhone={alertPhone} signupPhone={company.data?.signupPhone ?? null} />
      <ProtectedNumbersPanel numbers={protectedNumbers} />
    </Stack>
  );
}
