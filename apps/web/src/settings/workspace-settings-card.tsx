import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { api, type Schemas, unwrap } from '../api/client.ts';
import { ErrorState, LoadingState } from '../app/states.tsx';

type Workspace = Schemas['Workspace'];

const DEFAULT_BUDGET = 2000;

/** The non-empty lines of a textarea, trimmed. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A monospace field of key lines (signers or public keys), one per line. */
function KeyLinesField(props: {
  label: string;
  description: ReactNode;
  example: string;
  value: string;
  onChange: (value: string) => void;
  canEdit: boolean;
  minRows: number;
}) {
  return (
    <Textarea
      label={props.label}
      description={props.description}
      placeholder={props.canEdit ? props.example : undefined}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      disabled={!props.canEdit}
      autosize
      minRows={props.minRows}
      maxRows={10}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}

function SettingsForm({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [skillsEnabled, setSkillsEnabled] = useState(workspace.settings.skillsEnabled);
  const [gated, setGated] = useState(workspace.settings.integrations !== undefined);
  const [integrations, setIntegrations] = useState(workspace.settings.integrations ?? []);
  const [budget, setBudget] = useState<string | number>(workspace.settings.catalogBudget ?? '');
  const [blockRisks, setBlockRisks] = useState(workspace.settings.contentRisks === 'block');
  const [requireSigned, setRequireSigned] = useState(workspace.settings.requireSigned);
  const [signers, setSigners] = useState(workspace.settings.trustedSigners.join('\n'));
  const [revoked, setRevoked] = useState(workspace.settings.revokedSigners.join('\n'));
  const reviewRequired = workspace.settings.review === 'required';
  const [review, setReview] = useState(reviewRequired);
  const [blockRecallDrop, setBlockRecallDrop] = useState(workspace.settings.blockRecallDrop);
  useEffect(() => {
    setReview(workspace.settings.review === 'required');
    setBlockRecallDrop(workspace.settings.blockRecallDrop);
    setBlockRisks(workspace.settings.contentRisks === 'block');
    setRequireSigned(workspace.settings.requireSigned);
    setSigners(workspace.settings.trustedSigners.join('\n'));
    setRevoked(workspace.settings.revokedSigners.join('\n'));
    setSkillsEnabled(workspace.settings.skillsEnabled);
    setGated(workspace.settings.integrations !== undefined);
    setIntegrations(workspace.settings.integrations ?? []);
    setBudget(workspace.settings.catalogBudget ?? '');
  }, [workspace]);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH('/api/workspaces/{id}', {
          params: { path: { id: workspace.id } },
          body: {
            settings: {
              skillsEnabled,
              integrations: gated ? integrations : null,
              catalogBudget: budget === '' ? null : Number(budget),
              contentRisks: blockRisks ? 'block' : 'allow',
              requireSigned,
              trustedSigners: lines(signers),
              revokedSigners: lines(revoked),
              // Sent only when switched: turning review on checks that two people may publish.
              ...(review === reviewRequired ? {} : { review: review ? 'required' : 'off' }),
              blockRecallDrop,
            },
          },
        }),
      ),
    onSuccess: async () => {
      notifications.show({ message: 'Workspace settings saved.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['workspace', workspace.id] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
        queryClient.invalidateQueries({ queryKey: ['skills'] }),
        queryClient.invalidateQueries({ queryKey: ['proposals'] }),
      ]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} aria-label="Workspace settings">
      <Stack gap="md">
        <Switch
          label="Skills on"
          description="Off: no skill of this workspace reaches any agent"
          checked={skillsEnabled}
          disabled={!canEdit}
          onChange={(event) => setSkillsEnabled(event.currentTarget.checked)}
        />
        <Stack gap="xs">
          <Switch
            label="Only the listed integrations"
            description="Skills that need an integration not listed here are not eligible"
            checked={gated}
            disabled={!canEdit}
            onChange={(event) => setGated(event.currentTarget.checked)}
          />
          {gated ? (
            <TagsInput
              label="Integrations"
              description="Press Enter after each name, e.g. github"
              placeholder={canEdit ? 'github, slack…' : undefined}
              value={integrations}
              onChange={setIntegrations}
              disabled={!canEdit}
              clearable
            />
          ) : null}
        </Stack>
        <NumberInput
          label="Default catalog budget"
          description={`Tokens for the skills catalog in a prompt when the agent sets none; empty: ${DEFAULT_BUDGET.toLocaleString()}`}
          placeholder={String(DEFAULT_BUDGET)}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={budget}
          onChange={setBudget}
          disabled={!canEdit}
          maw={360}
        />
        <Switch
          label="Block skills with content risks"
          description="Skills the doctor flags (instructions that override others, hidden text, scripts that reach the network or credentials) reach no agent; they can still be edited"
          checked={blockRisks}
          disabled={!canEdit}
          onChange={(event) => setBlockRisks(event.currentTarget.checked)}
        />
        <Switch
          label="Require review"
          description="A change to a workspace skill becomes a proposal that reaches no agent until a reviewer who is not its author publishes it (Proposals page). Needs two people who may publish: admins, owners or members with the reviewer grant (Team page)"
          checked={review}
          disabled={!canEdit}
          onChange={(event) => setReview(event.currentTarget.checked)}
        />
        <Switch
          label="Refuse a drop in trigger recall"
          description="Publishing a proposal whose trigger eval (evals/triggers.json) finds fewer of the queries that should load the skill than the published version does needs the reviewer to override it; the override is recorded in the audit log"
          checked={blockRecallDrop}
          disabled={!canEdit}
          onChange={(event) => setBlockRecallDrop(event.currentTarget.checked)}
        />
        <Switch
          label="Require signed skills"
          description="Only skills signed by one of the trusted signers below reach an agent; unsigned skills and skills changed since they were signed are left out (they can still be edited)"
          checked={requireSigned}
          disabled={!canEdit}
          onChange={(event) => setRequireSigned(event.currentTarget.checked)}
        />
        <KeyLinesField
          label="Trusted signers"
          description={
            <>
              One line of git’s <code>allowed_signers</code> format each: the signer, then the
              public key, e.g. <code>alice@example.com ssh-ed25519 AAAA…</code>
            </>
          }
          example="alice@example.com ssh-ed25519 AAAAC3Nza…"
          value={signers}
          onChange={setSigners}
          canEdit={canEdit}
          minRows={2}
        />
        <KeyLinesField
          label="Revoked keys"
          description={
            <>
              One public key each, as in a <code>.pub</code> file: a signature by one of these keys
              never counts, even from a trusted signer, e.g. <code>ssh-ed25519 AAAA…</code>
            </>
          }
          example="ssh-ed25519 AAAAC3Nza…"
          value={revoked}
          onChange={setRevoked}
          canEdit={canEdit}
          minRows={1}
        />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        ) : null}
        {canEdit ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Only admins and owners change these settings.
          </Text>
        )}
      </Stack>
    </form>
  );
}

/**
 * The workspace's settings: skills on or off, gated integrations, the catalog budget, content
 * risks, whether changes wait for a reviewer, and whether skills must be signed by one of its
 * trusted signers (and by no revoked key).
 */
export function WorkspaceSettingsCard({
  workspaceId,
  canEdit,
}: {
  workspaceId: string;
  canEdit: boolean;
}) {
  const workspace = useQuery({
    queryKey: ['workspace', workspaceId],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/workspaces/{id}', { params: { path: { id: workspaceId } }, signal })),
  });
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="workspace">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="workspace">
            Workspace
          </Title>
          {workspace.data === undefined ? null : (
            <Text size="sm" c="dimmed">
              {workspace.data.name} · <code>{workspace.data.slug}</code>
            </Text>
          )}
        </Stack>
        {workspace.isPending ? <LoadingState label="Loading the workspace…" /> : null}
        {workspace.isError ? (
          <ErrorState error={workspace.error} onRetry={() => workspace.refetch()} />
        ) : null}
        {workspace.data === undefined ? null : (
          <SettingsForm workspace={workspace.data} canEdit={canEdit} />
        )}
      </Stack>
    </Paper>
  );
}
