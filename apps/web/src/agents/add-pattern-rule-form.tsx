import { Alert, Button, Group, NativeSelect, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { checkSkillPattern, type RuleAction, type RuleSurface } from './permission-matrix.ts';
import { useAddPatternRule } from './use-agent-rules.ts';

const ACTIONS: Array<{ value: RuleAction; label: string }> = [
  { value: 'deny', label: 'Deny' },
  { value: 'ask', label: 'Ask' },
  { value: 'allow', label: 'Allow' },
];

/** The surfaces a rule may name, in words. */
export const SURFACES: Array<{ value: RuleSurface; label: string }> = [
  { value: '*', label: 'Every surface' },
  { value: 'catalog', label: 'Catalog (listed to the model)' },
  { value: 'model', label: 'Model calls (and the catalog)' },
  { value: 'user', label: 'People (/name)' },
  { value: 'read', label: 'Reading files' },
  { value: 'manage', label: 'Managing' },
  { value: 'run', label: 'Running its scripts (asks unless allowed here)' },
];

function isAction(value: string): value is RuleAction {
  return ACTIONS.some((each) => each.value === value);
}

function isSurface(value: string): value is RuleSurface {
  return SURFACES.some((each) => each.value === value);
}

/** "Add a pattern rule": a glob, an action and a surface, saved with the agent's other rules. */
export function AddPatternRuleForm({ agentId }: { agentId: string }) {
  const [pattern, setPattern] = useState('');
  const [action, setAction] = useState<RuleAction>('deny');
  const [surface, setSurface] = useState<RuleSurface>('*');
  const [checked, setChecked] = useState(false);
  const add = useAddPatternRule(agentId);
  const problem = checkSkillPattern(pattern, surface);
  const edited = () => {
    if (add.isError) add.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem !== undefined) return;
    add.mutate(
      { skill: pattern.trim(), surface, action },
      {
        onSuccess: () => {
          setPattern('');
          setChecked(false);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby="add-pattern-rule" noValidate>
      <Title order={3} size="h5" id="add-pattern-rule" mb={4}>
        Add a pattern rule
      </Title>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label="Pattern"
          placeholder="release-*"
          description="* is any run of characters, ? one character; case is ignored."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={pattern}
          onChange={(event) => {
            setPattern(event.currentTarget.value);
            edited();
          }}
          onBlur={() => setChecked(pattern.trim() !== '')}
          error={checked ? problem?.message : undefined}
          style={{ flex: '2 1 14rem', minWidth: 0 }}
          autoComplete="off"
          spellCheck={false}
        />
        <NativeSelect
          label="Action"
          data={ACTIONS}
          value={action}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isAction(value)) setAction(value);
            edited();
          }}
          style={{ flex: '1 1 6rem' }}
        />
        <NativeSelect
          label="Surface"
          data={SURFACES}
          value={surface}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isSurface(value)) setSurface(value);
            edited();
          }}
          style={{ flex: '1 1 12rem' }}
        />
      </Group>
      <Group gap="xs" mt="xs">
        <Button
          type="submit"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={add.isPending}
        >
          Add rule
        </Button>
      </Group>
      {add.isError ? (
        <Alert color="red" variant="light" role="alert" mt="xs" title="The rule was not saved">
          {add.error.message}
        </Alert>
      ) : null}
    </form>
  );
}
