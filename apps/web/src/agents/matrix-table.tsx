import { Anchor, Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SkillScope } from '../api/client.ts';
import { skillPath } from '../skills/skill-path.ts';
import classes from './permission-matrix.module.css';
import {
  describeRule,
  type MatrixAction,
  type PermissionRule,
  rulesCovering,
} from './permission-matrix.ts';

const ACTIONS: Array<{ value: MatrixAction; label: string }> = [
  { value: 'default', label: 'Default' },
  { value: 'allow', label: 'Allow' },
  { value: 'ask', label: 'Ask' },
  { value: 'deny', label: 'Deny' },
];

/** One row of the matrix: a skill (its scope and description when known) and its cell. */
export interface MatrixRow {
  skill: string;
  action: MatrixAction;
  scope?: SkillScope;
  description?: string;
  note?: string;
}

/** The options of {@link MatrixTable}. */
export interface MatrixTableProps {
  agentId: string;
  labelledBy: string;
  rows: readonly MatrixRow[];
  rules: readonly PermissionRule[];
  canEdit: boolean;
  pendingSkill: string | undefined;
  onChange: (skill: string, action: MatrixAction) => void;
}

function actionColor(action: MatrixAction): string {
  return action === 'deny' ? 'red' : action === 'ask' ? 'yellow' : 'teal';
}

/** The matrix's table: one row per skill with default / allow / ask / deny radios. */
export function MatrixTable({
  agentId,
  labelledBy,
  rows,
  rules,
  canEdit,
  pendingSkill,
  onChange,
}: MatrixTableProps) {
  return (
    <table className={classes.table} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Skill</th>
          {ACTIONS.map(({ value, label }) => (
            <th key={value} scope="col" className={classes.choice}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const covering = rulesCovering(rules, agentId, row.skill);
          return (
            <tr key={`${row.scope ?? ''}:${row.skill}`}>
              <th scope="row">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Anchor
                      component={Link}
                      to={
                        row.scope === undefined
                          ? `/skills/${encodeURIComponent(row.skill)}`
                          : skillPath({ name: row.skill, scope: row.scope })
                      }
                      size="sm"
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {row.skill}
                    </Anchor>
                    {row.action === 'default' ? null : (
                      <Badge size="xs" variant="light" color={actionColor(row.action)}>
                        {row.action}
                      </Badge>
                    )}
                  </Group>
                  {row.description === undefined ? null : (
                    <Text size="xs" c="dimmed" lineClamp={1} visibleFrom="sm">
                      {row.description}
                    </Text>
                  )}
                  {row.note === undefined ? null : (
                    <Text size="xs" c="dimmed">
                      {row.note}
                    </Text>
                  )}
                  {covering.length === 0 ? null : (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      Also: {covering.map(describeRule).join('; ')}
                    </Text>
                  )}
                </Stack>
              </th>
              {ACTIONS.map(({ value, label }) => (
                <td key={value} className={classes.choice}>
                  <Radio
                    name={`permission-${row.scope ?? 'any'}-${row.skill}`}
                    value={value}
                    checked={row.action === value}
                    onChange={() => onChange(row.skill, value)}
                    aria-label={`${label} ${row.skill}`}
                    disabled={!canEdit || pendingSkill === row.skill}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
