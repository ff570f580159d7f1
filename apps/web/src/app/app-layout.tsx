import { AppShell, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBooks, IconLogout, IconSettings, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet } from 'react-router';
import { api, type Me } from '../api/client.ts';
import classes from './app-layout.module.css';
import { UserMenu } from './user-menu.tsx';

const NAVIGATION = [
  { to: '/skills', label: 'Skills', icon: IconBooks },
  { to: '/team', label: 'Team', icon: IconUsers },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;

/** The app shell: the header with the product name, navigation and the signed-in user. */
export function AppLayout({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const signOut = async () => {
    await api.DELETE('/api/session');
    queryClient.clear();
    window.location.assign('/');
  };
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="lg" wrap="nowrap">
              <UnstyledButton component={Link} to="/skills" className={classes.brand}>
                <img src="/favicon.svg" alt="" width={24} height={24} />
                <Text fw={700} size="lg" className={classes.wideOnly}>
                  Skillset
                </Text>
              </UnstyledButton>
              <nav aria-label="Main">
                <Group gap={4} wrap="nowrap">
                  {NAVIGATION.map(({ to, label, icon: Icon }) => (
                    <NavLink key={to} to={to} className={classes.link}>
                      <Icon size={18} aria-hidden />
                      <span className={classes.wideOnly}>{label}</span>
                    </NavLink>
                  ))}
                </Group>
              </nav>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <UserMenu me={me} />
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                leftSection={<IconLogout size={16} aria-hidden />}
                onClick={signOut}
              >
                <span className={classes.wideOnly}>Sign out</span>
              </Button>
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
