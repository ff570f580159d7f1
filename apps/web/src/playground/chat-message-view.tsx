import { Alert, Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconInfoCircle, IconTool } from '@tabler/icons-react';
import { SkillMarkdown } from '../skill/skill-markdown.tsx';
import { ApprovalCard } from './approval-card.tsx';
import type { PlaygroundDataParts, PlaygroundMessage } from './playground-message.ts';

type Part = PlaygroundMessage['parts'][number];
type Activation = PlaygroundDataParts['activation'];

interface ToolPartView {
  toolCallId: string;
  name: string;
  state: string;
  input: unknown;
}

function toolPartOf(part: Part): ToolPartView | undefined {
  if (part.type === 'dynamic-tool') {
    return {
      toolCallId: part.toolCallId,
      name: part.toolName,
      state: part.state,
      input: part.input,
    };
  }
  if (!part.type.startsWith('tool-')) return undefined;
  const tool = part as Part & { toolCallId: string; state: string; input: unknown };
  return {
    toolCallId: tool.toolCallId,
    name: part.type.slice('tool-'.length),
    state: tool.state,
    input: tool.input,
  };
}

function summariseInput(input: unknown): string {
  if (input === undefined || input === null) return '';
  if (typeof input === 'object' && 'skill' in input && typeof input.skill === 'string') {
    return input.skill;
  }
  const text = JSON.stringify(input);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function ActivationChips({ activations }: { activations: Activation[] }) {
  if (activations.length === 0) return null;
  return (
    <Group
      gap={6}
      component="ul"
      aria-label="Activated skills"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {activations.map((activation, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a skill may be activated twice in one answer
        <li key={`${activation.skill}-${index}`}>
          <Badge
            variant="light"
            color={activation.alreadyActive ? 'gray' : 'grape'}
            leftSection={<IconBolt size={12} aria-hidden />}
            style={{ textTransform: 'none' }}
            title={`${activation.by === 'user' ? 'Invoked by you' : 'Loaded by the model'}${activation.kind === 'fork' ? ', ran as a sub-agent' : ''}${activation.alreadyActive ? ' (already active)' : ''}`}
          >
            {activation.skill}
            {activation.kind === 'fork' ? ' · fork' : ''}
            {activation.alreadyActive ? ' · again' : ''}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

function PartView({ part, plain }: { part: Part; plain: boolean }) {
  if (part.type === 'text') {
    if (part.text === '') return null;
    if (plain) {
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {part.text}
        </Text>
      );
    }
    return <SkillMarkdown text={part.text} />;
  }
  if (part.type === 'data-notice') {
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} aria-hidden />} p="xs">
        <Text size="sm">{part.data.message}</Text>
      </Alert>
    );
  }
  if (part.type === 'data-approval') return <ApprovalCard approval={part.data} />;
  const tool = toolPartOf(part);
  if (tool !== undefined) {
    const done = tool.state === 'output-available';
    return (
      <Group gap={6} wrap="nowrap">
        <IconTool size={14} aria-hidden color="var(--mantine-color-gray-6)" />
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Code>{tool.name}</Code> {summariseInput(tool.input)}{' '}
          {done ? '· done' : tool.state === 'output-error' ? '· failed' : '· running…'}
        </Text>
      </Group>
    );
  }
  return null;
}

/** Whether a message has anything to show (an answer that failed at once has none). */
export function hasVisibleContent(message: PlaygroundMessage): boolean {
  return message.parts.some(
    (part) =>
      (part.type === 'text' && part.text !== '') ||
      part.type.startsWith('data-') ||
      toolPartOf(part) !== undefined,
  );
}

/** Why a turn failed, as part of the conversation. */
export function TurnFailure({ message }: { message: string }) {
  return (
    <Alert
      color="red"
      variant="light"
      title="The turn failed"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      role="alert"
      p="xs"
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message}
      </Text>
    </Alert>
  );
}

/**
 * One message of the conversation: text, tool calls, activation chips, notices and approvals,
 * and the failure that ended the turn.
 */
export function ChatMessageView({
  message,
  failure,
}: {
  message: PlaygroundMessage;
  failure?: string | undefined;
}) {
  const activations = message.parts.flatMap((part) =>
    part.type === 'data-activation' ? [part.data] : [],
  );
  const mine = message.role === 'user';
  return (
    <Paper
      component="article"
      aria-label={mine ? 'Your message' : 'Answer'}
      withBorder={!mine}
      bg={mine ? 'indigo.0' : undefined}
      p="sm"
      ml={mine ? { base: 'lg', sm: 64 } : 0}
      mr={mine ? 0 : { base: 0, sm: 32 }}
    >
      <Stack gap={6}>
        <Text size="xs" fw={600} c="dimmed">
          {mine ? 'You' : 'Agent'}
        </Text>
        <ActivationChips activations={activations} />
        {message.parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids and only grow
          <PartView key={index} part={part} plain={mine} />
        ))}
        {failure === undefined ? null : <TurnFailure message={failure} />}
      </Stack>
    </Paper>
  );
}
