import { Checkbox, Code, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type {
  ArgumentFormValues,
  CommandArgument,
  InvokedCommand,
} from './invocation-arguments.ts';

interface InvocationArgumentsFormProps {
  invoked: InvokedCommand;
  values: ArgumentFormValues;
  onChange: (values: ArgumentFormValues) => void;
  /** The message as it will be sent, with the options filled in. */
  preview: string;
}

function ArgumentField({
  argument,
  value,
  onChange,
}: {
  argument: CommandArgument;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const description = argument.description;
  if (argument.type === 'boolean') {
    return (
      <Checkbox
        label={argument.required ? `${argument.name} (required)` : argument.name}
        description={description}
        checked={value === true}
        onChange={(event) => onChange(event.currentTarget.checked)}
        mt={{ base: 0, xs: 'lg' }}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (argument.enum !== undefined && argument.enum.length > 0) {
    return (
      <Select
        label={argument.name}
        description={description}
        withAsterisk={argument.required}
        data={argument.enum.map(String)}
        value={text === '' ? null : text}
        onChange={(choice) => onChange(choice ?? '')}
        placeholder="Choose…"
        clearable={!argument.required}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <TextInput
      label={argument.name}
      description={description}
      withAsterisk={argument.required}
      aria-required={argument.required}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      inputMode={argument.type === 'string' ? undefined : 'decimal'}
      placeholder={argument.type === 'string' ? undefined : argument.type}
    />
  );
}

/** The declared arguments of the skill a message invokes, as fields whose values go into the message. */
export function InvocationArgumentsForm({
  invoked,
  values,
  onChange,
  preview,
}: InvocationArgumentsFormProps) {
  const title = `Arguments of ${invoked.prefix}${invoked.name}`;
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          {invoked.arguments.map((argument) => (
            <ArgumentField
              key={argument.name}
              argument={argument}
              value={values[argument.name]}
              onChange={(value) => onChange({ ...values, [argument.name]: value })}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Sends <Code>{preview}</Code>
        </Text>
      </Stack>
    </Paper>
  );
}
