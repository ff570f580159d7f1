import { describe, expect, it } from 'vitest';
import type { AgentName } from '../agents/agent-table.ts';
import { chooseCopyFolders } from './choose-copy-folders.ts';

const context = { cwd: '/p', env: { HOME: '/h' } };

const write = (agents: AgentName[], global = false, present: string[] = []) =>
  chooseCopyFolders({ agents, context, global, present }).write;

describe('chooseCopyFolders', () => {
  it('gives each agent its own folder when it is alone, and never a second copy where it reads one', () => {
    expect(write(['claude'])).toEqual(['/p/.claude/skills']);
    expect(write(['codex'])).toEqual(['/p/.agents/skills']);
    expect(write(['opencode'])).toEqual(['/p/.opencode/skills']);
    expect(write(['gemini'])).toEqual(['/p/.gemini/skills']);
    expect(write(['claude', 'opencode'])).toEqual(['/p/.claude/skills']);
    expect(write(['codex', 'gemini'])).toEqual(['/p/.agents/skills']);
    expect(write(['opencode', 'gemini'])).toEqual(['/p/.agents/skills']);
    expect(write(['claude', 'codex'])).toEqual(['/p/.claude/skills', '/p/.agents/skills']);
  });

  it('moves Codex to .codex/skills when OpenCode would read its .agents/skills copy twice', () => {
    const all = chooseCopyFolders({
      agents: ['claude', 'codex', 'opencode', 'gemini'],
      context,
      global: false,
    });
    expect(all.write).toEqual(['/p/.claude/skills', '/p/.codex/skills', '/p/.gemini/skills']);
    expect(Object.fromEntries(all.readFrom)).toEqual({
      claude: '/p/.claude/skills',
      codex: '/p/.codex/skills',
      opencode: '/p/.claude/skills',
      gemini: '/p/.gemini/skills',
    });
    expect(all.duplicates).toEqual([]);
    expect(write(['claude', 'codex', 'opencode'], true)).toEqual([
      '/h/.claude/skills',
      '/h/.codex/skills',
    ]);
  });

  it('writes nothing for an agent that already reads a folder holding the skill', () => {
    expect(write(['claude', 'opencode'], false, ['/p/.claude/skills'])).toEqual([]);
    expect(write(['codex'], false, ['/p/.claude/skills'])).toEqual(['/p/.agents/skills']);
    const stuck = chooseCopyFolders({
      agents: ['opencode'],
      context,
      global: false,
      present: ['/p/.claude/skills', '/p/.agents/skills'],
    });
    expect(stuck).toMatchObject({ write: [], duplicates: ['opencode'] });
  });
});
