import { Alert, Button, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SkillDetail } from '../api/client.ts';
import { useMe } from '../app/use-me.ts';
import { isProposal, type Proposal } from '../review/is-proposal.ts';
import { proposalNotice } from '../review/proposal-notice.ts';
import { proposalPath } from '../review/proposal-path.ts';
import { useProposals } from '../review/proposal-queries.ts';
import { skillPath } from '../skills/skill-path.ts';
import { ConflictView } from './conflict-view.tsx';
import { DiagnosticsList } from './diagnostics-list.tsx';
import { LeaveGuardModal } from './leave-guard-modal.tsx';
import { describeMerge } from './merge-part-label.ts';
import {
  type MergeSide,
  mergeSkillText,
  resolveSkillMerge,
  type SkillMerge,
} from './merge-skill-text.ts';
import { SkillCodeEditor } from './skill-code-editor.tsx';
import { skillDiagnostics } from './skill-diagnostics.ts';
import { applySkillForm, readSkillForm, type SkillFormValues } from './skill-form.ts';
import { SkillFormFields } from './skill-form-fields.tsx';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useSaveShortcut } from './use-save-shortcut.ts';
import { type EditedSkill, useSkillSave } from './use-skill-save.ts';

/** The longest change note the server keeps. */
const NOTE_MAX = 500;

const CREATE_SCOPES = [
  { value: 'workspace', label: 'Workspace' },
  { value: 'personal', label: 'Personal' },
];

/**
 * The SKILL.md editor: text, live validation, the fields form, and saving (button or Ctrl/Cmd+S)
 * with a change note, a field-by-field merge when someone saved meanwhile, and a prompt before
 * unsaved work is left.
 */
export function SkillEditor({
  initialText,
  existing,
}: {
  initialText: string;
  existing?: EditedSkill;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [scope, setScope] = useState<'workspace' | 'personal'>('workspace');
  const [note, setNote] = useState('');
  const [choices, setChoices] = useState<Record<string, MergeSide>>({});
  const me = useMe();
  const workspaceSkill = (existing?.scope ?? scope) === 'workspace';
  const review = useProposals('proposed', {
    enabled: workspaceSkill && me.data?.can.seeProposals === true,
  });
  // Where review is required, a save changes nothing served: say so before the click.
  const proposing = workspaceSkill && review.data?.review === 'required';

  const onSaved = async (saved: SkillDetail | Proposal, merged: SkillMerge | undefined) => {
    guard.release();
    await queryClient.invalidateQueries({ queryKey: ['skills'] });
    await queryClient.invalidateQueries({ queryKey: ['skill', saved.name] });
    const summary = merged === undefined ? '' : describeMerge(merged);
    if (isProposal(saved)) {
      // Nothing is served yet: the proposal's page says so and who may publish it.
      await queryClient.invalidateQueries({ queryKey: ['proposals'] });
      const notice = proposalNotice(saved);
      notifications.show({
        color: 'blue',
        title: notice.title,
        message:
          summary === ''
            ? notice.message
            : `${notice.message} Merged with version ${saved.published}, published meanwhile. ${summary}`,
        autoClose: 12_000,
      });
      navigate(proposalPath(saved));
      return;
    }
    notifications.show({
      color: 'teal',
      title: `Saved ${saved.name} (version ${saved.version})`,
      message:
        summary === ''
          ? 'Your changes are saved.'
          : `Merged with version ${saved.version - 1}, saved meanwhile. ${summary}`,
      autoClose: summary === '' ? 4000 : 12_000,
    });
    navigate(skillPath(saved));
  };

  const { text, setText, base, setBase, saving, saveError, conflict, setConflict, save } =
    useSkillSave({ existing, initialText, scope, note, onSaved });
  const guard = useLeaveGuard(text !== base.text);
  const checkedText = useDeferredValue(text);
  const diagnostics = useMemo(
    () => skillDiagnostics(checkedText, { folderName: existing?.name }),
    [checkedText, existing?.name],
  );
  const form = useMemo(() => readSkillForm(text), [text]);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const merge = useMemo(
    () =>
      conflict === undefined
        ? undefined
        : mergeSkillText({ base: base.text, mine: text, theirs: conflict.theirs }),
    [conflict, base.text, text],
  );

  const changeForm = (changes: Partial<SkillFormValues>) => {
    const next = applySkillForm(text, changes);
    if (next !== undefined) setText(next);
  };

  const theirBase = () =>
    conflict === undefined ? base : { text: conflict.theirs, version: conflict.version };
  const saveMerged = async () => {
    if (merge === undefined) return;
    const resolved = resolveSkillMerge(merge, choices);
    const theirs = theirBase();
    setText(resolved);
    setBase(theirs);
    await save(resolved, theirs, merge);
  };
  const keepMine = async () => {
    const theirs = theirBase();
    setBase(theirs);
    await save(text, theirs);
  };
  const takeTheirs = () => {
    if (conflict === undefined) return;
    setText(conflict.theirs);
    setBase({ text: conflict.theirs, version: conflict.version });
    setConflict(undefined);
    notifications.show({
      message: `Loaded version ${conflict.version}; your changes were dropped.`,
    });
  };

  useSaveShortcut(() => {
    if (saving || conflict !== undefined) return;
    if (errors > 0) {
      notifications.show({
        color: 'red',
        message: `Not saved: fix the ${errors === 1 ? 'error' : `${errors} errors`} first.`,
      });
    } else if (existing !== undefined && text === base.text) {
      notifications.show({ message: 'No changes to save.' });
    } else {
      void save();
    }
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {existing === undefined ? 'New skill' : `Edit ${existing.name}`}
          </Title>
          <Text size="sm" c="dimmed">
            {existing === undefined
              ? 'Write the SKILL.md: YAML frontmatter, then the instructions.'
              : `Editing version ${base.version} of the ${existing.scope} skill.`}
          </Text>
          {proposing ? (
            <Text size="sm" c="dimmed">
              This workspace requires review: saving proposes your change, and agents keep{' '}
              {existing === undefined ? 'without the skill' : `getting version ${existing.version}`}{' '}
              until a reviewer who is not you publishes it.
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" align="flex-end" justify="flex-end" style={{ flex: '1 1 300px' }}>
          {existing === undefined ? (
            <Select
              label="Scope"
              w={140}
              data={CREATE_SCOPES}
              value={scope}
              allowDeselect={false}
              onChange={(value) => setScope(value === 'personal' ? 'personal' : 'workspace')}
            />
          ) : (
            <TextInput
              label="Change note"
              placeholder="What changed? (optional)"
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              style={{ flex: '1 1 200px', maxWidth: 360 }}
            />
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => save()}
            loading={saving && conflict === undefined}
            disabled={errors > 0 || conflict !== undefined}
            title="Save (Ctrl+S)"
          >
            {proposing
              ? existing === undefined
                ? 'Propose skill'
                : 'Propose change'
              : existing === undefined
                ? 'Create skill'
                : 'Save'}
          </Button>
        </Group>
      </Group>
      {saveError === undefined ? null : (
        <Alert color="red" variant="light" title="Not saved" role="alert">
          {saveError}
        </Alert>
      )}
      {conflict === undefined || merge === undefined ? null : (
        <ConflictView
          merge={merge}
          theirVersion={conflict.version}
          choices={choices}
          onChoose={(id, side) => setChoices((current) => ({ ...current, [id]: side }))}
          busy={saving}
          onSaveMerged={saveMerged}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <SkillCodeEditor
              value={text}
              onChange={setText}
              diagnostics={diagnostics}
              label="SKILL.md"
            />
            <DiagnosticsList diagnostics={diagnostics} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SkillFormFields form={form} onChange={changeForm} />
        </Grid.Col>
      </Grid>
      <LeaveGuardModal guard={guard} />
    </Stack>
  );
}
