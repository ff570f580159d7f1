import { Alert, Button, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { api, type SkillScope, unwrap } from '../api/client.ts';
import { skillPath } from '../skills/skill-path.ts';
import { ConflictView } from './conflict-view.tsx';
import { DiagnosticsList } from './diagnostics-list.tsx';
import { SkillCodeEditor } from './skill-code-editor.tsx';
import { skillDiagnostics } from './skill-diagnostics.ts';
import { applySkillForm, readSkillForm, type SkillFormValues } from './skill-form.ts';
import { SkillFormFields } from './skill-form-fields.tsx';

/** The skill being edited: its name, scope and the version (ETag) the text started from. */
export interface EditedSkill {
  name: string;
  scope: SkillScope;
  version: number;
}

interface Conflict {
  theirs: string;
  version: number;
}

const CREATE_SCOPES = [
  { value: 'workspace', label: 'Workspace' },
  { value: 'personal', label: 'Personal' },
];

/** The SKILL.md editor: text, live validation, the fields form, and saving with conflict handling. */
export function SkillEditor({
  initialText,
  existing,
}: {
  initialText: string;
  existing?: EditedSkill;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const [baseVersion, setBaseVersion] = useState(existing?.version);
  const [scope, setScope] = useState<'workspace' | 'personal'>('workspace');
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();
  const [conflict, setConflict] = useState<Conflict>();
  const checkedText = useDeferredValue(text);
  const diagnostics = useMemo(
    () => skillDiagnostics(checkedText, { folderName: existing?.name }),
    [checkedText, existing?.name],
  );
  const form = useMemo(() => readSkillForm(text), [text]);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;

  const changeForm = (changes: Partial<SkillFormValues>) => {
    const next = applySkillForm(text, changes);
    if (next !== undefined) setText(next);
  };

  const saved = async (detail: { name: string; scope: SkillScope; version: number }) => {
    await queryClient.invalidateQueries({ queryKey: ['skills'] });
    await queryClient.invalidateQueries({ queryKey: ['skill', detail.name] });
    notifications.show({
      color: 'teal',
      message: `Saved ${detail.name} (version ${detail.version}).`,
    });
    navigate(skillPath(detail));
  };

  const save = async (version = baseVersion) => {
    setSaving(true);
    setSaveError(undefined);
    try {
      if (existing === undefined) {
        await saved(await unwrap(api.POST('/api/skills', { body: { content: text, scope } })));
        return;
      }
      const params = { path: { name: existing.name }, query: { scope: existing.scope } };
      const answer = await api.PUT('/api/skills/{name}', {
        params: { ...params, header: { 'if-match': `"${version}"` } },
        body: { content: text },
      });
      if (answer.response.status === 409) {
        const current = await unwrap(api.GET('/api/skills/{name}', { params }));
        setConflict({ theirs: current.content, version: current.version });
        return;
      }
      await saved(await unwrap(Promise.resolve(answer)));
    } catch (error) {
      setSaveError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const keepMine = async () => {
    if (conflict === undefined) return;
    setBaseVersion(conflict.version);
    setConflict(undefined);
    await save(conflict.version);
  };
  const takeTheirs = () => {
    if (conflict === undefined) return;
    setText(conflict.theirs);
    setBaseVersion(conflict.version);
    setConflict(undefined);
    notifications.show({
      message: `Loaded version ${conflict.version}; your changes were dropped.`,
    });
  };

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
              : `Editing version ${baseVersion} of the ${existing.scope} skill.`}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {existing === undefined ? (
            <Select
              label="Scope"
              w={140}
              data={CREATE_SCOPES}
              value={scope}
              allowDeselect={false}
              onChange={(value) => setScope(value === 'personal' ? 'personal' : 'workspace')}
            />
          ) : null}
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => save()}
            loading={saving && conflict === undefined}
            disabled={errors > 0 || conflict !== undefined}
          >
            {existing === undefined ? 'Create skill' : 'Save'}
          </Button>
        </Group>
      </Group>
      {saveError === undefined ? null : (
        <Alert color="red" variant="light" title="Not saved" role="alert">
          {saveError}
        </Alert>
      )}
      {conflict === undefined ? null : (
        <ConflictView
          theirs={conflict.theirs}
          theirVersion={conflict.version}
          mine={text}
          busy={saving}
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
    </Stack>
  );
}
