import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TriggerEvalCasesTable } from './trigger-eval-cases-table.tsx';
import { describeEvalMode, formatShare, type TriggerEval } from './trigger-eval-text.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** An eval's result: how and when it ran, its figures, and every case. */
export function TriggerEvalResult({ result, current }: { result: TriggerEval; current: number }) {
  const { report } = result;
  const total = report.passed + report.failed;
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text size="sm">{describeEvalMode(report)}</Text>
        <Group gap={6}>
          <Text size="sm" c="gray.7">
            Ran {dateFormat.format(new Date(result.createdAt))} against version {result.version}.
          </Text>
          {result.version === current ? null : (
            <Text size="sm" fw={500} style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden />
              Older version: the skill is now at version {current}.
            </Text>
          )}
        </Group>
      </Stack>
      <Group component="dl" gap="xl" m={0}>
        <Figure label="Recall" value={formatShare(report.recall)} />
        <Figure label="Precision" value={formatShare(report.precision)} />
        <Figure label="Passed" value={`${report.passed} of ${total}`} />
        <Figure label="Failed" value={String(report.failed)} />
        {report.runs > 1 ? (
          <>
            <Figure label={`Pass@${report.runs}`} value={formatShare(report.passAtK)} />
            <Figure label={`All ${report.runs} runs right`} value={formatShare(report.passAllK)} />
          </>
        ) : null}
      </Group>
      <TriggerEvalCasesTable report={report} />
    </Stack>
  );
}
