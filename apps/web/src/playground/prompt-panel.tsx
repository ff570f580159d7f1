import {
  Accordion,
  Badge,
  Code,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { groupTraceEntries } from './group-trace-entries.ts';
import { TraceRowView } from './trace-row-view.tsx';

interface PromptPanelProps {
  /** The message the prompt is assembled for (it ranks the catalog). */
  message: string;
  agent?: string;
  chatId: string;
  /** Changes when a turn ends, so active skills are read again. */
  revision: number;
}

/** The system prompt the next turn uses and the policy trace: which skills are listed and why others are not. */
export function PromptPanel({ message, agent, chatId, revision }: PromptPanelProps) {
  const prompt = useQuery({
    queryKey: ['chat-prompt', { message, agent, chatId, revision }],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/chat/prompt', {
          params: {
            query: {
              message,
              id: chatId,
              ...(agent === undefined ? {} : { agent }),
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const listed = prompt.data?.trace.filter((each) => each.listed) ?? [];
  const hidden = prompt.data?.trace.filter((each) => !each.listed) ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="prompt-panel">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="prompt-panel">
            Prompt and policy
          </Title>
          <Text size="xs" c="dimmed">
            {message === ''
              ? 'For an empty message; type one to see its ranking.'
              : `For “${message.length > 60 ? `${message.slice(0, 59)}…` : message}”`}
          </Text>
        </div>
        {prompt.isPending ? (
          <LoadingState label="Assembling the prompt…" />
        ) : prompt.isError ? (
          <ErrorState
            title="Could not assemble the prompt"
            error={prompt.error}
            onRetry={() => prompt.refetch()}
          />
        ) : (
          <>
            <Group gap="xs">
              <Badge variant="light">{prompt.data.catalog.entries.length} listed</Badge>
              <Badge variant="light" color="gray">
                {hidden.length} hidden
              </Badge>
              {prompt.data.catalog.omitted > 0 ? (
                <Badge variant="light" color="yellow">
                  {prompt.data.catalog.omitted} over budget
                </Badge>
              ) : null}
              <Badge variant="light" color="gray">
                {prompt.data.catalog.tokens.toLocaleString()} tokens
              </Badge>
              {prompt.data.activeSkills.map((skill) => (
                <Badge key={skill} variant="light" color="grape" style={{ textTransform: 'none' }}>
                  active: {skill}
                </Badge>
              ))}
            </Group>
            <Accordion multiple defaultValue={['trace']} variant="separated">
              <Accordion.Item value="trace">
                <Accordion.Control>Policy trace</Accordion.Control>
                <Accordion.Panel>
                  {/* Focusable, so the keyboard can scroll a trace longer than the box. */}
                  <ScrollArea.Autosize
                    mah={360}
                    type="auto"
                    viewportProps={{
                      tabIndex: 0,
                      role: 'region',
                      'aria-label': 'Policy trace entries',
                    }}
                  >
                    <Stack
                      gap={6}
                      component="ul"
                      aria-label="Policy trace"
                      style={{ listStyle: 'none', padding: 0, margin: 0 }}
                    >
                      {[
                        ...groupTraceEntries(hidden),
                        ...listed.map((entry) => ({ kind: 'entry' as const, entry })),
                      ].map((row) => (
                        <li key={row.kind === 'entry' ? row.entry.skill : `group:${row.reason}`}>
                          <TraceRowView row={row} />
                        </li>
                      ))}
                    </Stack>
                  </ScrollArea.Autosize>
                </Accordion.Panel>
              </Accordion.Item>
              <Accordion.Item value="system">
                <Accordion.Control>System prompt</Accordion.Control>
                <Accordion.Panel>
                  <ScrollArea.Autosize
                    mah={360}
                    type="auto"
                    viewportProps={{
                      tabIndex: 0,
                      role: 'region',
                      'aria-label': 'System prompt text',
                    }}
                  >
                    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {prompt.data.system}
                    </Code>
                  </ScrollArea.Autosize>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </>
        )}
      </Stack>
    </Paper>
  );
}
