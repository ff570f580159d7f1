import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkillsetLogo } from './skillset-logo.tsx';

/** A page outside the app shell (signing in, joining): the product name and one card with a title. */
export function CenteredCardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={560} py={{ base: 'xl', sm: 64 }} px="sm" component="main">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} shadow="sm">
        <Stack gap="md">
          <Group gap={8}>
            <SkillsetLogo size={28} />
            <Text fw={700} size="lg">
              Skillset
            </Text>
          </Group>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
