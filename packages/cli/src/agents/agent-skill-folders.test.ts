import { describe, expect, it } from 'vitest';
import { agentSkillFolders } from './agent-skill-folders.ts';
import { AGENT_NAMES, AGENT_TABLE, isAgentName } from './agent-table.ts';

const context = { cwd: '/work/p', env: { HOME: '/home/u' } };

describe('the agent table', () => {
  it('names the four agents, each reading the folder Skillset installs into', () => {
    expect(AGENT_NAMES).toEqual(['claude', 'codex', 'opencode', 'gemini']);
    for (const agent of AGENT_NAMES) {
      for (const global of [false, true]) {
        const folders = agentSkillFolders(agent, context, global);
        expect(folders.reads[0]).toBe(folders.install);
      }
    }
    expect(new Set(AGENT_TABLE.map((agent) => agent.label)).size).toBe(4);
    expect(isAgentName('gemini')).toBe(true);
    expect(isAgentName('cursor')).toBe(false);
  });

  it("resolves the project's folders in the project and the user's in HOME", () => {
    expect(agentSkillFolders('opencode', context, false)).toEqual({
      install: '/work/p/.opencode/skills',
      reads: ['/work/p/.opencode/skills', '/work/p/.claude/skills', '/work/p/.agents/skills'],
    });
    expect(agentSkillFolders('codex', context, true)).toEqual({
      install: '/home/u/.agents/skills',
      reads: ['/home/u/.agents/skills', '/home/u/.codex/skills'],
    });
    expect(agentSkillFolders('gemini', context, true)).toEqual({
      install: '/home/u/.gemini/skills',
      reads: ['/home/u/.gemini/skills', '/home/u/.agents/skills'],
    });
  });

  it('follows XDG_CONFIG_HOME and CODEX_HOME as OpenCode and Codex do', () => {
    const moved = {
      cwd: '/work/p',
      env: { HOME: '/home/u', XDG_CONFIG_HOME: '/cfg', CODEX_HOME: 'cx' },
    };
    expect(agentSkillFolders('opencode', moved, true).install).toBe('/cfg/opencode/skills');
    expect(agentSkillFolders('codex', moved, true).reads).toEqual([
      '/home/u/.agents/skills',
      '/work/p/cx/skills',
    ]);
  });
});
