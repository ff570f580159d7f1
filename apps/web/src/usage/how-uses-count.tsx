import { Text } from '@mantine/core';

/** What an empty usage chart stands for: no use yet, and what will count as one. */
export function HowUsesCount({ subject }: { subject: string }) {
  return (
    <Text size="sm" c="gray.7">
      {subject} A use is counted when a person runs <code>/name</code> (in the playground, a chat or
      the CLI) or a model loads a skill through its skill tool or MCP; each day’s uses show here as
      a bar.
    </Text>
  );
}
