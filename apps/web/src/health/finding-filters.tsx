import { SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FindingFilter, filterFindings } from './filter-findings.ts';
import { groupFindings, type PlacedFinding, SEVERITIES } from './group-findings.ts';

/**
 * The filters above the findings: severity (each with its count under the other filters), problem
 * (the finding code) and part of a skill's name.
 */
export function FindingFilters({
  findings,
  filter,
  onChange,
}: {
  findings: PlacedFinding[];
  filter: FindingFilter;
  onChange: (filter: FindingFilter) => void;
}) {
  const underOtherFilters = filterFindings(findings, { ...filter, severity: 'all' });
  const severityCount = (severity: FindingFilter['severity']) =>
    underOtherFilters.filter((finding) => severity === 'all' || finding.severity === severity)
      .length;
  // A code found at two severities is listed once, under the more serious one.
  const listed = new Set<string>();
  const codeOptions = groupFindings(findings).map((group) => ({
    group: group.title,
    items: group.codes
      .filter((code) => {
        if (listed.has(code.code)) return false;
        listed.add(code.code);
        return true;
      })
      .map((code) => ({ value: code.code, label: code.title })),
  }));
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="finding-severity-label">
          Severity
        </Text>
        <SegmentedControl
          aria-labelledby="finding-severity-label"
          fullWidth
          size="xs"
          value={filter.severity}
          onChange={(value) =>
            onChange({ ...filter, severity: value as FindingFilter['severity'] })
          }
          data={[{ severity: 'all' as const, title: 'All' }, ...SEVERITIES].map(
            ({ severity, title }) => ({
              value: severity,
              label: (
                <>
                  <span style={{ display: 'block' }}>{title}</span>{' '}
                  <span>{severityCount(severity).toLocaleString('en')}</span>
                </>
              ),
            }),
          )}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Problem"
          placeholder="Every problem"
          data={codeOptions}
          value={filter.code}
          onChange={(code) => onChange({ ...filter, code })}
          clearable
          searchable
          nothingFoundMessage="No such problem"
          comboboxProps={{ withinPortal: true }}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="gray.7" ff="monospace">
                {option.value}
              </Text>
            </Stack>
          )}
        />
        <TextInput
          label="Skill"
          placeholder="Part of a skill's name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter.skill}
          onChange={(event) => onChange({ ...filter, skill: event.currentTarget.value })}
        />
      </SimpleGrid>
    </Stack>
  );
}
