import { Anchor, Button, Code, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { skillLinkPath } from '../health/skill-link-path.ts';
import { formatTimeAgo } from '../skills/format-time-ago.ts';
import { describeFailure } from './describe-failure.ts';
import { PrincipalName, type UsagePrincipal } from './principal-name.tsx';
import { useShowAll } from './use-show-all.ts';
import type { UsageSummary } from './use-usage-summary.ts';

const times = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const KIND_WORD = { user: 'person', agent: 'agent' } as const;

/** Who failed, with their kind when their name is known: "support-bot (agent)". */
function FailedBy({ principal }: { principal: UsagePrincipal }) {
  return (
    <>
      <PrincipalName principal={principal} />
      {principal.name === null || principal.kind === null ? null : (
        <Text span inherit c="gray.7">
          {' '}
          ({KIND_WORD[principal.kind]})
        </Text>
      )}
    </>
  );
}

function WhatWentWrong({ outcome }: { outcome: string }) {
  return (
    <>
      {describeFailure(outcome)} <Code>{outcome}</Code>
    </>
  );
}

function LastAt({ at }: { at: string }) {
  return (
    <time dateTime={at} title={times.format(new Date(at))}>
      {formatTimeAgo(new Date(at))}
    </time>
  );
}

/** The failed attempts of the period per skill, error and principal, the most recent first. */
export function FailuresTable({ failed }: { failed: UsageSummary['failed'] }) {
  const { shown, hidden, showAll } = useShowAll(failed, 10);
  if (failed.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attempt failed in this period.
      </Text>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Table.ScrollContainer minWidth={0} w="100%">
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label="Failures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Skill</Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                What went wrong
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Who
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Times
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                Last
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr
                key={`${row.skill}|${row.outcome}|${row.principal.kind}:${row.principal.id}`}
              >
                <Table.Td style={{ overflowWrap: 'anywhere', minWidth: '7ch' }}>
                  {row.outcome === 'unknown_skill' ? (
                    row.skill
                  ) : (
                    <Anchor component={Link} to={skillLinkPath(row.skill)} inherit>
                      {row.skill}
                    </Anchor>
                  )}
                  {/* Phones have no room for the other columns: their cells read here. */}
                  <Stack gap={2} mt={4} hiddenFrom="sm">
                    <div>
                      <WhatWentWrong outcome={row.outcome} />
                    </div>
                    <div>
                      <FailedBy principal={row.principal} />
                    </div>
                    <Text size="xs" c="gray.7">
                      Last <LastAt at={row.lastAt} />
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <WhatWentWrong outcome={row.outcome} />
                </Table.Td>
                <Table.Td visibleFrom="sm" style={{ overflowWrap: 'anywhere', minWidth: '7ch' }}>
                  <FailedBy principal={row.principal} />
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.count}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <LastAt at={row.lastAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hidden === 0 ? null : (
        <Button variant="subtle" size="compact-sm" onClick={showAll}>
          Show all {failed.length} failures
        </Button>
      )}
    </Stack>
  );
}
