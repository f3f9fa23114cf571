import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTextingRegistrationSummary } from '../api/texting-registration.queries';

/**
 * Until the texting registration (A2P 10DLC) is approved: what carriers may do to automated texts, and with
 * A2P_GATE=hold how many are waiting — on the dashboard and in Settings → Phone. Nothing once approved.
 */
export function TextingRegistrationWarning() {
  const summary = useTextingRegistrationSummary();
  if (!summary.data || summary.data.approved) return null;
  const { gate, realNumber, heldTexts, status, rejectionReason } = summary.data;
  const holding = gate === 'hold' && realNumber;
  const where =
    status === 'rejected'
      ? `Your texting registration was rejected${rejectionReason ? `: ${rejectionReason}` : '.'}`
      : status === 'submitted' || status === 'in_review'
        ? 'Your texting registration (A2P 10DLC) is in review with the carriers.'
        : 'Your texting registration (A2P 10DLC) is not submitted yet.';
  const effect = holding
    ? `Automated texts (follow-ups, flows, review requests, reminders) wait until it is approved${heldTexts > 0 ? ` — ${heldTexts} ${heldTexts === 1 ? 'text is' : 'texts are'} waiting` : ''}; replies to people who just wrote and your own texts still go.`
    : 'Until it is approved, US carriers may block or filter automated texts from a real business number.';
  return (
    <Alert color={status === 'rejected' || heldTexts > 0 ? 'orange' : 'yellow'} variant="light" title="Texting registration not approved" data-testid="registration-warning">
      <Text size="sm">
        {where} {effect}{' '}
        <Anchor component={Link} to="/settings/phone/application" inherit fw={600}>
          {status === 'rejected' ? 'Fix and resubmit' : status === 'draft' ? 'Register now' : 'See its status'}
        </Anchor>
      </Text>
    </Alert>
  );
}
