import { Text } from '@mantine/core';
import classes from './landing-offer.module.css';

/** The integrations of the landing offer (spec section 1), one per kind of tool. */
export const INTEGRATIONS = [
  { name: 'Jobber', kind: 'Field-service tool', color: 'green' },
  { name: 'HubSpot', kind: 'CRM', color: 'orange' },
  { name: 'Housecall Pro', kind: 'Home-services tool', color: 'blue' },
  { name: 'SmartMoving', kind: 'Moving tool', color: 'indigo' },
  { name: 'Google Analytics', kind: 'Analytics', color: 'yellow' },
  { name: 'Google Ads', kind: 'Ad platform', color: 'cyan' },
  { name: 'Slack', kind: 'Chat', color: 'grape' },
  { name: 'Zapier', kind: 'Automation', color: 'red' },
] as const;

export function IntegrationsRow() {
  return (
    <section aria-labelledby="integrations-title">
      <Text id="integrations-title" size="xs" tt="uppercase" fw={700} c="dimmed" mb="xs">
        Works with the tools you already use
      </Text>
      <ul className={classes.integrations}>
        {INTEGRATIONS.map((integration) => (
          <li key={integration.name} className={classes.integration} title={integration.kind}>
            <span className={classes.monogram} style={{ background: `var(--mantine-color-${integration.color}-filled)` }} aria-hidden>
              {integration.name[0]}
            </span>
            <Text span size="xs" fw={600}>
              {integration.name}
            </Text>
            <Text span size="xs" c="dimmed">
              {integration.kind}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
