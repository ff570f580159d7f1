import { Alert, Button, Code, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAgents } from '../agents/agent-queries.ts';
import { api, unwrap } from '../api/client.ts';
import { EmptyState } from '../app/states.tsx';
import { isModelFailure, readChatFailure } from './chat-failure.ts';
import { ChatMessageView, hasVisibleContent, TurnFailure } from './chat-message-view.tsx';
import {
  type ArgumentFormValues,
  fillInvocation,
  findInvokedCommand,
  initialArgumentValues,
} from './invocation-arguments.ts';
import { InvocationArgumentsForm } from './invocation-arguments-form.tsx';
import { MessageComposer } from './message-composer.tsx';
import { messageText, type PlaygroundMessage } from './playground-message.ts';
import { PromptPanel } from './prompt-panel.tsx';
import { parseTryRevision } from './try-revision.ts';
import { TryRevisionBanner } from './try-revision-banner.tsx';
import {
  describeUnavailable,
  findUnavailableInvocations,
  type UnavailableSkill,
} from './unavailable-skills.ts';
import { usePlaygroundChat } from './use-playground-chat.ts';
import { useUnavailableSkills } from './use-unavailable-skills.ts';

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

/**
 * Chat with an agent (or as me) under its policy, with `/` autocomplete and the prompt beside;
 * `?try=name@version` uses that proposed revision of the skill in every turn of the chat.
 */
export function PlaygroundPage() {
  const [params, setParams] = useSearchParams();
  const agentName = params.get('agent') ?? AS_ME;
  const agent = agentName === AS_ME ? undefined : agentName;
  const tryParam = params.get('try');
  const tryRevision = parseTryRevision(tryParam);
  const agents = useAgents();
  const [chatId, setChatId] = useState(newChatId);
  // Trying a revision, or no longer, starts a chat of its own.
  const [triedIn, setTriedIn] = useState(tryParam);
  if (triedIn !== tryParam) {
    setTriedIn(tryParam);
    setChatId(newChatId());
  }
  const [draft, setDraft] = useState('');
  const chat = usePlaygroundChat(chatId, agent, tryRevision);
  const commands = useCommands(agent);
  const unavailable = useUnavailableSkills(agent, commands.data);
  const principal = agent ?? 'you';
  // The invocations of the last Send that named skills this principal may not use.
  const [notSent, setNotSent] = useState<{ draft: string; skills: UnavailableSkill[] }>();
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  // The prompt panel reads the chat's active skills again once a turn has ended.
  const settledMessages = useRef(0);
  if (!busy) settledMessages.current = chat.messages.length;
  const [argumentValues, setArgumentValues] = useState<{
    skill: string;
    values: ArgumentFormValues;
  }>();
  const invoked = findInvokedCommand(draft, commands.data ?? []);
  const formValues =
    invoked === undefined
      ? undefined
      : argumentValues?.skill === invoked.name
        ? argumentValues.values
        : initialArgumentValues(invoked.arguments);
  const outgoing =
    invoked === undefined || formValues === undefined
      ? draft.trim()
      : fillInvocation(draft, invoked, formValues);
  const [settledDraft] = useDebouncedValue(outgoing, 300);
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
    setParams(
      {
        ...(value === null || value === AS_ME ? {} : { agent: value }),
        ...(tryParam === null ? {} : { try: tryParam }),
      },
      { replace: true },
    );
    setChatId(newChatId());
  };
  const stopTrying = () => {
    chat.stop();
    setParams(agent === undefined ? {} : { agent }, { replace: true });
  };
  const send = () => {
    const text = outgoing;
    if (text === '' || busy) return;
    const refused = findUnavailableInvocations(text, unavailable);
    if (refused.length > 0) {
      setNotSent({ draft, skills: refused });
      return;
    }
    chat.clearError();
    chat.sendMessage({ text });
    setDraft('');
    setArgumentValues(undefined);
  };
  const failure = chat.error === undefined ? undefined : readChatFailure(chat.error);
  const turnFailure =
    failure === undefined || isModelFailure(failure) ? undefined : failure.message;
  const lastMessage = chat.messages.at(-1);
  // Each failed turn's message stays in the conversation, after the message it ended on.
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (turnFailure === undefined || lastMessage === undefined) return;
    setFailures((known) =>
      known.get(lastMessage.id) === turnFailure
        ? known
        : new Map(known).set(lastMessage.id, turnFailure),
    );
  }, [turnFailure, lastMessage]);
  const failureAfter = (message: PlaygroundMessage) =>
    failures.get(message.id) ?? (message === lastMessage ? turnFailure : undefined);
  // An answer with nothing to show (it failed at once, or has not started) is not drawn.
  const shownMessages = chat.messages.filter(
    (message) =>
      message.role === 'user' || hasVisibleContent(message) || failureAfter(message) !== undefined,
  );
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
      {tryRevision === undefined ? null : (
        <TryRevisionBanner revision={tryRevision} onStop={stopTrying} />
      )}
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
                shownMessages.map((message) => {
                  const failed = failureAfter(message);
                  return message.role === 'assistant' ? (
                    <ChatMessageView key={message.id} message={message} failure={failed} />
                  ) : (
                    <Fragment key={message.id}>
                      <ChatMessageView message={message} />
                      {failed === undefined ? null : <TurnFailure message={failed} />}
                    </Fragment>
                  );
                })
              )}
              {busy && (lastMessage === undefined || !shownMessages.includes(lastMessage)) ? (
                <Text size="sm" c="dimmed">
                  Thinking…
                </Text>
              ) : null}
            </Stack>
            {failure === undefined || !isModelFailure(failure) ? null : (
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
            )}
            <div ref={end} />
            <MessageComposer
              value={draft}
              onChange={setDraft}
              onSend={send}
              onStop={() => chat.stop()}
              busy={busy}
              commands={commands.data ?? []}
              unavailable={unavailable}
              principal={principal}
            >
              {invoked === undefined || formValues === undefined ? undefined : (
                <InvocationArgumentsForm
                  invoked={invoked}
                  values={formValues}
                  onChange={(values) => setArgumentValues({ skill: invoked.name, values })}
                  preview={outgoing}
                />
              )}
            </MessageComposer>
            {notSent === undefined || notSent.draft !== draft ? null : (
              <Alert color="orange" variant="light" role="alert" title="Not sent">
                <Stack gap={4}>
                  {notSent.skills.map((skill) => (
                    <Text key={skill.name} size="sm">
                      {describeUnavailable(skill, principal)}
                    </Text>
                  ))}
                  <Text size="sm">
                    Remove the invocation to send the rest, or chat as someone who may use it.
                  </Text>
                </Stack>
              </Alert>
            )}
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
