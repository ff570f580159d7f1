import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { SkillsInput } from './skills-input.tsx';
import { type Secret, useSaveSecret } from './use-secrets.ts';

/** Changes the skills a secret is bound to and, when a new one is typed, its value. */
export function EditSecretModal({
  workspaceId,
  secret,
  suggestions,
  onClose,
}: {
  workspaceId: string;
  secret: Secret;
  /** The workspace's skill names; `undefined` while they load. */
  suggestions: string[] | undefined;
  onClose: () => void;
}) {
  const save = useSaveSecret(workspaceId);
  const [skills, setSkills] = useState(secret.skills);
  const [value, setValue] = useState('');
  const close = () => {
    setValue('');
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: secret.name, skills, ...(value === '' ? {} : { value }) },
      {
        onSuccess: () => {
          notifications.show({ message: `${secret.name} is saved.` });
          close();
        },
      },
    );
  };
  return (
    <Modal opened onClose={close} title={`Edit ${secret.name}`} centered>
      <form onSubmit={submit} aria-label={`Edit ${secret.name}`}>
        <Stack gap="md">
          <SkillsInput
            value={skills}
            onChange={setSkills}
            suggestions={suggestions}
            description="Only scripts of these skills get the value; empty: none does."
          />
          <PasswordInput
            label="New value"
            description="Leave empty to keep the current value"
            autoComplete="new-password"
            spellCheck={false}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the new value' }}
          />
          {save.isError ? (
            <Alert color="red" variant="light" role="alert" title="Not saved">
              {save.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
