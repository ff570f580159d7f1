import { useQuery } from '@tanstack/react-query';
import { api, type SkillScope, unwrap } from '../api/client.ts';

/** Which skill a page shows: its name and, when known, its scope. */
export interface SkillKey {
  name: string;
  scope?: SkillScope;
}

const params = ({ name, scope }: SkillKey) => ({
  path: { name },
  query: scope === undefined ? {} : { scope },
});

/** The skill's detail: content, files, eligibility, shadowing, referencing agents. */
export function useSkillDetail(key: SkillKey) {
  return useQuery({
    queryKey: ['skill', key.name, key.scope, 'detail'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/skills/{name}', { params: params(key), signal })),
  });
}

/** The skill's versions, newest first (with proposals, for people); `enabled` false waits. */
export function useSkillVersions(key: SkillKey, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['skill', key.name, key.scope, 'versions'],
    enabled: options.enabled ?? true,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/skills/{name}/versions', { params: params(key), signal })),
  });
}

/** One version's SKILL.md and files. */
export function useSkillVersion(key: SkillKey, version: number | undefined) {
  return useQuery({
    queryKey: ['skill', key.name, key.scope, 'version', version],
    enabled: version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/skills/{name}/versions/{version}', {
          params: { ...params(key), path: { name: key.name, version: version as number } },
          signal,
        }),
      ),
  });
}

/** The changes between two versions, per file. */
export function useSkillDiff(key: SkillKey, from: number | undefined, to: number | undefined) {
  return useQuery({
    queryKey: ['skill', key.name, key.scope, 'diff', from, to],
    enabled: from !== undefined && to !== undefined && from !== to,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/skills/{name}/diff', {
          params: { path: { name: key.name }, query: { ...params(key).query, from, to } },
          signal,
        }),
      ),
  });
}

/** The text of one file of the skill's current version. */
export function useSkillFileText(key: SkillKey, path: string | undefined) {
  return useQuery({
    queryKey: ['skill', key.name, key.scope, 'file', path],
    enabled: path !== undefined,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/api/skills/{name}/files/{path}', {
          params: { ...params(key), path: { name: key.name, path: path as string } },
          parseAs: 'text',
          signal,
        }),
      ),
  });
}

/** The skill's last trigger eval in the workspace (`lastEval` is null when none ran). */
export function useSkillEval(key: SkillKey) {
  return useQuery({
    queryKey: ['skill', key.name, key.scope, 'eval'],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/skills/{name}/eval', { params: params(key), signal })),
  });
}
