import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconKey, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Me } from '../api/client.ts';
import classes from './app-layout.module.css';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Who is signed in, in which workspace and with which role; links to the team and settings. */
export function UserMenu({ me }: { me: Me }) {
  const workspace = me.workspaces.find((each) => each.id === me.principal.workspaceId);
  const name = me.user?.name ?? me.agent?.name ?? me.principal.id;
  const role = me.principal.role;
  // With several workspaces the switcher beside it names the current one.
  const shownWorkspace = me.user !== undefined && me.workspaces.length > 1 ? undefined : workspace;
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        {/* Named by its text, so the name holds what is shown; phones show the initials only. */}
        <UnstyledButton className={classes.user}>
          <Avatar size={28} radius="xl" color="indigo" aria-hidden>
            {initials(name)}
          </Avatar>
          <Text size="sm" c="dimmed" className={classes.wideOnly} truncate maw={220}>
            <VisuallyHidden component="span">Account: </VisuallyHidden>
            {[name, shownWorkspace?.name].filter(Boolean).join(' · ')}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <div className={classes.userDetails}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          {me.user?.email ? (
            <Text size="xs" c="dimmed" truncate>
              {me.user.email}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" truncate>
            {workspace?.name ?? 'No workspace'}
            {role === undefined ? '' : ` · ${role}`}
          </Text>
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/team" leftSection={<IconUsers size={16} aria-hidden />}>
          Team
        </Menu.Item>
        <Menu.Item component={Link} to="/settings" leftSection={<IconKey size={16} aria-hidden />}>
          Tokens and settings
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
