import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { ErrorState, LoadingState } from '../app/states.tsx';
import { describeAuditEntry } from './audit-entry-text.ts';
import classes from './team.module.css';
import { type AuditEntry, type Member, useAuditLog, useMembers } from './team-queries.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Names for the user ids of the log: members by name, former members by invited address. */
function knownNames(entries: AuditEntry[], members: Member[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const entry of entries) {
    const { userId, email } = entry.details;
    if (entry.action === 'invitation.accept' && typeof userId === 'string') {
      if (typeof email === 'string') names.set(userId, email);
    }
  }
  for (const member of members) names.set(member.userId, member.name);
  return names;
}

/** The workspace's audit log, newest first, in words, with older entries on demand. */
export function AuditLogCard({ workspaceId }: { workspaceId: string }) {
  const audit = useAuditLog(workspaceId, true);
  const members = useMembers(workspaceId);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const names = knownNames(entries, members.data ?? []);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="activity">
      <Stack gap="sm">
        <Title order={2} size="h4" id="activity">
          Activity
        </Title>
        {audit.isPending ? <LoadingState label="Loading the audit log…" /> : null}
        {audit.isError ? <ErrorState error={audit.error} onRetry={() => audit.refetch()} /> : null}
        {audit.isSuccess && entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened in this workspace yet.
          </Text>
        ) : null}
        {entries.length === 0 ? null : (
          <Stack gap={0} component="ol" aria-label="Audit log" className={classes.list}>
            {entries.map((entry) => {
              const { actor, text } = describeAuditEntry(entry, names);
              return (
                <Stack key={entry.id} component="li" gap={0} py={6} className={classes.row}>
                  <Text size="sm">
                    <Text span fw={600} inherit>
                      {actor}
                    </Text>{' '}
                    {text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                  </Text>
                </Stack>
              );
            })}
          </Stack>
        )}
        {audit.hasNextPage ? (
          <Button
            variant="default"
            size="xs"
            loading={audit.isFetchingNextPage}
            onClick={() => audit.fetchNextPage()}
            style={{ alignSelf: 'flex-start' }}
          >
            Show older entries
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
