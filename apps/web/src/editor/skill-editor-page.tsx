import { Anchor, Breadcrumbs, Stack, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { useMe } from '../app/use-me.ts';
import { PendingProposalsNotice } from '../review/pending-proposals-notice.tsx';
import { useSkillDetail } from '../skill/skill-queries.ts';
import { skillPath } from '../skills/skill-path.ts';
import { readSkillScope } from '../skills/skill-scopes.ts';
import { SkillEditor } from './skill-editor.tsx';

const NEW_SKILL = `---
name: my-skill
description: What this skill does, and when an agent should use it.
---
# My skill

Describe the steps to follow. $ARGUMENTS is what the user typed after the command.
`;

/** `/skills/new`: a new skill, written in the editor. */
export function NewSkillPage() {
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/skills" size="sm">
          Skills
        </Anchor>
        <Text size="sm">New skill</Text>
      </Breadcrumbs>
      <SkillEditor initialText={NEW_SKILL} />
    </Stack>
  );
}

/** `/skills/:name/edit`: the current `SKILL.md` of a skill in the editor. */
export function EditSkillPage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  const scope = readSkillScope(params.get('scope'));
  const detail = useSkillDetail({ name, scope });
  const me = useMe();
  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} to="/skills" size="sm">
        Skills
      </Anchor>
      <Anchor
        component={Link}
        to={scope ? skillPath({ name, scope }) : `/skills/${encodeURIComponent(name)}`}
        size="sm"
      >
        {name}
      </Anchor>
      <Text size="sm">Edit</Text>
    </Breadcrumbs>
  );
  if (detail.isPending) return <LoadingState label="Loading the skill…" />;
  if (detail.isError) {
    return (
      <Stack>
        {crumbs}
        {detail.error instanceof ApiError && detail.error.status === 404 ? (
          <EmptyState title="Skill not found">
            There is no skill named {name} that you can see. It may have been deleted.
          </EmptyState>
        ) : (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {crumbs}
      <PendingProposalsNotice
        name={detail.data.name}
        published={detail.data.version}
        pending={detail.data.pendingProposals}
        myUserId={me.data?.principal.id}
      />
      <SkillEditor
        key={`${detail.data.scope}/${detail.data.name}`}
        initialText={detail.data.content}
        existing={{
          name: detail.data.name,
          scope: detail.data.scope,
          version: detail.data.version,
        }}
      />
    </Stack>
  );
}
