import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { secretNameProblem, toSecretName } from './secret-name.ts';
import { SkillsInput } from './skills-input.tsx';
import { type Secret, useSaveSecret } from './use-secrets.ts';

/** Adds a secret, or replaces the value and skills of one with the same name. */
export function AddSecretForm({
  workspaceId,
  secrets,
  suggestions,
}: {
  workspaceId: string;
  secrets: Secret[];
  /** The workspace's skill names; `undefined` while they load. */
  suggestions: string[] | undefined;
}) {
  const save = useSaveSecret(workspaceId);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [skills, setSkills] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const nameProblem = secretNameProblem(name);
  const valueProblem = value === '' ? 'Give the secret a value.' : undefined;
  const existing = secrets.find((secret) => secret.name === name);
  // A refusal is about what was sent: it goes once the fields change.
  const edited = () => {
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (nameProblem !== undefined || valueProblem !== undefined) return;
    save.mutate(
      { name, value, skills },
      {
        onSuccess: (saved) => {
          // The value leaves the page's state (and its HTML) as soon as it is stored.
          setName('');
          setValue('');
          setSkills([]);
          setChecked(false);
          save.reset();
          notifications.show({
            message: `${saved.name} is saved; its value is not shown again.`,
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Add a secret" noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Name"
            description="The environment variable a script reads"
            placeholder="GITHUB_TOKEN"
            required
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
            value={name}
            onChange={(event) => {
              edited();
              setName(toSecretName(event.currentTarget.value));
            }}
            error={checked ? nameProblem : undefined}
            miw={200}
          />
          <PasswordInput
            label="Value"
            description={
              existing === undefined
                ? 'Stored encrypted; never shown again'
                : `Replaces the value of ${existing.name}`
            }
            required
            autoComplete="new-password"
            spellCheck={false}
            value={value}
            onChange={(event) => {
              edited();
              setValue(event.currentTarget.value);
            }}
            error={checked ? valueProblem : undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the value' }}
            miw={200}
          />
        </Group>
        <SkillsInput value={skills} onChange={setSkills} suggestions={suggestions} />
        {save.isError ? (
          <Alert color="red" variant="light" role="alert" title="Not saved">
            {save.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={<IconLock size={16} aria-hidden />}
          >
            {existing === undefined ? 'Save secret' : 'Replace secret'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
