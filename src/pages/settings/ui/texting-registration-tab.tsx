import { Alert, Anchor, Badge, Button, Checkbox, Group, List, Paper, Select, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput, Timeline, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CASL_BASIS_WORDS } from '@contracts/consent';
import {
  BUSINESS_TYPE_WORDS,
  BUSINESS_TYPES,
  CONTACT_POSITIONS,
  MAX_SAMPLES,
  MONTHLY_VOLUME_WORDS,
  MONTHLY_VOLUMES,
  USE_CASE_WORDS,
  USE_CASES,
} from '@contracts/registration';
import type { BrandDraft, CampaignDraft } from '@contracts/registration.schema';
import { registrationChecklist } from '@contracts/registration-checklist';
import { setCachedTextingRegistration, type TextingRegistrationView, useTextingRegistration } from '@/entities/texting-registration';
import { refusalFor, useMyRole } from '@/entities/user';
import { useTRPC } from '@/shared/api-react';
import { fullDateTime } from '@/shared/lib/format';
import { LoadError } from '@/shared/ui/load-error';
import { ScreenSpinner } from '@/shared/ui/spinner';

const STEPS = ['brand', 'campaign', 'review'] as const;
type Step = (typeof STEPS)[number];

/**
 * Settings → Phone → Texting registration: the A2P 10DLC wizard (brand, campaign, check and submit), saved as a
 * draft step by step; the checklist says each item's state in words; then the status and its timeline, in the
 * company's time zone. Canadian companies also read what CASL asks of them.
 */
export function PhoneApplicationTab() {
  const registration = useTextingRegistration();
  const role = useMyRole();
  if (registration.isPending) return <ScreenSpinner />;
  if (registration.isError) return <LoadError title="Couldn’t load your texting registration" error={registration.error} onRetry={registration.refetch} />;
  const data = registration.data;
  const refusal = refusalFor(role, 'admin', 'change and submit the texting registration');
  return (
    <Stack gap="md">
      <StatusPanel data={data} />
      {data.editable && !refusal ? (
        <Wizard key={`${data.status}:${data.saved}`} data={data} />
      ) : (
        <>
          {refusal && data.editable ? <Alert color="gray" variant="light">{refusal} You can read where it stands here.</Alert> : null}
          <ReadOnlyChecklist data={data} />
        </>
      )}
      <TimelinePanel data={data} />
      {data.company.country === 'CA' ? <CanadaPanel /> : null}
    </Stack>
  );
}

function StatusPanel({ data }: { data: TextingRegistrationView }) {
  const color = { draft: 'gray', submitted: 'blue', in_review: 'blue', approved: 'green', rejected: 'red' }[data.status];
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={2} fz="lg">
            Texting registration (A2P 10DLC)
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            US carriers require every business that texts customers to register a brand and a campaign. LeadLoop checks yours for the usual reasons carriers
            reject one before it goes.
          </Text>
        </div>
        <Badge color={color} variant="light" size="lg" data-testid="registration-status">
          {data.saved ? data.statusWords : 'Not started'}
        </Badge>
      </Group>
      <Text size="sm" mt="sm">
        {data.reviewer === 'twilio'
          ? 'Submitted through Twilio’s Trust Hub and A2P 10DLC registration; carrier review usually takes a few days.'
          : 'No Twilio account is set up, so the review is simulated: about two minutes after you submit it is approved — or rejected with the reason when the data has an obvious defect (sample messages advertising an offer under a use case other than Marketing or Mixed).'}{' '}
        {data.gate === 'hold'
          ? 'Until it is approved, automated texts from a Twilio number wait; replies and your own texts still go.'
          : 'Until it is approved, automated texts still go, but carriers may block or filter them.'}
      </Text>
      {data.status === 'rejected' && data.rejectionReason ? (
        <Alert color="red" variant="light" mt="md" title="Rejected — fix it and resubmit">
          {data.rejectionReason}
        </Alert>
      ) : null}
      {data.status === 'approved' ? (
        <Alert color="green" variant="light" mt="md" title="Approved">
          Carriers know your business and what you text: automated texts go out normally.
        </Alert>
      ) : null}
    </Paper>
  );
}

function Wizard({ data }: { data: TextingRegistrationView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(0);
  const [brand, setBrand] = useState<BrandDraft>(data.brand);
  const [campaign, setCampaign] = useState<CampaignDraft>(data.campaign);
  const [websiteCheck, setWebsiteCheck] = useState(data.websiteCheck);
  const refresh = (next: TextingRegistrationView) => setCachedTextingRegistration(queryClient, next);
  const save = useMutation(trpc.registration.saveDraft.mutationOptions());
  const check = useMutation(trpc.registration.checkWebsite.mutationOptions({ onSuccess: (next) => setWebsiteCheck(next.websiteCheck) }));
  const submit = useMutation(trpc.registration.submit.mutationOptions({ onSuccess: refresh }));
  const checklist = registrationChecklist({ brand, campaign, company: data.company, microsite: data.microsite, websiteCheck });
  const ready = checklist.every((item) => item.ready);

  /** Saves the step shown (a draft, as the owner goes) and moves to `step`; the review step checks the website. */
  const go = async (step: Step) => {
    const current = STEPS[active]!;
    await save.mutateAsync(current === 'brand' ? { brand } : current === 'campaign' ? { campaign } : { brand, campaign });
    setActive(STEPS.indexOf(step));
    if (step === 'review') await check.mutateAsync().catch(() => undefined);
  };
  const brandField = (key: keyof BrandDraft) => ({
    value: String(brand[key] ?? ''),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setBrand({ ...brand, [key]: event.currentTarget.value }),
  });
  const fieldError = (save.error?.data as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors;

  return (
    <Paper withBorder radius="md" p="lg">
      {/* Each step is a button: 44 px tall, a finger's target on a phone. */}
      <Stepper active={active} onStepClick={(index) => void go(STEPS[index]!)} size="sm" allowNextStepsSelect styles={{ step: { minHeight: 44 } }}>
        <Stepper.Step label="Brand" description="Who you are">
          <Stack gap="sm" mt="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Legal business name" description="Exactly as on your tax record" required {...brandField('legalName')} />
              <TextInput label={brand.country === 'CA' ? 'Business number (BN)' : 'EIN'} description={brand.country === 'CA' ? '9 digits' : 'Like 12-3456789'} required {...brandField('taxId')} />
              <Select label="Business type" required data={BUSINESS_TYPES.map((value) => ({ value, label: BUSINESS_TYPE_WORDS[value] }))} value={brand.businessType} onChange={(value) => setBrand({ ...brand, businessType: value as BrandDraft['businessType'] })} />
              <Select label="Country" data={[{ value: 'US', label: 'United States' }, { value: 'CA', label: 'Canada' }]} value={brand.country} allowDeselect={false} onChange={(value) => setBrand({ ...brand, country: (value ?? 'US') as 'US' | 'CA' })} />
              <TextInput label="Street address" required {...brandField('addressLine1')} />
              <TextInput label="Suite, unit (optional)" {...brandField('addressLine2')} />
              <TextInput label="City" required {...brandField('city')} />
              <TextInput label={brand.country === 'CA' ? 'Province' : 'State'} required {...brandField('region')} />
              <TextInput label={brand.country === 'CA' ? 'Postal code' : 'ZIP code'} required {...brandField('postalCode')} />
              <TextInput label="Website" description={data.microsite ? 'Your microsite by default: it has the policy pages carriers look for' : 'Carriers open it: it must load'} required {...brandField('website')} />
            </SimpleGrid>
            <Title order={3} fz="md" mt="sm">
              Contact person
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First name" required {...brandField('contactFirstName')} />
              <TextInput label="Last name" required {...brandField('contactLastName')} />
              <TextInput label="Email" type="email" required {...brandField('contactEmail')} />
              <TextInput label="Phone" type="tel" required {...brandField('contactPhone')} />
              <TextInput label="Job title" {...brandField('contactTitle')} />
              <Select label="Position" data={[...CONTACT_POSITIONS]} value={brand.contactPosition} allowDeselect={false} onChange={(value) => setBrand({ ...brand, contactPosition: (value ?? 'Other') as BrandDraft['contactPosition'] })} />
            </SimpleGrid>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Campaign" description="What you text">
          <CampaignFields campaign={campaign} onChange={setCampaign} data={data} />
        </Stepper.Step>
        <Stepper.Step label="Check and submit" description="Before carriers see it">
          <Stack gap="sm" mt="md">
            <Checklist items={checklist} onFix={(step) => setActive(STEPS.indexOf(step))} />
            <Group>
              <Button variant="default" loading={check.isPending} onClick={() => void save.mutateAsync({ brand, campaign }).then(() => check.mutateAsync())}>
                Check the website again
              </Button>
              <Button loading={submit.isPending} disabled={!ready} onClick={() => void save.mutateAsync({ brand, campaign }).then(() => submit.mutate())}>
                {data.status === 'rejected' ? 'Resubmit registration' : 'Submit registration'}
              </Button>
            </Group>
            {!ready ? (
              <Text size="sm" c="dimmed">
                Submitting opens once every item says Ready.
              </Text>
            ) : null}
            {submit.error ? (
              <Alert color="red" variant="light" role="alert" title="Not submitted">
                {submit.error.message}
              </Alert>
            ) : null}
          </Stack>
        </Stepper.Step>
      </Stepper>
      {save.error ? (
        <Alert color="red" variant="light" role="alert" mt="md" title="Couldn’t save the draft">
          {fieldError ? Object.values(fieldError).flat().join(' ') : save.error.message}
        </Alert>
      ) : null}
      <Group justify="space-between" mt="lg">
        <Button variant="default" disabled={active === 0} onClick={() => void go(STEPS[active - 1]!)}>
          Back
        </Button>
        <Group gap="xs">
          {save.isSuccess && !save.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              Draft saved
            </Text>
          ) : null}
          <Button variant="default" loading={save.isPending && active < 2} onClick={() => void save.mutateAsync({ brand, campaign })}>
            Save draft
          </Button>
          {active < 2 ? <Button onClick={() => void go(STEPS[active + 1]!)}>Save and continue</Button> : null}
        </Group>
      </Group>
    </Paper>
  );
}

function CampaignFields({ campaign, onChange, data }: { campaign: CampaignDraft; onChange: (next: CampaignDraft) => void; data: TextingRegistrationView }) {
  const text = (key: 'description' | 'messageFlow' | 'privacyUrl' | 'termsUrl') => ({
    value: campaign[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ ...campaign, [key]: event.currentTarget.value }),
  });
  const samples = campaign.sampleMessages.length >= 2 ? campaign.sampleMessages : [...campaign.sampleMessages, '', ''].slice(0, 2);
  const setSample = (index: number, value: string) => onChange({ ...campaign, sampleMessages: samples.map((s, i) => (i === index ? value : s)) });
  return (
    <Stack gap="sm" mt="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Use case" required data={USE_CASES.map((value) => ({ value, label: USE_CASE_WORDS[value] }))} value={campaign.useCase} onChange={(value) => onChange({ ...campaign, useCase: value as CampaignDraft['useCase'] })} />
        <Select label="Expected monthly volume" required data={MONTHLY_VOLUMES.map((value) => ({ value, label: MONTHLY_VOLUME_WORDS[value] }))} value={campaign.monthlyVolume} onChange={(value) => onChange({ ...campaign, monthlyVolume: value as CampaignDraft['monthlyVolume'] })} />
      </SimpleGrid>
      <Textarea label="Campaign description" description="What you text people, and why (at least 40 characters)" autosize minRows={2} required {...text('description')} />
      {samples.map((sample, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label={`Sample message ${index + 1}`}
            description={index === 0 ? 'Name your business and include “Reply STOP to opt out” in at least one' : undefined}
            autosize
            minRows={2}
            value={sample}
            onChange={(event) => setSample(index, event.currentTarget.value)}
          />
          {samples.length > 2 ? (
            <Button variant="subtle" color="red" aria-label={`Remove sample message ${index + 1}`} onClick={() => onChange({ ...campaign, sampleMessages: samples.filter((_, i) => i !== index) })}>
              Remove
            </Button>
          ) : null}
        </Group>
      ))}
      {samples.length < MAX_SAMPLES ? (
        <Button variant="light" w="fit-content" onClick={() => onChange({ ...campaign, sampleMessages: [...samples, ''] })}>
          Add a sample message
        </Button>
      ) : null}
      <Group>
        <Checkbox label="Messages include links" checked={campaign.hasLinks} onChange={(event) => onChange({ ...campaign, hasLinks: event.currentTarget.checked })} />
        <Checkbox label="Messages include phone numbers" checked={campaign.hasPhoneNumbers} onChange={(event) => onChange({ ...campaign, hasPhoneNumbers: event.currentTarget.checked })} />
      </Group>
      <Textarea
        label="How customers opt in (message flow)"
        description={data.microsite ? `Prefilled with your microsite’s opt-in form (${data.microsite.home})` : 'Say where and how people agree to get your texts'}
        autosize
        minRows={3}
        required
        {...text('messageFlow')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Privacy policy URL" required {...text('privacyUrl')} />
        <TextInput label="SMS terms URL" required {...text('termsUrl')} />
      </SimpleGrid>
      {!data.microsite ? (
        <Text size="sm" c="dimmed">
          No microsite yet: <Anchor component={Link} to="/microsites">set one up</Anchor> and LeadLoop writes a privacy policy, SMS terms and a compliant opt-in form for you.
        </Text>
      ) : null}
    </Stack>
  );
}

function Checklist({ items, onFix }: { items: ReturnType<typeof registrationChecklist>; onFix?: (step: 'brand' | 'campaign') => void }) {
  return (
    <List spacing="xs" listStyleType="none" aria-label="Pre-submission checklist" data-testid="registration-checklist">
      {items.map((item) => (
        <List.Item key={item.id} data-ready={item.ready}>
          <Text size="sm" span fw={600}>
            <span aria-hidden="true">{item.ready ? '✓ ' : '✗ '}</span>
            {item.label}:
          </Text>{' '}
          <Text size="sm" span c={item.ready ? 'green.8' : 'red.8'}>
            {item.words}
          </Text>
          {!item.ready && onFix ? (
            <>
              {' '}
              <Anchor component="button" type="button" size="sm" onClick={() => onFix(item.step)}>
                Fix in {item.step === 'brand' ? 'Brand' : 'Campaign'}
              </Anchor>
            </>
          ) : null}
        </List.Item>
      ))}
    </List>
  );
}

function ReadOnlyChecklist({ data }: { data: TextingRegistrationView }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} fz="md" mb="xs">
        What was {data.status === 'draft' || data.status === 'rejected' ? 'drafted' : 'submitted'}
      </Title>
      <Text size="sm" mb="sm">
        {data.brand.legalName || 'No legal name yet'} · {data.campaign.useCase ? USE_CASE_WORDS[data.campaign.useCase] : 'No use case yet'} · {data.campaign.sampleMessages.length} sample messages
      </Text>
      <Checklist items={data.checklist} />
    </Paper>
  );
}

function TimelinePanel({ data }: { data: TextingRegistrationView }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} fz="md" mb="sm">
        Status timeline
      </Title>
      {data.timeline.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing yet: the timeline starts when you save the first step.
        </Text>
      ) : (
        <Timeline active={data.timeline.length - 1} bulletSize={14} lineWidth={2} data-testid="registration-timeline">
          {data.timeline.map((event, index) => (
            <Timeline.Item key={index} title={event.words}>
              <Text size="xs" c="dimmed">
                <time dateTime={new Date(event.at).toISOString()}>{fullDateTime(event.at, { timeZone: data.timezone })}</time>
                {event.by ? ` · ${event.by}` : ''}
              </Text>
              {event.reason ? <Text size="sm">{event.reason}</Text> : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        Times in your company’s time zone ({data.timezone}).
      </Text>
    </Paper>
  );
}

/** What applies to a business texting in Canada (the Canadian banner links here). */
function CanadaPanel() {
  return (
    <Paper withBorder radius="md" p="lg" id="canada">
      <Title order={3} fz="md" mb="xs">
        Texting in Canada (CASL)
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          Canada’s anti-spam law needs consent before you text someone. LeadLoop keeps it on each client’s consent ledger: {CASL_BASIS_WORDS.express.toLowerCase()}, {CASL_BASIS_WORDS.implied_inquiry.toLowerCase()}, or{' '}
          {CASL_BASIS_WORDS.implied_purchase.toLowerCase()} — a job marked won counts as a purchase.
        </List.Item>
        <List.Item>When implied consent ends, automated texts to that person stop (each says why); replies to their texts, your own texts and booking texts still go. A new text from them starts 6 more months.</List.Item>
        <List.Item>Every text names your business and says how to opt out; STOP and the French ARRÊT/ARRET are honoured.</List.Item>
        <List.Item>The A2P 10DLC registration above is for texts to US numbers; texts from a Canadian number to Canadians do not need it.</List.Item>
      </List>
    </Paper>
  );
}
