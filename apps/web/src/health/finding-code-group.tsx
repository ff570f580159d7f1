import { Badge, Button, Code, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { plural } from '../app/plural.ts';
import { FindingItem } from './finding-item.tsx';
import type { CodeGroup, Severity } from './group-findings.ts';
import { SEVERITY_COLOR } from './severity-color.ts';

// A group of hundreds of findings opens a screenful at a time.
const SHOWN_AT_ONCE = 25;

/**
 * One code's findings as a disclosure, collapsed at first: its title in plain words, the code,
 * and how many findings in how many skills; opening it lists the findings.
 */
export function FindingCodeGroup({
  group,
  severity,
  severityTitle,
}: {
  group: CodeGroup;
  severity: Severity;
  severityTitle: string;
}) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  const panelId = `findings-${severity}-${group.code}`;
  const left = group.findings.length - shown;
  return (
    <Stack gap="xs">
      <h3 style={{ margin: 0, fontSize: 'inherit' }}>
        <UnstyledButton
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          w="100%"
          py={4}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconChevronRight
              size={18}
              aria-hidden
              style={{
                flexShrink: 0,
                marginTop: 2,
                transform: open ? 'rotate(90deg)' : undefined,
                transition: 'transform 150ms',
              }}
            />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {group.title}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Code fz="xs" c="gray.8">
                  {group.code}
                </Code>
                <Badge variant="light" color={SEVERITY_COLOR[severity]} size="sm">
                  {plural(group.findings.length, 'finding', 'findings')}
                </Badge>
                <Text span size="xs" c="gray.7">
                  {group.skills === 0
                    ? 'on the whole catalog'
                    : `in ${plural(group.skills, 'skill', 'skills')}`}
                </Text>
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
      </h3>
      {open ? (
        <Stack gap="sm" pl={26} id={panelId}>
          <Stack
            component="ul"
            gap="sm"
            aria-label={`${severityTitle}: ${group.title}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {group.findings.slice(0, shown).map((finding, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a skill may repeat a finding on other lines
                key={index}
                style={{
                  borderLeft: `3px solid var(--mantine-color-${SEVERITY_COLOR[severity]}-filled)`,
                  paddingLeft: 'var(--mantine-spacing-sm)',
                }}
              >
                <FindingItem finding={finding} />
              </li>
            ))}
          </Stack>
          {left > 0 ? (
            <Button
              variant="subtle"
              size="xs"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => setShown(shown + SHOWN_AT_ONCE)}
            >
              Show {Math.min(left, SHOWN_AT_ONCE)} more ({left.toLocaleString('en')} left)
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
