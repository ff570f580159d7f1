import { Badge, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../app/confirm-modal.tsx';
import { AddPatternRuleForm, SURFACES } from './add-pattern-rule-form.tsx';
import { describeRule, type PermissionRule } from './permission-matrix.ts';
import { useRemoveAgentRule } from './use-agent-rules.ts';

function surfaceText(rule: PermissionRule): string {
  const label = SURFACES.find((each) => each.value === rule.surface)?.label ?? rule.surface;
  return rule.surface === '*' ? 'every surface' : `only ${label.toLowerCase()}`;
}

/** The options of {@link PatternRules}. */
export interface PatternRulesProps {
  agentId: string;
  agentName: string;
  /** The agent's rules outside the matrix: globs, one surface or one principal. */
  rules: readonly PermissionRule[];
  canEdit: boolean;
}

/** The agent's pattern rules, each removable after a confirmation, and the form to add one. */
export function PatternRules({ agentId, agentName, rules, canEdit }: PatternRulesProps) {
  const [removing, setRemoving] = useState<PermissionRule>();
  const remove = useRemoveAgentRule(agentId);
  const close = () => {
    setRemoving(undefined);
    remove.reset();
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="pattern-rules">
      <div>
        <Title order={3} size="h5" id="pattern-rules">
          Pattern rules
        </Title>
        <Text size="sm" c="dimmed">
          A pattern covers every skill whose name it matches, now and later. Deny beats ask beats
          allow, so a matching deny wins over a skill’s own Allow.
        </Text>
      </div>
      {rules.length === 0 ? (
        <Text size="sm" c="gray.7">
          No pattern rules yet: each skill follows its row above. A rule added here, such as deny{' '}
          <code>release-*</code>, also covers the matching skills written later.
        </Text>
      ) : (
        <Stack
          gap={6}
          component="ul"
          aria-labelledby="pattern-rules"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rules.map((rule) => (
            <Group component="li" key={rule.id} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                <Badge
                  size="sm"
                  variant="light"
                  color={rule.action === 'deny' ? 'red' : rule.action === 'ask' ? 'yellow' : 'teal'}
                >
                  {rule.action}
                </Badge>
                <Code style={{ overflowWrap: 'anywhere' }}>{rule.skill}</Code>
                <Text size="xs" c="dimmed">
                  {surfaceText(rule)}
                  {rule.principal === '*' ? '' : `, for ${rule.principal}`}
                </Text>
              </Group>
              {canEdit ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(rule)}
                  aria-label={`Remove the rule ${describeRule(rule)}`}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {canEdit ? <AddPatternRuleForm agentId={agentId} /> : null}
      <ConfirmModal
        opened={removing !== undefined}
        onClose={close}
        title={`Remove the rule ${removing === undefined ? '' : describeRule(removing)}?`}
        confirmLabel="Remove rule"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing === undefined ? undefined : remove.mutate(removing, { onSuccess: close })
        }
      >
        <Text size="sm">
          The skills it matched follow {agentName}’s other rules and the workspace rules again.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
