import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createPolicyContext } from '@skillset/core';
import { createNodePolicyEnvironment } from '@skillset/core/node';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { runSkillset } from '../support/run-skillset.ts';
import type { EligibilityFixture } from './eligibility-fixture.ts';
import {
  type PolicyScenario,
  REFERENCE_FILE,
  SEARCH_WORD,
  scenarioSkillText,
  scenarioSubject,
} from './policy-scenarios.ts';
import { localPolicyConfig, localSkipReason } from './scenario-policies.ts';
import type { OpenWorld, SurfaceFamily, SurfaceUse } from './surface-family.ts';

/** A project folder with the scenario's skills and `skillset.json`, and how to run `skillset` in it. */
export interface CliWorld extends OpenWorld {
  run(args: string[]): ReturnType<typeof runSkillset>;
}

async function runJson(world: CliWorld, args: string[]): Promise<unknown> {
  const result = await world.run([...args, '--json']);
  if (result.exitCode !== 0) {
    throw new Error(`skillset ${args.join(' ')} exited ${result.exitCode}: ${result.stderr}`);
  }
  return JSON.parse(result.stdout);
}

async function invoke(world: CliWorld, skill: string): Promise<SurfaceUse> {
  const result = await world.run(['invoke', `/${skill} now`, '--json']);
  if (result.exitCode === 1 && result.stderr.includes(`not allowed: /${skill}`)) {
    return { allowed: false };
  }
  if (result.exitCode !== 0) {
    throw new Error(`skillset invoke /${skill} exited ${result.exitCode}: ${result.stderr}`);
  }
  const { activations } = JSON.parse(result.stdout) as {
    activations: { name: string; requiresApproval?: boolean }[];
  };
  const activation = activations.find((each) => each.name === skill);
  return { allowed: activation !== undefined, flagged: activation?.requiresApproval === true };
}

/** The `skillset` command in a temporary project: `catalog`, `search` and `invoke` under its local policy. */
export function cliSurfaces(fixture: () => EligibilityFixture): SurfaceFamily<CliWorld> {
  let home = '';
  return {
    name: 'CLI',
    skipReason: localSkipReason,
    async setUp() {
      const dir = await createTempDir('skillset-surfaces-cli-');
      home = dir.path;
      return async () => {
        await dir[Symbol.asyncDispose]();
      };
    },
    async open(scenario: PolicyScenario) {
      const project = path.join(home, 'projects', scenario.name.replace(/[^a-z0-9]+/gi, '-'));
      await mkdir(project, { recursive: true });
      await writeSkillTree(
        path.join(project, '.agents', 'skills'),
        scenario.skills.map((skill) => ({
          name: skill.name,
          text: scenarioSkillText(skill),
          files: { [REFERENCE_FILE]: `# ${skill.name}\n` },
        })),
      );
      const config = localPolicyConfig(scenario);
      await writeFile(path.join(project, 'skillset.json'), JSON.stringify(config, null, 2));
      const { binDir, env: present } = fixture();
      const env = {
        ...present,
        HOME: home,
        XDG_CACHE_HOME: path.join(home, 'cache'),
        PATH: binDir,
      };
      return {
        context: createPolicyContext({
          config,
          environment: createNodePolicyEnvironment({ env: { NO_COLOR: '1', ...env } }),
        }),
        subject: (skill) => scenarioSubject(skill, 'project'),
        run: (args) => runSkillset(args, { cwd: project, env }),
        close: async () => {},
      };
    },
    adapters: [
      {
        name: 'skillset catalog',
        entryPoint: 'catalog',
        async list(world) {
          const { entries } = (await runJson(world, ['catalog'])) as {
            entries: { name: string }[];
          };
          return entries.map((entry) => entry.name);
        },
      },
      {
        name: 'skillset search',
        entryPoint: 'search_skills',
        async list(world) {
          const { results } = (await runJson(world, ['search', SEARCH_WORD, '--limit', '100'])) as {
            results: { name: string }[];
          };
          return results.map((result) => result.name);
        },
      },
      { name: 'skillset invoke', entryPoint: 'slash_command', use: invoke, flags: true },
    ],
  };
}
