import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, unwrap } from '../api/client.ts';

const numbers = new Intl.NumberFormat('en');

/** The catalog a model is shown: the workspace's for a person, or one agent's. */
function useCatalog(agentId: string | undefined) {
  return useQuery({
    queryKey: ['skills', 'catalog-budget', agentId ?? ''],
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/skills/prompt', {
          params: { query: agentId === undefined ? {} : { agent: agentId } },
          signal,
        }),
      ),
  });
}

/**
 * Says, where people look, when the catalog budget leaves skills out of what a model sees (or
 * shortens them to a name), and how to fix it; shows nothing while everything fits.
 */
export function CatalogBudgetBanner({ agent }: { agent?: { id: string; name: string } }) {
  const catalog = useCatalog(agent?.id);
  // The route answers plain text only to a client that asks for it.
  if (catalog.data === undefined || typeof catalog.data === 'string') return null;
  const { omitted, entries, budget } = catalog.data;
  const nameOnly = entries.filter((entry) => entry.description === undefined).length;
  if (omitted === 0 && nameOnly === 0) return null;
  const total = entries.length + omitted;
  const counted = `${numbers.format(omitted > 0 ? omitted : nameOnly)} of ${numbers.format(total)} skills`;
  const lost =
    omitted > 0
      ? `${counted} are left out of what ${agent === undefined ? 'agents see' : `${agent.name} sees`}`
      : `${counted} are shown to ${agent === undefined ? 'agents' : agent.name} by name only`;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`${lost}: the catalog budget of ${numbers.format(budget)} tokens is full`}
    >
      <Text size="sm">
        {omitted > 0 && nameOnly > 0
          ? `${numbers.format(nameOnly)} more show only their name. `
          : ''}
        A model cannot use a skill it is not shown. To fix it:
      </Text>
      <List size="sm" mt={4}>
        <List.Item>
          raise the budget:{' '}
          {agent === undefined ? (
            <Anchor component={Link} to="/settings" inherit>
              the workspace’s default catalog budget in Settings
            </Anchor>
          ) : (
            'this agent’s catalog budget, below'
          )}
          ;
        </List.Item>
        <List.Item>pin the skills that must always be shown;</List.Item>
        <List.Item>
          or disable the skills nobody needs.{' '}
          <Anchor component={Link} to="/health" inherit>
            Health lists which skills are left out
          </Anchor>
          .
        </List.Item>
      </List>
    </Alert>
  );
}
