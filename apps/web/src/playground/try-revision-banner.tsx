import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Link } from 'react-router';
import { proposalPath } from '../review/proposal-path.ts';
import { useSkillVersions } from '../skill/skill-queries.ts';
import type { TryRevision } from './try-revision.ts';

/** What the tried version is: proposed, rejected, published now or before. */
function stateLabel(
  item: { reviewState: 'proposed' | 'published' | 'rejected' | null } | undefined,
  isPublished: boolean,
): string | undefined {
  if (item === undefined) return undefined;
  if (isPublished) return 'published';
  if (item.reviewState === 'proposed' || item.reviewState === 'rejected') return item.reviewState;
  return 'published before';
}

/**
 * Says that this chat uses a proposed revision of a skill in place of the published one — and
 * which version agents get meanwhile — with a way to stop trying it.
 */
export function TryRevisionBanner({
  revision,
  onStop,
}: {
  revision: TryRevision;
  onStop: () => void;
}) {
  const { skill, version } = revision;
  const versions = useSkillVersions({ name: skill, scope: 'workspace' });
  const published = versions.data?.current;
  const item = versions.data?.items.find((each) => each.version === version);
  const label = stateLabel(item, published === version);
  const missing = versions.isError || (versions.data !== undefined && item === undefined);
  const title = missing
    ? `Cannot try ${skill} v${version}`
    : `Trying ${skill} v${version}${label === undefined ? '' : ` (${label})`}`;
  return (
    <Alert
      color={missing ? 'red' : 'orange'}
      variant="light"
      title={title}
      icon={<IconFlask size={18} aria-hidden />}
      role="status"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {missing
            ? `There is no version ${version} of the workspace skill ${skill} that you can see. Stop trying to chat with what agents get.`
            : published === 0
              ? `${skill} was never published, so it cannot be tried here until a reviewer publishes it.`
              : `Only in this chat; agents get ${published === undefined ? 'the published version' : `v${published}`}. Whenever the model loads ${skill} here, it gets version ${version}.`}
        </Text>
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={onStop}>
            Stop trying
          </Button>
          {item === undefined || item.reviewState === null ? null : (
            <Anchor
              component={Link}
              to={proposalPath({ name: skill, version })}
              size="sm"
              underline="always"
              c="inherit"
            >
              Open version {version}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
