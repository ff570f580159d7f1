import {
  Anchor,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { PendingProposalsNotice, UpdatePendingBadge } from '../review/pending-proposals-notice.tsx';
import { SkillBadgeList } from '../skills/skill-badge-list.tsx';
import { skillPath } from '../skills/skill-path.ts';
import { readSkillScope } from '../skills/skill-scopes.ts';
import { useToggleSkill } from '../skills/use-toggle-skill.tsx';
import { ArgumentsCard } from './arguments-card.tsx';
import { DeleteSkillButton } from './delete-skill-button.tsx';
import { EligibilityCard } from './eligibility-card.tsx';
import { FilesPanel } from './files-panel.tsx';
import { FrontmatterCard } from './frontmatter-card.tsx';
import { ResetToBuiltinButton } from './reset-to-builtin-button.tsx';
import { SignatureBadge } from './signature-badge.tsx';
import { skillFilePath } from './skill-file-path.ts';
import { SkillMarkdown } from './skill-markdown.tsx';
import { useSkillDetail, useSkillVersions } from './skill-queries.ts';
import { TriggerEvalSection } from './trigger-eval-section.tsx';
import { UsageCard } from './usage-card.tsx';
import { VersionsPanel } from './versions-panel.tsx';

const TABS = ['instructions', 'files', 'versions'];

/**
 * A skill: rendered instructions, files, versions, its trigger eval, frontmatter, eligibility,
 * and its actions.
 */
export function SkillPage() {
  const { name = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const scope = readSkillScope(params.get('scope'));
  const tabParam = params.get('tab');
  const tab = tabParam !== null && TABS.includes(tabParam) ? tabParam : 'instructions';
  const openFile = params.get('file') ?? undefined;
  const key = { name, scope };
  const detail = useSkillDetail(key);
  // Proposals and rollbacks part the published version's number from how many versions there are.
  const versions = useSkillVersions(
    { name: detail.data?.name ?? name, scope: detail.data?.scope },
    { enabled: detail.data !== undefined },
  );
  const toggle = useToggleSkill();
  const me = useMe();

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/skills" size="sm">
        Skills
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Breadcrumbs>
  );
  if (detail.isPending) return <LoadingState label="Loading the skill…" />;
  if (detail.isError) {
    return (
      <Stack>
        {crumbs}
        {detail.error instanceof ApiError && detail.error.status === 404 ? (
          <EmptyState title="Skill not found" headingOrder={1}>
            There is no skill named {name} that you can see. It may have been deleted.
          </EmptyState>
        ) : (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        )}
      </Stack>
    );
  }
  const skill = detail.data;
  const manifest = skill.manifest;
  const enabled = toggle.isPending ? toggle.variables.enabled : skill.enabled;
  const downloadQuery = new URLSearchParams({ scope: skill.scope });
  // Tab and file live in the URL, so a file mention in the instructions is a link to its view.
  const showTab = (value: string | null) =>
    setParams(
      (next) => {
        if (value === null || value === 'instructions') next.delete('tab');
        else next.set('tab', value);
        if (value !== 'files') next.delete('file');
        return next;
      },
      { replace: true },
    );
  const showFile = (path: string) =>
    setParams(
      (next) => {
        next.set('tab', 'files');
        next.set('file', path);
        return next;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg">
      {crumbs}
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {skill.name}
            </Title>
            <Group gap={6} wrap="wrap" align="center">
              <SkillBadgeList
                skill={{
                  ...skill,
                  eligible: skill.eligibility.eligible,
                  integration:
                    typeof manifest.integration === 'string' ? manifest.integration : null,
                  userInvocable: manifest.userInvocable !== false,
                  modelInvocable: manifest.disableModelInvocation !== true,
                }}
              />
              <SignatureBadge signature={skill.signature} />
            </Group>
            <UpdatePendingBadge name={skill.name} pending={skill.pendingProposals} />
          </Stack>
          <Group gap="xs">
            {/* Never disabled while saving: a disabled switch drops the keyboard focus to the page. */}
            <Switch
              label={enabled ? 'On' : 'Off'}
              aria-label={`${skill.name} enabled`}
              checked={enabled}
              disabled={!skill.can.enable}
              aria-busy={toggle.isPending}
              onChange={(event) => {
                if (toggle.isPending) return;
                toggle.mutate({
                  name: skill.name,
                  scope: skill.scope,
                  enabled: event.currentTarget.checked,
                });
              }}
            />
            {!skill.can.edit ? null : (
              <Button
                component={Link}
                to={`/skills/${encodeURIComponent(skill.name)}/edit?scope=${skill.scope}`}
                variant="default"
                size="sm"
                px="sm"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </Button>
            )}
            <Button
              component="a"
              href={`/api/skills/${encodeURIComponent(skill.name)}/download?${downloadQuery}`}
              download
              variant="default"
              size="sm"
              px="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download ZIP
            </Button>
            <ResetToBuiltinButton skill={skill} />
            {skill.can.delete ? <DeleteSkillButton skill={skill} /> : null}
          </Group>
        </Group>
        <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {skill.description}
        </Text>
        <PendingProposalsNotice
          name={skill.name}
          published={skill.version}
          pending={skill.pendingProposals}
          myUserId={me.data?.principal.id}
        />
        {skill.shadowedBy === undefined ? null : (
          <Text size="sm">
            A {skill.shadowedBy} skill of the same name wins, so this one is not used.{' '}
            <Anchor component={Link} to={skillPath({ name: skill.name, scope: skill.shadowedBy })}>
              Open the {skill.shadowedBy} skill
            </Anchor>
          </Text>
        )}
        {skill.shadows.length === 0 ? null : (
          <Text size="sm">
            Shadows{' '}
            {skill.shadows.map((other, index) => (
              <span key={other.scope}>
                {index > 0 ? ', ' : ''}
                <Anchor component={Link} to={skillPath({ name: skill.name, scope: other.scope })}>
                  the {other.scope} skill
                </Anchor>
              </span>
            ))}
            .
          </Text>
        )}
      </Stack>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Tabs value={tab} onChange={showTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="instructions">Instructions</Tabs.Tab>
                <Tabs.Tab value="files">Files ({skill.files.length})</Tabs.Tab>
                <Tabs.Tab value="versions">
                  Versions ({versions.data?.items.length ?? skill.version})
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="instructions" pt="md">
                <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
                  <SkillMarkdown
                    text={skill.body}
                    files={{
                      paths: skill.files.map((file) => file.path),
                      href: (path) => skillFilePath(skill, path),
                    }}
                  />
                </Paper>
              </Tabs.Panel>
              <Tabs.Panel value="files" pt="md">
                <FilesPanel
                  skill={{ ...key, scope: skill.scope, detail: skill }}
                  selected={openFile}
                  onSelect={showFile}
                />
              </Tabs.Panel>
              <Tabs.Panel value="versions" pt="md">
                <VersionsPanel
                  skill={{ name: skill.name, scope: skill.scope }}
                  current={skill.version}
                />
              </Tabs.Panel>
            </Tabs>
            <ArgumentsCard manifest={skill.manifest} />
            <TriggerEvalSection
              skill={{ name: skill.name, scope: skill.scope }}
              current={skill.version}
              canRun={skill.can.edit}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <EligibilityCard eligibility={skill.eligibility} />
            <FrontmatterCard manifest={skill.manifest} />
            <UsageCard name={skill.name} />
            {skill.agents.length === 0 ? null : (
              <Paper withBorder p="md">
                <Stack gap={4}>
                  <Title order={2} size="h5">
                    Used by agents
                  </Title>
                  <Text size="sm">{skill.agents.map((agent) => agent.name).join(', ')}</Text>
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
