import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ARGUMENT_TYPES,
  type ReadSkillFormResult,
  type SkillArgumentRow,
  type SkillFormValues,
} from './skill-form.ts';

const EMPTY_ARGUMENT: SkillArgumentRow = {
  name: '',
  type: 'string',
  description: '',
  required: false,
  rest: {},
};

/** The frontmatter as a form; each change is written back into the text by the caller. */
export function SkillFormFields({
  form,
  onChange,
}: {
  form: ReadSkillFormResult;
  onChange: (changes: Partial<SkillFormValues>) => void;
}) {
  if (!form.editable) {
    return (
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="xs">
          Fields
        </Title>
        <Alert color="yellow" variant="light" title="Edit the fields in the text">
          {form.reason}
        </Alert>
      </Paper>
    );
  }
  const { values } = form;
  const setArgument = (index: number, changes: Partial<SkillArgumentRow>) =>
    onChange({
      arguments: values.arguments.map((row, at) => (at === index ? { ...row, ...changes } : row)),
    });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Fields
        </Title>
        <TextInput
          label="Name"
          description="Lowercase letters, digits and hyphens"
          value={values.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
        />
        <Textarea
          label="Description"
          description="What it does and when to use it"
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <TagsInput
          label="Tags"
          placeholder="Type a tag, then Enter"
          value={values.tags}
          onChange={(tags) => onChange({ tags })}
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label="Category"
            value={values.category}
            onChange={(event) => onChange({ category: event.currentTarget.value })}
          />
          <TextInput
            label="Icon"
            value={values.icon}
            onChange={(event) => onChange({ icon: event.currentTarget.value })}
          />
        </Group>
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Arguments
          </Text>
          {values.arguments.length === 0 ? (
            <Text size="xs" c="dimmed">
              None declared; the body can still use $ARGUMENTS and $0, $1…
            </Text>
          ) : null}
          {values.arguments.map((row, index) => {
            const label = `Argument ${index + 1}`;
            return (
              <Paper
                // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the frontmatter's order
                key={index}
                withBorder
                p="xs"
                bg="var(--mantine-color-gray-light)"
                role="group"
                aria-label={label}
              >
                <Stack gap={6}>
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <TextInput
                      label="Name"
                      aria-label={`${label} name`}
                      size="xs"
                      style={{ flex: 1 }}
                      value={row.name}
                      onChange={(event) => setArgument(index, { name: event.currentTarget.value })}
                    />
                    <Select
                      label="Type"
                      aria-label={`${label} type`}
                      size="xs"
                      w={110}
                      data={[...ARGUMENT_TYPES]}
                      value={row.type}
                      allowDeselect={false}
                      onChange={(type) => setArgument(index, { type: type ?? 'string' })}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${label.toLowerCase()}`}
                      onClick={() =>
                        onChange({ arguments: values.arguments.filter((_, at) => at !== index) })
                      }
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <TextInput
                    aria-label={`${label} description`}
                    placeholder="Description"
                    size="xs"
                    value={row.description}
                    onChange={(event) =>
                      setArgument(index, { description: event.currentTarget.value })
                    }
                  />
                  <Checkbox
                    size="xs"
                    label="Required"
                    checked={row.required}
                    onChange={(event) =>
                      setArgument(index, { required: event.currentTarget.checked })
                    }
                  />
                </Stack>
              </Paper>
            );
          })}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              onChange({
                arguments: [
                  ...values.arguments,
                  { ...EMPTY_ARGUMENT, name: `arg${values.arguments.length + 1}` },
                ],
              })
            }
            style={{ alignSelf: 'flex-start' }}
          >
            Add argument
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
