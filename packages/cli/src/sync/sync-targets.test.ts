import { describe, expect, it } from 'vitest';
import { SYNC_AGENT_CHOICES } from '../create-program.ts';
import { SYNC_AGENTS, syncTargets } from './sync-targets.ts';

describe('syncTargets', () => {
  it('offers --agent exactly the agents it has folders for', () => {
    expect(SYNC_AGENT_CHOICES).toEqual([...SYNC_AGENTS]);
  });

  it("puts the project's folders and lock in the current folder, the user's in HOME and XDG", () => {
    const terminal = {
      cwd: '/work/p',
      env: { HOME: '/home/u', XDG_CONFIG_HOME: '/home/u/.cfg', CODEX_HOME: '/home/u/.cx' },
    } as never;
    const project = syncTargets(terminal, ['claude', 'codex', 'opencode'], false);
    expect(project.lockFile).toBe('/work/p/skillset-lock.json');
    expect([...project.folders.values()]).toEqual([
      '/work/p/.claude/skills',
      '/work/p/.agents/skills',
      '/work/p/.opencode/skills',
    ]);
    const user = syncTargets(terminal, ['claude', 'codex', 'opencode'], true);
    expect(user.lockFile).toBe('/home/u/.cfg/skillset/skillset-lock.json');
    expect([...user.folders.values()]).toEqual([
      '/home/u/.claude/skills',
      '/home/u/.cx/skills',
      '/home/u/.cfg/opencode/skills',
    ]);
  });
});
