import { Badge, Button, Code, CopyButton, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { REFERRAL_STATE_WORDS, type ReferralState, TRIAL_DAYS } from '@contracts/billing';
import { useTRPC } from '@/shared/api-react';
import { calendarDate } from '@/shared/lib/format';
import { EmptyState } from '@/shared/ui/empty-state';
import { LoadError } from '@/shared/ui/load-error';
import { PageHeader } from '@/shared/ui/page-header';
import { SectionPanel } from '@/shared/ui/section-panel';
import { ScreenSpinner } from '@/shared/ui/spinner';

const STATE_COLORS: Record<ReferralState, string> = { signed_up: 'gray', on_trial: 'blue', paying: 'teal', trial_ended: 'orange', cancelled: 'gray' };

/** /referral-thank-you: thanks, the personal link, how referring works and its reward, and who signed up through it. */
export function ReferralThankYouPage() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.referrals.mine.queryOptions());
  return (
    <Stack gap="lg">
      <PageHeader title="Thank you for spreading the word" description="Share LeadLoop with other business owners and see who joins through you." />
      {mine.isPending ? (
        <ScreenSpinner />
      ) : mine.isError ? (
        <LoadError title="Couldn’t load your referrals" error={mine.error} onRetry={mine.refetch} />
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="referral-link-title">
            <Title order={2} id="referral-link-title" fz="lg" mb={4}>
              Your referral link
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Anyone who opens it and signs up has your code ({mine.data.code}) filled in for them.
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Code data-testid="referral-link" style={{ overflowWrap: 'anywhere' }}>
                {mine.data.link}
              </Code>
              <CopyButton value={mine.data.link} timeout={2000}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Paper>

          <SectionPanel id="how-referrals-work" title="How referrals work">
            <List type="ordered" spacing="xs" size="sm">
              <List.Item>You share your personal link with another business owner.</List.Item>
              <List.Item>They start their free {TRIAL_DAYS}-day trial from it. Your referral code is filled in for them.</List.Item>
              <List.Item>They appear in your referrals below: signed up, on trial, then paying once they choose a plan.</List.Item>
            </List>
            <Text size="sm" mt="sm" data-testid="reward-rule">
              {mine.data.rule}
            </Text>
          </SectionPanel>

          {mine.data.referrals.length === 0 ? (
            <EmptyState
              icon="♥"
              title="No referrals yet"
              description="Business owners who sign up with your link are listed here, with the date they joined and where they are now."
              action={
                <Button component={Link} to="/dashboard" variant="light">
                  Back to your dashboard
                </Button>
              }
            />
          ) : (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="referrals-title">
              <Title order={2} id="referrals-title" fz="lg" mb="sm">
                Your referrals
              </Title>
              <Table.ScrollContainer minWidth={420}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Business</Table.Th>
                      <Table.Th>Joined</Table.Th>
                      <Table.Th>Now</Table.Th>
                      <Table.Th>Your reward</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {mine.data.referrals.map((referral) => (
                      <Table.Tr key={referral.id} data-testid="referral-row">
                        <Table.Td>{referral.businessName}</Table.Td>
                        <Table.Td>{calendarDate(referral.joinedAt)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATE_COLORS[referral.state]}>
                            {REFERRAL_STATE_WORDS[referral.state]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{referral.rewardDays > 0 ? `+${referral.rewardDays} days on your trial` : '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Button component={Link} to="/dashboard" variant="subtle" mt="sm">
                Back to your dashboard
              </Button>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
