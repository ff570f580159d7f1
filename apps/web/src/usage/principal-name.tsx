import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { agentPath } from '../agents/agent-path.ts';
import type { UsageSummary } from './use-usage-summary.ts';

/** Who used or tried a skill, as the usage summary names them. */
export type UsagePrincipal = UsageSummary['failed'][number]['principal'];

/** A principal's name, an agent's linked to its page; says so when the principal is gone. */
export function PrincipalName({ principal }: { principal: UsagePrincipal }) {
  if (principal.name === null) {
    return (
      <Text span inherit c="gray.7">
        {principal.kind === 'agent'
          ? 'A deleted agent'
          : principal.kind === 'user'
            ? 'A removed person'
            : 'Not recorded'}
      </Text>
    );
  }
  if (principal.kind === 'agent') {
    return (
      <Anchor component={Link} to={agentPath(principal.name)} inherit>
        {principal.name}
      </Anchor>
    );
  }
  return principal.name;
}
