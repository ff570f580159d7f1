import { Code, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { Schemas } from '../api/client.ts';
import { eligibilityAdvice } from './eligibility-advice.ts';

/** Renders `text` with its `code` spans as code. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        index % 2 === 1 ? <Code key={index}>{part}</Code> : <span key={index}>{part}</span>,
      )}
    </>
  );
}

/** Whether the skill can run on this server, and what to install or set when it cannot. */
export function EligibilityCard({ eligibility }: { eligibility: Schemas['SkillEligibility'] }) {
  const advice = eligibilityAdvice(eligibility.missing);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Eligibility
        </Title>
        {eligibility.eligible ? (
          <Text size="sm" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <ThemeIcon color="teal" variant="light" size="sm" radius="xl">
              <IconCircleCheck size={14} aria-hidden />
            </ThemeIcon>
            Runs on this server: nothing is missing.
          </Text>
        ) : (
          <>
            <Text size="sm" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <ThemeIcon color="red" variant="light" size="sm" radius="xl">
                <IconAlertTriangle size={14} aria-hidden />
              </ThemeIcon>
              Not eligible here. Missing:
            </Text>
            <List spacing="xs" size="sm">
              {advice.map((item) => (
                <List.Item key={item.what}>
                  <Text size="sm" fw={500}>
                    <WithCode text={item.what} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    <WithCode text={item.fix} />
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Paper>
  );
}
