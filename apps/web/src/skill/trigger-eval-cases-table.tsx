import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { TriggerEvalCase, TriggerEvalReport } from './trigger-eval-text.ts';

function Verdict({ passed }: { passed: boolean }) {
  const Icon = passed ? IconCircleCheck : IconCircleX;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={16} color={`var(--mantine-color-${passed ? 'teal' : 'red'}-8)`} aria-hidden />
      <Text span size="sm" fw={600} c={passed ? 'teal.9' : 'red.9'}>
        {passed ? 'Pass' : 'Fail'}
      </Text>
    </Group>
  );
}

function Outcome({ mode, each }: { mode: TriggerEvalReport['mode']; each: TriggerEvalCase }) {
  if (mode === 'model') return `${each.triggers} / ${each.runs}`;
  if (each.rank === null || each.rank === undefined) {
    return (
      <>
        <span aria-hidden>—</span>
        <VisuallyHidden>not matched</VisuallyHidden>
      </>
    );
  }
  return each.rank;
}

/** Each query of an eval: pass or fail, what it expected, how the skill fared, and the query. */
export function TriggerEvalCasesTable({ report }: { report: TriggerEvalReport }) {
  const withModel = report.mode === 'model';
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label="Eval cases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Result</Table.Th>
            <Table.Th>Expected</Table.Th>
            <Table.Th ta="right">{withModel ? 'Triggers' : 'Rank'}</Table.Th>
            <Table.Th>Query</Table.Th>
            {withModel ? <Table.Th>Chose instead</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.cases.map((each, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an eval set may repeat a query
            <Table.Tr key={index}>
              <Table.Td>
                <Verdict passed={each.passed} />
              </Table.Td>
              <Table.Td>{each.shouldTrigger ? 'Trigger' : 'Skip'}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <Outcome mode={report.mode} each={each} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{each.query}</Table.Td>
              {withModel ? (
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {each.chose === undefined || each.chose.length === 0 ? (
                    <Text span size="sm" c="gray.7">
                      none
                    </Text>
                  ) : (
                    each.chose.join(', ')
                  )}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
