import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from './states.tsx';

/** The page for a client route that does not exist. */
export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      headingOrder={1}
      action={
        <Button component={Link} to="/skills" variant="light">
          Go to the skills library
        </Button>
      }
    >
      There is nothing at this address.
    </EmptyState>
  );
}
