import {
  Anchor,
  Blockquote,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import type { Me } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { SkillChangesView } from '../diff/skill-changes-view.tsx';
import { tryRevisionPath } from '../playground/try-revision.ts';
import { SignatureBadge } from '../skill/signature-badge.tsx';
import { skillPath } from '../skills/skill-path.ts';
import { EvalDeltaCard } from './eval-delta-card.tsx';
import { frontmatterChanges } from './frontmatter-changes.ts';
import { FrontmatterChangesCard } from './frontmatter-changes-card.tsx';
import { ProposalFindingsCard } from './proposal-findings-card.tsx';
import { useProposalReview, useProposals } from './proposal-queries.ts';
import type { ProposalAnswer } from './proposal-review-data.ts';
import { ProposalStateBadge } from './proposal-state-badge.tsx';
import { ReviewActions } from './review-actions.tsx';
import { formatReviewTime } from './review-time.ts';

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${sizeFormat.format(bytes / 1024)} KB`;
}

/** The changes of a revision: SKILL.md line by line, then every other changed file. */
function Changes({ answer }: { answer: ProposalAnswer }) {
  const { revision, review } = answer;
  // Once published (and loaded again), the revision is compared with itself: nothing differs.
  const selfPublished =
    revision.state === 'published' &&
    revision.version === revision.published &&
    review.diff.length === 0;
  return (
    <Stack gap="sm" component="section" aria-labelledby="changes">
      <Title order={2} size="h4" id="changes">
        Changes
      </Title>
      {selfPublished ? (
        <Text size="sm" c="gray.7">
          This revision is the one served now, so there is nothing to compare it with here; the
          skill’s Versions tab compares any two versions.
        </Text>
      ) : review.diff.length === 0 ? (
        <Text size="sm" c="gray.7">
          No file differs from the published version.
        </Text>
      ) : (
        <SkillChangesView
          before={review.publishedContent ?? ''}
          after={review.content}
          skillMdStatus={review.diff.find((file) => file.path === 'SKILL.md')?.status}
          files={review.diff}
          sameSkillMd="SKILL.md is the same as in the published version."
        />
      )}
    </Stack>
  );
}

function FilesCard({ files }: { files: ProposalAnswer['review']['files'] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="proposal-files">
      <Stack gap="xs">
        <Title order={2} size="h5" id="proposal-files">
          Files ({files.length})
        </Title>
        <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
          {files.map((file) => (
            <Group component="li" key={file.path} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {file.path}
              </Text>
              <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
                {formatSize(file.size)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Review({
  answer,
  me,
  onReload,
}: {
  answer: ProposalAnswer;
  me: Me;
  onReload: () => void;
}) {
  const { revision, review } = answer;
  const mayReview = useProposals('proposed').data?.mayReview;
  const fields = useMemo(
    () => frontmatterChanges(review.publishedContent, review.content),
    [review.publishedContent, review.content],
  );
  const isNew = revision.published === 0 && review.publishedContent === null;
  const mine = revision.author?.id === me.principal.id;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {revision.name} · version {revision.version}
          </Title>
          <ProposalStateBadge state={revision.state} />
        </Group>
        <Text size="sm" c="gray.7">
          Proposed by {mine ? 'you' : (revision.author?.name ?? 'someone')} on{' '}
          {formatReviewTime(revision.createdAt)}.{' '}
          {revision.state !== 'proposed'
            ? null
            : isNew
              ? 'A new skill: no agent gets it until it is published.'
              : `Agents get version ${revision.published} until a reviewer publishes this one.`}{' '}
          {isNew ? null : (
            <Anchor
              component={Link}
              to={skillPath({ name: revision.name, scope: 'workspace' })}
              underline="always"
            >
              Open the skill
            </Anchor>
          )}
        </Text>
        {revision.message === null ? null : (
          <Blockquote p="xs" color="gray" style={{ overflowWrap: 'anywhere' }}>
            <Text size="sm">{revision.message}</Text>
          </Blockquote>
        )}
        {/* The playground swaps a revision of a served skill: a new skill can be tried once published. */}
        {revision.state !== 'proposed' || isNew ? null : (
          <Button
            component={Link}
            to={tryRevisionPath({ skill: revision.name, version: revision.version })}
            variant="default"
            size="sm"
            leftSection={<IconFlask size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Try in playground
          </Button>
        )}
      </Stack>
      <ReviewActions
        revision={revision}
        myUserId={me.principal.id}
        mayReview={mayReview}
        onReload={onReload}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {review.diff.length === 0 && revision.state === 'published' ? null : (
              <FrontmatterChangesCard changes={fields} isNew={isNew} />
            )}
            <Changes answer={answer} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" component="section" aria-labelledby="proposal-signature">
              <Stack gap="xs">
                <Title order={2} size="h5" id="proposal-signature">
                  Signature
                </Title>
                <SignatureBadge signature={review.signature} />
              </Stack>
            </Paper>
            {review.eval === null ? null : <EvalDeltaCard result={review.eval} />}
            <ProposalFindingsCard findings={review.findings} />
            <FilesCard files={review.files} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** `/proposals/:name/:version`: one revision to review, its diff and checks, and the decision. */
export function ProposalPage({ me }: { me: Me }) {
  const { name = '', version: versionParam = '' } = useParams();
  const version = Number(versionParam);
  const answer = useProposalReview({ name, version });
  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/proposals" size="sm">
        Proposals
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name} · version {versionParam}
      </Text>
    </Breadcrumbs>
  );
  if (answer.isPending) {
    return (
      <Stack>
        {crumbs}
        <LoadingState label="Loading the proposal…" />
      </Stack>
    );
  }
  if (answer.isError) {
    const missing = answer.error instanceof ApiError && answer.error.status === 404;
    return (
      <Stack>
        {crumbs}
        {missing ? (
          <EmptyState title="Proposal not found" headingOrder={1}>
            {name} has no proposed or reviewed version {versionParam} that you can see.
          </EmptyState>
        ) : (
          <>
            <Title order={1} size="h2">
              {name} · version {versionParam}
            </Title>
            <ErrorState error={answer.error} onRetry={() => answer.refetch()} />
          </>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {crumbs}
      <Review answer={answer.data} me={me} onReload={() => answer.refetch()} />
    </Stack>
  );
}
