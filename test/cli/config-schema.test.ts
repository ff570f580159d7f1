import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';
import { createCliProject } from './create-cli-project.ts';

describe('skillset.json $schema', () => {
  it('is accepted without a warning, unlike an unknown key', async () => {
    await using cache = await createTempDir();
    const cacheDir = cache.path;
    await using project = await createCliProject({
      skills: [{ name: 'deploy' }],
      policy: { $schema: './node_modules/skillset/skillset.schema.json', allowlist: ['*'] },
      cacheDir,
    });
    const run = await runSkillset(['catalog'], { cwd: project.project, env: project.env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('deploy');

    await using typo = await createCliProject({
      skills: [{ name: 'deploy' }],
      policy: { $schemas: './node_modules/skillset/skillset.schema.json' },
      cacheDir,
    });
    const bad = await runSkillset(['catalog'], { cwd: typo.project, env: typo.env });
    expect(bad.stderr).toContain('$schemas');
  });
});
