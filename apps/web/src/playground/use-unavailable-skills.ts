import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap } from '../api/client.ts';
import { listUnavailableSkills, type UnavailableSkill } from './unavailable-skills.ts';

const NONE: readonly UnavailableSkill[] = [];

/**
 * The skills of the workspace the agent (or I, without one) may not invoke, with the policy's
 * reason, read from the policy trace of `GET /api/chat/prompt`; empty until the commands are known.
 */
export function useUnavailableSkills(
  agent: string | undefined,
  commands: readonly { name: string }[] | undefined,
): readonly UnavailableSkill[] {
  const trace = useQuery({
    queryKey: ['skill-availability', agent ?? ''],
    queryFn: async ({ signal }) => {
      const prompt = await unwrap(
        api.GET('/api/chat/prompt', {
          params: { query: agent === undefined ? {} : { agent } },
          signal,
        }),
      );
      return prompt.trace;
    },
    enabled: commands !== undefined,
  });
  return useMemo(
    () =>
      commands === undefined || trace.data === undefined
        ? NONE
        : listUnavailableSkills(trace.data, commands),
    [commands, trace.data],
  );
}
