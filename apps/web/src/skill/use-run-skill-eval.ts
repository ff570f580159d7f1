import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import type { SkillKey } from './skill-queries.ts';

/** Runs the skill's trigger eval (offline, or with the server's chat model), then shows it as the last result. */
export function useRunSkillEval(key: SkillKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ withModel }: { withModel: boolean }) =>
      unwrap(
        api.POST('/api/skills/{name}/eval', {
          params: {
            path: { name: key.name },
            query: key.scope === undefined ? {} : { scope: key.scope },
          },
          body: withModel ? { withModel: true } : {},
        }),
      ),
    onSuccess: async (lastEval) => {
      const queryKey = ['skill', key.name, key.scope, 'eval'];
      queryClient.setQueryData(queryKey, { lastEval });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
