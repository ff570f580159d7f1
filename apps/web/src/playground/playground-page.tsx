import { Alert, Button, Code, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAgents } from '../agents/agent-queries.ts';
import { api, unwrap } from '../api/client.ts';
import { EmptyState } from '../app/states.tsx';
import { isModelFailure, readChatFailure } from './chat-failure.ts';
import { ChatMessageView } from './chat-message-view.tsx';
import { MessageComposer } from './message-composer.tsx';
import { messageText } from './playground-message.ts';
import { PromptPanel } from './prompt-panel.tsx';
import { usePlaygroundChat } from './use-playground-chat.ts';

const AS_ME = '';

function newChatId(): string {
  return crypto.randomUUID();
}

function useCommands(agent: string | undefined) {
  return useQuery({
    queryKey: ['commands', agent ?? AS_ME],
    queryFn: async ({ signal }) => {
      const { commands } = await unwrap(
        api.GET('/api/skills/commands', {
          params: { query: agent === undefined ? {} : { agent } },
          signal,
        }),
      );
      return commands;
    },
  });
}

/** Chat with an agent (or as me) under its policy, with `/` autocomplete and the prompt beside. */
export function PlaygroundPage() {
  const [params, setParams] = useSearchParams();
  const agentName = params.get('agent') ?? AS_ME;
  const agent = agentName === AS_ME ? undefined : agentName;
  const agents = useAgents();
  const [chatId, setChatId] = useState(newChatId);
  const [draft, setDraft] = useState('');
  const chat = usePlaygroundChat(chatId, agent);
  const commands = useCommands(agent);
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  // The prompt panel reads the chat's active skills again once a turn has ended.
  const settledMessages = useRef(0);
  if (!busy) settledMessages.current = chat.messages.length;
  const [settledDraft] = useDebouncedValue(draft.trim(), 300);
  const lastUserText = messageText(
    chat.messages.findLast((message) => message.role === 'user') ?? {
      id: '',
      role: 'user',
      parts: [],
    },
  );
  const end = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the answer as it streams in
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [chat.messages]);

  const switchAgent = (value: string | null) => {
    setParams(value === null || value === AS_ME ? {} : { agent: value }, { replace: true });
    setChatId(newChatId());
  };
  const send = () => {
    const text = draft.trim();
    if (text === '' || busy) return;
    chat.clearError();
    chat.sendMessage({ text });
    setDraft('');
  };
  const failure = chat.error === undefined ? undefined : readChatFailure(chat.error);
  const agentOptions = [
    { value: AS_ME, label: 'As me (workspace policy)' },
    ...(agents.data ?? []).map((each) => ({ value: each.name, label: each.name })),
  ];
  if (agent !== undefined && !agentOptions.some((option) => option.value === agent)) {
    agentOptions.push({ value: agent, label: agent });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Playground
          </Title>
          <Text c="dimmed" size="sm">
            Talk to an agent under its policy and see the prompt it gets.
          </Text>
        </div>
        <Group gap="xs" align="flex-end">
          <Select
            label="Chat as"
            data={agentOptions}
            value={agentName}
            onChange={switchAgent}
            allowDeselect={false}
            w={240}
            maw="100%"
            disabled={busy}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              chat.stop();
              chat.setMessages([]);
              chat.clearError();
              setChatId(newChatId());
            }}
          >
            New chat
          </Button>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <Stack
              gap="sm"
              role="log"
              aria-label="Conversation"
              aria-live="polite"
              aria-busy={busy}
            >
              {chat.messages.length === 0 ? (
                <EmptyState title="Start a conversation">
                  Ask a question, or type / to invoke one of the skills{' '}
                  {agent === undefined ? 'you may use' : `${agent} may use`}.
                </EmptyState>
              ) : (
                chat.messages.map((message) => (
                  <ChatMessageView key={message.id} message={message} />
                ))
              )}
              {chat.status === 'submitted' ? (
                <Text size="sm" c="dimmed">
                  Thinking…
                </Text>
              ) : null}
            </Stack>
            {failure === undefined ? null : isModelFailure(failure) ? (
              <Alert
                color="orange"
                variant="light"
                title="No chat model is configured"
                icon={<IconSettings size={18} aria-hidden />}
                role="alert"
              >
                <Stack gap={6}>
                  <Text size="sm">{failure.message}</Text>
                  <Text size="sm">
                    For example:{' '}
                    <Code>SKILLSET_MODEL=openai:gpt-4.1 OPENAI_API_KEY=… npm start</Code>. The
                    prompt and policy panel works without a model.
                  </Text>
                </Stack>
              </Alert>
            ) : (
              <Alert
                color="red"
                variant="light"
                title="The turn failed"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                role="alert"
              >
                <Text size="sm">{failure.message}</Text>
              </Alert>
            )}
            <div ref={end} />
            <MessageComposer
              value={draft}
              onChange={setDraft}
              onSend={send}
              onStop={() => chat.stop()}
              busy={busy}
              commands={commands.data ?? []}
            />
            {commands.isError ? (
              <Text size="xs" c="red" role="alert">
                Could not load the skills to invoke: {commands.error.message}
              </Text>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PromptPanel
            message={settledDraft === '' ? lastUserText : settledDraft}
            agent={agent}
            chatId={chatId}
            revision={settledMessages.current}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
