import { describe, expect, it } from 'vitest';
import { AGENT_NAMES } from '../agents/agent-table.ts';
import { SYNC_AGENT_CHOICES } from '../program/cli-options.ts';
import { syncTargets } from './sync-targets.ts';

describe('syncTargets', () => {
  it('offers --agent exactly the agents of the agent table', () => {
    expect(SYNC_AGENT_CHOICES).toEqual([...AGENT_NAMES]);
  });

  it("puts the project's folders and lock in the current folder, the user's in HOME and XDG", () => {
    const terminal = {
      cwd: '/work/p',
      env: { HOME: '/home/u', XDG_CONFIG_HOME: '/home/u/.cfg', CODEX_HOME: '/home/u/.cx' },
    } as never;
    const project = syncTargets(terminal, ['claude', 'codex', 'opencode', 'gemini'], false);
    expect(project.lockFile).toBe('/work/p/skillset-lock.json');
    expect([...project.folders.values()]).toEqual([
      '/work/p/.claude/skills',
      '/work/p/.agents/skills',
      '/work/p/.opencode/skills',
      '/work/p/.gemini/skills',
    ]);
    expect(project.display('/work/p/.claude/skills/x')).toBe('.claude/skills/x');
    const user = syncTargets(terminal, ['claude', 'codex', 'opencode', 'gemini'], true);
    expect(user.lockFile).toBe('/home/u/.cfg/skillset/skillset-lock.json');
    expect([...user.folders.values()]).toEqual([
      '/home/u/.claude/skills',
      '/home/u/.agents/skills',
      '/home/u/.cfg/opencode/skills',
      '/home/u/.gemini/skills',
    ]);
    expect(user.roots).toContain('/home/u/.cx/skills');
    expect(user.display('/home/u/.claude/skills/x')).toBe('~/.claude/skills/x');
  });
});
