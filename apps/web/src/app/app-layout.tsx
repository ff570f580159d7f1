import {
  AppShell,
  Badge,
  Box,
  Burger,
  Container,
  Group,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import {
  IconBooks,
  IconChartBar,
  IconGitPullRequest,
  IconHeartbeat,
  IconLock,
  IconMessageChatbot,
  IconRobot,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import type { Me } from '../api/client.ts';
import { useProposals } from '../review/proposal-queries.ts';
import classes from './app-layout.module.css';
import { SignOutButton } from './sign-out-button.tsx';
import { SkillsetLogo } from './skillset-logo.tsx';
import { UserMenu } from './user-menu.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

const NAVIGATION = [
  { to: '/skills', label: 'Skills', icon: IconBooks },
  { to: '/agents', label: 'Agents', icon: IconRobot },
  { to: '/playground', label: 'Playground', icon: IconMessageChatbot },
  { to: '/health', label: 'Health', icon: IconHeartbeat },
  { to: '/usage', label: 'Usage', icon: IconChartBar },
  { to: '/proposals', label: 'Proposals', icon: IconGitPullRequest, needs: 'seeProposals' },
  { to: '/team', label: 'Team', icon: IconUsers },
  { to: '/secrets', label: 'Secrets', icon: IconLock, needs: 'manageSecrets' },
  { to: '/settings', label: 'Settings', icon: IconSettings },
] as const;

/**
 * The main navigation's links, each shown when the server says I may use it (Proposals with how
 * many wait for review); `onNavigate` closes the phone menu.
 */
function NavigationLinks({ me, onNavigate }: { me: Me; onNavigate?: () => void }) {
  const { can } = me;
  const waiting = useProposals('proposed', { enabled: can.seeProposals }).data?.items.length ?? 0;
  const links = NAVIGATION.filter((link) => !('needs' in link) || can[link.needs]);
  return links.map(({ to, label, icon: Icon }) => (
    <NavLink key={to} to={to} className={classes.link} onClick={onNavigate}>
      <Icon size={18} aria-hidden />
      {label}
      {to === '/proposals' && waiting > 0 ? (
        <Badge size="sm" circle color="orange">
          {waiting}
          <VisuallyHidden> waiting</VisuallyHidden>
        </Badge>
      ) : null}
    </NavLink>
  ));
}

/**
 * The app shell: the header with the product name, navigation, the workspace and the signed-in
 * user; below the `md` breakpoint the navigation folds into a menu behind a burger button.
 */
export function AppLayout({ me }: { me: Me }) {
  const [menuOpened, menu] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu and gives the focus back to the button that opened it.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !menuOpened) return;
    menu.close();
    burger.current?.focus();
  });
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding={0}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger
                ref={burger}
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
                aria-expanded={menuOpened}
                aria-controls="main-navigation-menu"
              />
              <UnstyledButton component={Link} to="/skills" className={classes.brand}>
                <SkillsetLogo size={24} />
                <Text fw={700} size="lg">
                  Skillset
                </Text>
              </UnstyledButton>
              <Box
                component="nav"
                aria-label="Main"
                visibleFrom="md"
                ml="md"
                className={classes.headerNavigation}
              >
                <Group gap={4} wrap="nowrap">
                  <NavigationLinks me={me} />
                </Group>
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <WorkspaceSwitcher me={me} />
              <UserMenu me={me} />
              <SignOutButton me={me} />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="main-navigation-menu" hiddenFrom="md">
        <nav aria-label="Main">
          <Stack gap={4}>
            <NavigationLinks me={me} onNavigate={menu.close} />
          </Stack>
        </nav>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
