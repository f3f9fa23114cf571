import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';

/** /referral-thank-you: thanks, how referring works, the personal link and who signed up through it. */
export function ReferralThankYouPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Thank you for spreading the word" description="Share LeadLoop with other business owners and see who joins through you." />

      <SectionPanel id="how-referrals-work" title="How referrals work">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>You share your personal link with another business owner.</List.Item>
          <List.Item>They start their free 14-day trial from it. Your referral code is filled in for them.</List.Item>
          <List.Item>They appear in your referrals below.</List.Item>
        </List>
      </SectionPanel>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="referral-link-title">
        <Title order={2} id="referral-link-title" fz="lg" mb={4}>
          Your referral link
        </Title>
        <Text size="sm" c="dimmed">
          Your personal link can’t be shown in your account yet. Once it can, it appears here with a button to copy it.
        </Text>
      </Paper>

      <EmptyState
        icon="♥"
        title="No referrals yet"
        description="Business owners who sign up with your link are listed here, with the date they joined."
        action={
          <Button component={Link} to="/dashboard" variant="light">
            Back to your dashboard
          </Button>
        }
      />
    </Stack>
  );
}
