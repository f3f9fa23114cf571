import { Alert, Button, Code, CopyButton, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatPhone } from '@/shared/lib/format';
import { type Carrier, CARRIERS, forwardingInstructions } from '../model/forwarding-codes';

/** A code or a number and its Copy button ("Copied" for a moment after a click). */
function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Code>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Routing mode b step by step: the owner picks the kind of line their business number is on and gets the exact
 * codes to dial with their LeadLoop number already in them (each with its cancel code and a Copy button), or the
 * settings to change on an office phone system. Used by Missed calls → Basic and by onboarding.
 */
export function ForwardingInstructions({ leadLoopNumber }: { leadLoopNumber: string | null }) {
  const [carrier, setCarrier] = useState<Carrier | null>(null);

  if (!leadLoopNumber) {
    return (
      <Alert color="gray" title="Forwarding needs your LeadLoop number">
        Choose a business number first: the forwarding codes include it.
      </Alert>
    );
  }

  const instructions = carrier ? forwardingInstructions(carrier, leadLoopNumber) : null;
  return (
    <Stack gap="sm" data-testid="forwarding-instructions">
      <Group gap="xs">
        <Text size="sm">Forward to your LeadLoop number {formatPhone(leadLoopNumber)}:</Text>
        <Copyable value={`1${leadLoopNumber.replace(/^\+1/, '')}`} label="your LeadLoop number" />
      </Group>
      <Select
        label="Your business number is on"
        placeholder="Choose your carrier or phone system"
        data={CARRIERS.map(({ value, label }) => ({ value, label }))}
        value={carrier}
        onChange={(value) => setCarrier(value as Carrier | null)}
        allowDeselect={false}
        maw={360}
      />
      {instructions ? (
        <Stack gap="sm" aria-label={`How to forward missed calls on ${instructions.carrierLabel}`} role="region">
          {instructions.codes.length > 0 ? (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs" aria-label={`Codes to dial on ${instructions.carrierLabel}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Forwards</Table.Th>
                    <Table.Th>Dial</Table.Th>
                    <Table.Th>To stop</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {instructions.codes.map((code) => (
                    <Table.Tr key={code.dial}>
                      <Table.Td>
                        <Text size="sm">{code.purpose}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Copyable value={code.dial} label={`the code ${code.dial}`} />
                      </Table.Td>
                      <Table.Td>
                        <Copyable value={code.cancel} label={`the cancel code ${code.cancel}`} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <List type="ordered" size="sm" spacing={4}>
            {instructions.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {instructions.fallback}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Pick the company your business phone line is with to see the codes to dial, with your LeadLoop number already in them.
        </Text>
      )}
    </Stack>
  );
}
