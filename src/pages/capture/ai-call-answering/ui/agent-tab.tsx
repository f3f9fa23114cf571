import { Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { type AiSettingsView, useAiSettings } from '@/entities/ai-assistant';
import { SectionPanel } from '@/shared/ui/section-panel';

/** What of the business Settings → AI holds, in words ("4 services", "your business facts", "3 FAQ answers"). */
function knownFacts(settings: AiSettingsView): string[] {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    settings.services.length > 0 ? count(settings.services.length, 'service', 'services') : null,
    settings.facts.trim() ? 'your business facts' : null,
    settings.faq.length > 0 ? count(settings.faq.length, 'FAQ answer', 'FAQ answers') : null,
    settings.serviceAreaPrefixes.length > 0 ? count(settings.serviceAreaPrefixes.length, 'service area', 'service areas') : null,
    settings.questions.length > 0 ? count(settings.questions.length, 'qualifying question', 'qualifying questions') : null,
  ].filter((fact): fact is string => fact !== null);
}

/** /ai-call-answering/agent: not built yet, and says what of the business the assistant already knows. */
export function AgentTab() {
  const settings = useAiSettings();
  const known = settings.data ? knownFacts(settings.data) : [];
  return (
    <Stack gap="lg">
      <EmptyState
        icon="✦"
        title="AI call answering isn’t built yet"
        description={
          known.length > 0
            ? `When it is, the assistant that answers your texts will answer calls with what Settings → AI already holds: ${known.join(', ')}.`
            : 'When it is, the assistant that answers your texts will answer calls too. It learns your business in Settings → AI: the services you offer, where you work and the questions customers often ask.'
        }
        action={
          <Button component={Link} to="/settings/ai" variant="light">
            {known.length > 0 ? 'Review your AI assistant' : 'Set up your AI assistant'}
          </Button>
        }
      />
      <SectionPanel id="call-agent-parts" title="What you’ll set here">
        <List spacing="xs" size="sm">
          <List.Item>What the assistant knows about your business</List.Item>
          <List.Item>The questions it asks every caller</List.Item>
          <List.Item>When it passes the call to someone on your team</List.Item>
          <List.Item>Words that mean an emergency, like “flooding” or “no heat”, so a person is reached right away</List.Item>
        </List>
        <Title order={3} fz="md" mt="md" mb={4}>
          Always on
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          These rules protect you and can’t be switched off:
        </Text>
        <List spacing="xs" size="sm">
          <List.Item>It never promises a firm price.</List.Item>
          <List.Item>It never promises an exact arrival time.</List.Item>
          <List.Item>It says it’s an automated assistant when asked.</List.Item>
        </List>
      </SectionPanel>
    </Stack>
  );
}
