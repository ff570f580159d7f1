import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconStack2 } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api, type Me, type Schemas, unwrap } from '../api/client.ts';
import { roleLabel } from '../team/roles.ts';
import classes from './app-layout.module.css';

type Workspace = Schemas['Workspace'];

/** The top-level section of a path (`/skills/pdf` → `/skills`): item pages belong to one workspace. */
function sectionOf(pathname: string): string {
  const section = pathname.split('/')[1] ?? '';
  return section === '' ? '/skills' : `/${section}`;
}

/**
 * The current workspace in the header; a member of several chooses another here. The choice is
 * their default workspace (`PATCH /api/me`), so every page reloads in it. Hidden with one.
 */
export function WorkspaceSwitcher({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const current = me.workspaces.find((each) => each.id === me.principal.workspaceId);
  const choose = useMutation({
    mutationFn: (workspace: Workspace) =>
      unwrap(api.PATCH('/api/me', { body: { defaultWorkspaceId: workspace.id } })),
    onSuccess: async (_me, workspace) => {
      navigate(sectionOf(location.pathname));
      // `me` keeps showing until its new answer arrives; every other answer is of the old workspace.
      await Promise.all([
        queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'me' }),
        queryClient.refetchQueries({ queryKey: ['me'] }),
      ]);
      notifications.show({ message: `You are now working in ${workspace.name}.` });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message }),
  });
  if (me.user === undefined || me.workspaces.length < 2) return null;
  const name = current?.name ?? 'Workspace';
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="compact-sm"
          aria-label={`Workspace: ${name}`}
          leftSection={<IconStack2 size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={choose.isPending}
          className={classes.switcher}
          styles={{ label: { minWidth: 0 } }}
          maw={{ base: 150, sm: 220 }}
        >
          <Text span size="sm" truncate>
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Switch workspace</Menu.Label>
        {me.workspaces.map((workspace) => {
          const isCurrent = workspace.id === current?.id;
          return (
            <Menu.Item
              key={workspace.id}
              aria-current={isCurrent ? 'true' : undefined}
              leftSection={
                isCurrent ? (
                  <IconCheck size={16} aria-hidden />
                ) : (
                  <span style={{ width: 16 }} aria-hidden />
                )
              }
              rightSection={
                workspace.role === undefined ? null : (
                  <Text size="xs" c="dimmed">
                    {roleLabel(workspace.role)}
                  </Text>
                )
              }
              onClick={() => (isCurrent ? undefined : choose.mutate(workspace))}
            >
              <Text size="sm" truncate>
                {workspace.name}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
