import { Alert, Button, Center, Loader, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A centred spinner with a label for screen readers. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** An error the user can act on: the server's message and a retry button. */
export function ErrorState({
  error,
  onRetry,
  title = 'Something went wrong',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={18} />}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry === undefined ? null : (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * A friendly empty state: a title, an explanation and an optional action; `headingOrder` makes
 * the title a heading, for a page that is nothing but this state.
 */
export function EmptyState({
  title,
  children,
  action,
  headingOrder,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingOrder?: TitleOrder;
}) {
  return (
    <Center py={48}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        {headingOrder === undefined ? (
          <Text fw={600} size="lg">
            {title}
          </Text>
        ) : (
          <Title order={headingOrder} size="h3">
            {title}
          </Title>
        )}
        {children === undefined ? null : (
          <Text size="sm" c="gray.7">
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}
