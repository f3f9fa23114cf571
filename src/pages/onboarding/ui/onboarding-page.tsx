import { Alert, Anchor, Box, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type CompanySettings, TRIAL_DAYS, useCompanySettings } from '@/entities/company';
import { useCurrentUser } from '@/entities/user';
import { CompanyAddressForm, CompanyProfileForm } from '@/features/company-settings';
import { ImageUpload } from '@/features/upload-image';
import { ImpersonationBanner } from '@/widgets/app-shell';
import { useDocumentTitle } from '@/shared/lib/document-title';
import { ScreenSpinner } from '@/shared/ui/spinner';
import { timeZoneChoiceFor } from '@contracts/company';
import { GoLiveStep } from './go-live-step';
import { MissedCallsStep } from './missed-calls-step';

/** A company with no time zone yet gets the browser's (one of ours, or the one with the same offsets), to confirm. */
function withBrowserTimeZone(company: CompanySettings): CompanySettings {
  if (company.timezone) return company;
  return { ...company, timezone: timeZoneChoiceFor(Intl.DateTimeFormat().resolvedOptions().timeZone) };
}

/** Progress lives in the data itself, so onboarding resumes where it was left on any device. */
export function firstIncompleteStep(company: Pick<CompanySettings, 'timezone' | 'address'>): number {
  if (!company.timezone) return 0;
  if (!company.address.line1) return 1;
  return 2;
}

/** The last step open once the data's first two are done: Go live and Missed calls hold nothing to save first. */
const LAST_STEP = 3;

/**
 * The step shown: `?step=` in the address when it is one the data allows (so a reload keeps Missed calls, which
 * saves nothing the data could show), else the first step not done.
 */
export function stepFrom(searchStr: string, reached: number): number {
  const raw = new URLSearchParams(searchStr).get('step');
  const asked = raw === null || raw === '' ? Number.NaN : Number(raw);
  const open = reached >= 2 ? LAST_STEP : reached;
  return Number.isInteger(asked) && asked >= 0 && asked <= open ? asked : reached;
}

function Wizard({ company, firstName }: { company: CompanySettings; firstName: string }) {
  const reached = firstIncompleteStep(company);
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const active = stepFrom(searchStr, reached);
  const setActive = (step: number) => void navigate({ href: `${pathname}?step=${step}`, replace: true });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Welcome to LeadLoop{firstName ? `, ${firstName}` : ''}!
        </Title>
        <Text c="dimmed" mt={4}>
          Your free {TRIAL_DAYS}-day trial has started. A few details and your first lead gets a text back in seconds.
        </Text>
      </div>
      <Stepper active={active} onStepClick={(step) => step <= (reached >= 2 ? LAST_STEP : reached) && setActive(step)} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Your business" description="Name, trade, time zone">
          <CompanyProfileForm
            key={company.updatedAt}
            company={withBrowserTimeZone(company)}
            submitLabel="Save and continue"
            requireChanges={false}
            onSaved={() => setActive(1)}
            logoField={(field) => <ImageUpload label="Logo (optional)" alt={`Logo of ${company.name}`} emptyText="No logo yet." {...field} />}
          />
        </Stepper.Step>
        <Stepper.Step label="Address" description="Where you work">
          <CompanyAddressForm key={company.updatedAt} company={company} submitLabel="Save and continue" requireChanges={false} onSaved={() => setActive(2)} />
        </Stepper.Step>
        <Stepper.Step label="Go live" description="Number and a test lead">
          <GoLiveStep onNext={() => setActive(3)} />
        </Stepper.Step>
        <Stepper.Step label="Missed calls" description="Text back callers you miss">
          <MissedCallsStep onBack={() => setActive(2)} />
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}

/** `/onboarding`: after registration, outside the app shell; ends at /dashboard and can be left and resumed. */
export function OnboardingPage() {
  useDocumentTitle('Get started');
  const company = useCompanySettings();
  const user = useCurrentUser();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
      <Container size="md">
        <Box mb="md">
          <ImpersonationBanner />
        </Box>
        <Group justify="space-between" mb="lg">
          <Text fw={800} fz="xl" c="teal.8">
            LeadLoop
          </Text>
          <Anchor component={Link} to="/dashboard" size="sm">
            Skip for now
          </Anchor>
        </Group>
        <Paper radius="md" p={{ base: 'md', sm: 'xl' }} shadow="sm" withBorder component="main">
          {company.isPending ? <ScreenSpinner /> : null}
          {company.isError ? (
            <Alert color="red" role="alert" title="Your company could not be loaded">
              {company.error.message}
            </Alert>
          ) : null}
          {company.data ? <Wizard company={company.data} firstName={user.data?.user.firstName ?? ''} /> : null}
        </Paper>
      </Container>
    </Box>
  );
}
