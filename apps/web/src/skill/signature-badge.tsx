import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { Schemas } from '../api/client.ts';

type Signature = Schemas['SkillSignature'];

/**
 * Who signed the skill's current version, checked against the workspace's trusted signers:
 * "Signed by …" with the key's fingerprint, "Unsigned", or "Signature invalid" with the reason.
 */
export function SignatureBadge({ signature }: { signature: Signature }) {
  if (signature.state === 'signed') {
    return (
      <Group gap={6} wrap="wrap">
        <Tooltip label={`Key ${signature.fingerprint ?? ''}`} withArrow openDelay={300}>
          <Badge color="teal" variant="light" size="sm" radius="sm" tt="none">
            Signed by {signature.signer}
          </Badge>
        </Tooltip>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {signature.fingerprint}
        </Text>
      </Group>
    );
  }
  if (signature.state === 'unsigned') {
    return (
      <Tooltip label={signature.reason} withArrow openDelay={300} multiline maw={360}>
        <Badge color="gray" variant="light" size="sm" radius="sm" tt="none" w="fit-content">
          Unsigned
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Badge color="red" variant="light" size="sm" radius="sm" tt="none" style={{ flexShrink: 0 }}>
        Signature invalid
      </Badge>
      <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
        {signature.reason}
      </Text>
    </Group>
  );
}
