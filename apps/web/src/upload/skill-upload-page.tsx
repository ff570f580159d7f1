import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '../app/states.tsx';
import { DiagnosticsList } from '../editor/diagnostics-list.tsx';
import { isProposal } from '../review/is-proposal.ts';
import { proposalNotice } from '../review/proposal-notice.ts';
import { proposalPath } from '../review/proposal-path.ts';
import { skillPath } from '../skills/skill-path.ts';
import { UploadDropZone } from './upload-drop-zone.tsx';
import { UploadPreviewCard } from './upload-preview-card.tsx';
import {
  isPreview,
  sendUpload,
  type UploadPreview,
  UploadRefusedError,
  type UploadTarget,
} from './upload-requests.ts';
import { type UploadScope, UploadScopeChoice } from './upload-scope-choice.tsx';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: File }
  | { kind: 'preview'; file: File; target: UploadTarget; preview: UploadPreview }
  | { kind: 'refused'; file: File; error: UploadRefusedError | Error };

/** `/skills/upload`: drop a ZIP or `.md`, see what it will create with every issue, then save. */
export function SkillUploadPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [scope, setScope] = useState<UploadScope>('workspace');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  const preview = async (file: File, target: UploadTarget) => {
    const answer = await sendUpload({ file, target, dryRun: true });
    if (!isPreview(answer)) throw new Error('The server did not answer with a preview.');
    return answer;
  };

  /** Previews `file`; a new skill whose name exists in the scope becomes its next version. */
  const check = async (file: File, chosen: UploadTarget, options = { followExisting: false }) => {
    setStep({ kind: 'checking', file });
    setSaveError(undefined);
    try {
      let target = chosen;
      let answer = await preview(file, target);
      if (options.followExisting && target.kind === 'new' && answer.existing && answer.name) {
        target = {
          kind: 'version',
          name: answer.name,
          scope: answer.existing.scope,
          version: answer.existing.version,
        };
        answer = await preview(file, target);
      }
      setStep({ kind: 'preview', file, target, preview: answer });
    } catch (error) {
      setStep({
        kind: 'refused',
        file,
        error: error instanceof Error ? error : new Error(String(error)),
      });
    }
  };

  const save = async () => {
    if (step.kind !== 'preview') return;
    setSaving(true);
    setSaveError(undefined);
    try {
      const saved = await sendUpload({ file: step.file, target: step.target, dryRun: false });
      if (isPreview(saved)) throw new Error('The server answered with a preview.');
      await queryClient.invalidateQueries({ queryKey: ['skills'] });
      await queryClient.invalidateQueries({ queryKey: ['skill', saved.name] });
      if (isProposal(saved)) {
        await queryClient.invalidateQueries({ queryKey: ['proposals'] });
        notifications.show({ color: 'blue', autoClose: 12_000, ...proposalNotice(saved) });
        navigate(proposalPath(saved));
        return;
      }
      notifications.show({
        color: 'teal',
        message: `Saved ${saved.name} (version ${saved.version}).`,
      });
      navigate(skillPath(saved));
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const existing = step.kind === 'preview' ? step.preview.existing : null;
  const name = step.kind === 'preview' ? step.preview.name : null;
  const target = step.kind === 'preview' ? step.target : undefined;

  return (
    <Stack gap="md" maw={880}>
      <Breadcrumbs>
        <Anchor component={Link} to="/skills" size="sm">
          Skills
        </Anchor>
        <Text size="sm">Upload</Text>
      </Breadcrumbs>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Upload a skill
        </Title>
        <Text size="sm" c="dimmed">
          A ZIP of a skill folder or a single SKILL.md becomes a new skill or a new version.
        </Text>
      </Stack>
      {step.kind === 'choose' ? (
        <Stack gap="sm">
          <UploadScopeChoice value={scope} onChange={setScope} />
          <UploadDropZone
            onFile={(file) => check(file, { kind: 'new', scope }, { followExisting: true })}
          />
        </Stack>
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            File:{' '}
            <Text span fw={600}>
              {step.file.name}
            </Text>
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setStep({ kind: 'choose' })}
          >
            Choose another file
          </Button>
        </Group>
      )}
      {step.kind === 'checking' ? <LoadingState label="Checking the upload…" /> : null}
      {step.kind === 'refused' ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" title="This upload cannot be saved" role="alert">
            {step.error.message}
          </Alert>
          {step.error instanceof UploadRefusedError && step.error.issues.length > 0 ? (
            <DiagnosticsList
              diagnostics={step.error.issues.map((issue) => ({
                ...issue,
                line: issue.line ?? null,
                column: issue.column ?? null,
              }))}
            />
          ) : null}
        </Stack>
      ) : null}
      {step.kind === 'preview' ? (
        <Stack gap="sm">
          {existing !== null && name !== null ? (
            <SegmentedControl
              aria-label="Save as"
              fullWidth
              styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              value={step.target.kind}
              onChange={(kind) =>
                check(
                  step.file,
                  kind === 'version'
                    ? { kind: 'version', name, scope: existing.scope, version: existing.version }
                    : { kind: 'new', scope },
                )
              }
              data={[
                { value: 'new', label: 'New skill' },
                { value: 'version', label: `New version of ${name}` },
              ]}
            />
          ) : null}
          {step.target.kind === 'new' ? (
            <UploadScopeChoice
              value={scope}
              disabled={saving}
              onChange={(chosen) => {
                setScope(chosen);
                check(step.file, { kind: 'new', scope: chosen }, { followExisting: true });
              }}
            />
          ) : null}
          <UploadPreviewCard preview={step.preview} />
          {saveError === undefined ? null : (
            <Alert color="red" variant="light" title="Not saved" role="alert">
              {saveError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              disabled={!step.preview.valid}
              loading={saving}
              onClick={save}
            >
              {target?.kind === 'version'
                ? `Save as version ${target.version + 1}`
                : 'Create skill'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
